package rules

import "github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

func init() {
	register(rule{ID: "ddl-stats-persistent", Severity: Info, Side: SideNone, Check: checkStatsPersistent,
		Description: "weighs the measured CREATE/DROP TABLE cost of innodb_stats_persistent against the workload",
		Varies:      ddlRecommendIsWarning})
}

var statsPersistentChange = ddlChange{
	idPrefix:  "ddl-stats-persistent",
	variable:  "innodb_stats_persistent",
	mycnfLine: "innodb_stats_persistent = 0",
	sqlLine:   "SET GLOBAL innodb_stats_persistent = 0;",
	tradeoffs: []string{
		"transient statistics are recomputed when tables are opened and are lost at restart, so query plans are less stable",
		"ANALYZE TABLE results are no longer kept in mysql.innodb_table_stats / innodb_index_stats",
	},
	perTable: func(fl flavor.Flavor) string {
		return "CREATE TABLE ... STATS_PERSISTENT=0 for the tables the application creates and drops"
	},
}

// checkStatsPersistent weighs the measured cost of persistent statistics for
// CREATE/DROP TABLE against the workload.
func checkStatsPersistent(s Snapshot) []Finding { return evaluateDDLChange(s, statsPersistentChange) }
