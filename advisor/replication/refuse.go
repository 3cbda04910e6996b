package replication

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Refusal returns a usage error for a pair no vendor supports replicating
// between (MariaDB and MySQL, either way), nil otherwise. It is asked
// before any sandbox starts.
func Refusal(today, target flavor.Flavor) error {
	if today.IsMariaDB() != target.IsMariaDB() {
		return fmt.Errorf("%w: "+flagname.Replication+": %s -> %s is refused: MariaDB and MySQL do not support replication between them as an upgrade path "+
			"(their GTIDs differ in form and meaning, and neither vendor supports the other as primary or replica); "+
			"rehearse the move without "+flagname.Replication+" (a dump and reload), or pick a target of the same vendor", exitcode.ErrUsage, today, target)
	}
	return nil
}

// Supported is the vendors' word on a primary of one version replicating
// to a replica of another.
func Supported(primary, replica flavor.Flavor) string {
	cmp := primary.Version.Compare(replica.Version)
	switch {
	case primary.Version.Series() == replica.Version.Series():
		return "same series: supported by both vendors"
	case cmp < 0 && primary.IsMariaDB():
		return "older primary, newer replica: the direction MariaDB supports (Knowledge Base, Replication Overview)"
	case cmp < 0:
		return "older source, newer replica: supported by MySQL for the pairs it supports as upgrades (Reference Manual, Replication Compatibility Between MySQL Versions)"
	case primary.IsMariaDB():
		return "newer primary, older replica: not the direction MariaDB supports; the 11.8 notes describe settings for a primary with older replicas (its new default collations)"
	default:
		return "newer source, older replica: not a setup MySQL supports (Reference Manual, Replication Compatibility Between MySQL Versions)"
	}
}
