package rules

import "github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

func init() {
	register(rule{ID: "ddl-file-per-table", Severity: Info, Side: SideNone, Check: checkFilePerTable,
		Description: "weighs the measured CREATE/DROP TABLE cost of innodb_file_per_table against the workload",
		Varies:      ddlRecommendIsWarning})
}

var filePerTableChange = ddlChange{
	idPrefix:  "ddl-file-per-table",
	variable:  "innodb_file_per_table",
	mycnfLine: "innodb_file_per_table = 0",
	sqlLine:   "SET GLOBAL innodb_file_per_table = 0;",
	tradeoffs: []string{
		"new tables go to the shared system tablespace (ibdata1), which never shrinks: DROP TABLE and TRUNCATE no longer return disk space to the operating system",
		"no per-table .ibd files: no transportable tablespaces and no ROW_FORMAT=COMPRESSED for new tables",
		"applies only to tables created after the change; existing tables keep their files",
	},
	perTable: func(fl flavor.Flavor) string {
		if fl.HasTablespaceClause() {
			return "CREATE TABLE ... TABLESPACE=innodb_system for the tables the application creates and drops (MySQL bugs #87827 and #90209: measure it, it is not always faster)"
		}
		return ""
	},
}

// checkFilePerTable weighs the measured cost of file-per-table tablespaces
// for CREATE/DROP TABLE against the workload.
func checkFilePerTable(s Snapshot) []Finding { return evaluateDDLChange(s, filePerTableChange) }
