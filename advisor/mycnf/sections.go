package mycnf

import (
	"slices"
	"strconv"
	"strings"
)

// Vendor names accepted by ServerSections and ClientSections; they match the
// values of rules.Vendor.
const (
	VendorMySQL   = "mysql"
	VendorMariaDB = "mariadb"
	VendorPercona = "percona"
)

// ServerSections lists the option groups the server daemon of a vendor and
// release series ("8.0", "10.11") reads, as its "--help --verbose" output
// prints them:
//
//   - MySQL and Percona Server: [mysqld], [server], [mysqld-X.Y].
//   - MariaDB: [mysqld], [server], [mysqld-X.Y], [mariadb], [mariadb-X.Y],
//     [mariadbd], [mariadbd-X.Y] (those two from 10.4 on), [client-server],
//     and [galera], which servers built with Galera (wsrep) support read, as
//     the Debian and MariaDB packages are.
//
// With an empty series the versioned groups are left out. An unknown vendor
// (say, "") gets the groups of both MySQL and MariaDB, so that an offline
// check sees every option a server might read. The order is not the reading
// order: programs apply options in file order whatever their group, which is
// what Options.ForSections returns.
func ServerSections(vendor, series string) []string {
	switch strings.ToLower(vendor) {
	case VendorMySQL, VendorPercona:
		return mysqlServerSections(series)
	case VendorMariaDB:
		return mariadbServerSections(series)
	default:
		return union(mysqlServerSections(series), mariadbServerSections(series))
	}
}

func mysqlServerSections(series string) []string {
	return withVersioned([]string{"mysqld", "server"}, series, "mysqld")
}

func mariadbServerSections(series string) []string {
	groups := withVersioned([]string{"mysqld", "server"}, series, "mysqld")
	groups = withVersioned(append(groups, "mariadb"), series, "mariadb")
	if readsMariadbdGroups(series) {
		groups = withVersioned(append(groups, "mariadbd"), series, "mariadbd")
	}
	return append(groups, "client-server", "galera")
}

// readsMariadbdGroups reports whether a MariaDB series reads [mariadbd],
// added in 10.4. An empty or unparsable series is taken as a current one.
func readsMariadbdGroups(series string) bool {
	major, minor, ok := parseSeries(series)
	return !ok || major > 10 || (major == 10 && minor >= 4)
}

// withVersioned appends "prefix-series" to groups when series is known.
func withVersioned(groups []string, series, prefix string) []string {
	if series == "" {
		return groups
	}
	return append(groups, prefix+"-"+series)
}

// parseSeries splits "10.11" into 10 and 11.
func parseSeries(series string) (major, minor int, ok bool) {
	a, b, found := strings.Cut(series, ".")
	if !found {
		return 0, 0, false
	}
	major, errA := strconv.Atoi(a)
	minor, errB := strconv.Atoi(b)
	return major, minor, errA == nil && errB == nil
}

// IsServerSection reports whether some MySQL or MariaDB server reads the
// option group: one of ServerSections for any vendor, with a versioned group
// ([mysqld-5.6], [mariadb-10.11]) checked against the series it names.
func IsServerSection(group string) bool {
	g := strings.ToLower(strings.TrimSpace(group))
	series := ""
	if i := strings.LastIndex(g, "-"); i >= 0 {
		if _, _, ok := parseSeries(g[i+1:]); ok {
			series = g[i+1:]
		}
	}
	return slices.Contains(ServerSections("", series), g)
}

// ClientSections lists the option groups a client program reads: the
// program's own groups (pass them, e.g. "mysql", or "mysqldump" and
// "mariadb-dump"), then [client]; MariaDB clients also read [client-server]
// and [client-mariadb]. An unknown vendor gets the MariaDB list, a superset
// of MySQL's.
func ClientSections(vendor string, programs ...string) []string {
	groups := make([]string, 0, len(programs)+3)
	for _, p := range programs {
		groups = append(groups, strings.ToLower(p))
	}
	groups = append(groups, "client")
	switch strings.ToLower(vendor) {
	case VendorMySQL, VendorPercona:
		return groups
	default:
		return append(groups, "client-server", "client-mariadb")
	}
}

// union returns a followed by the elements of b not in a.
func union(a, b []string) []string {
	seen := make(map[string]bool, len(a))
	out := append([]string{}, a...)
	for _, s := range a {
		seen[s] = true
	}
	for _, s := range b {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
