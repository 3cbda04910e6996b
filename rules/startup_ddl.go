package rules

import "github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

// Some servers run table DDL of their own at every start, before any client
// connects, and count it in the same status counters as the application's
// (MySQL 9.7.4 counts 35 Com_create_table, after --initialize and after
// every restart alike). Left in, a fresh server looks DDL-heavy and an idle
// one "mixed". These counts were read on the real binaries right after a
// start with no client statement run; a version not listed is not known to
// do it (its start-up DDL, if any, is counted as the application's).
var startupDDL = []struct {
	vendor flavor.Vendor
	series string
	counts map[string]int64 // lower-case status counter -> statements per start
}{
	{flavor.VendorMySQL, "9.7", map[string]int64{"com_create_table": 35}}, // 9.7.4-2 (Debian), --no-defaults
	{flavor.VendorMariaDB, "10.5", map[string]int64{}},                    // 10.5.23: none
	{flavor.VendorMariaDB, "10.11", map[string]int64{}},                   // 10.11.19: none
	{flavor.VendorMariaDB, "11.8", map[string]int64{}},                    // 11.8.9: none
}

// StartupDDL returns the table DDL statements fl counts at every start, by
// lower-case status counter, and whether the version's start-up count is
// known at all.
func StartupDDL(fl flavor.Flavor) (map[string]int64, bool) {
	for _, s := range startupDDL {
		if s.vendor == fl.Vendor && s.series == fl.Version.Series() {
			return s.counts, true
		}
	}
	return nil, false
}
