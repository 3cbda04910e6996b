package knowledge

import (
	"math"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// latestPatch stands for "the newest release of a series".
const latestPatch = math.MaxInt32

// EffectiveVersion reads patch 0 as the newest release of the series.
func EffectiveVersion(v flavor.Version) flavor.Version {
	if v.Patch == 0 {
		v.Patch = latestPatch
	}
	return v
}

// The series the knowledge base covers, per vendor line.
var (
	oldestMySQL   = flavor.V(5, 5, 0)
	newestMySQL   = flavor.V(9, 7, latestPatch)
	oldestMariaDB = flavor.V(10, 5, 0)
	newestMariaDB = flavor.V(11, 8, latestPatch)
)

// Coverage names the versions the knowledge base has facts for.
const Coverage = "MySQL and Percona Server 5.5-9.7, MariaDB 10.5-11.8"

// Release series the knowledge base covers, per vendor line: a version of
// another series (MySQL 8.5, MariaDB 10.13) does not exist or is unknown.
var (
	mysqlSeries = []string{"5.5", "5.6", "5.7", "8.0", "8.1", "8.2", "8.3", "8.4",
		"9.0", "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7"}
	mariadbSeries = []string{"10.5", "10.6", "10.7", "10.8", "10.9", "10.10", "10.11",
		"11.0", "11.1", "11.2", "11.3", "11.4", "11.5", "11.6", "11.7", "11.8"}
)

// covered reports whether the knowledge base covers fl's version.
func covered(fl flavor.Flavor, v flavor.Version) bool {
	switch {
	case fl.IsMySQLFamily():
		return v.Compare(oldestMySQL) >= 0 && v.Compare(newestMySQL) <= 0 && knownSeries(mysqlSeries, v)
	case fl.IsMariaDB():
		return v.Compare(oldestMariaDB) >= 0 && v.Compare(newestMariaDB) <= 0 && knownSeries(mariadbSeries, v)
	}
	return false
}

func knownSeries(series []string, v flavor.Version) bool {
	for _, s := range series {
		if s == v.Series() {
			return true
		}
	}
	return false
}

// Covers reports whether the knowledge base has facts for fl's version (a
// bare series such as 8.0 stands for its newest release).
func Covers(fl flavor.Flavor) bool { return covered(fl, EffectiveVersion(fl.Version)) }
