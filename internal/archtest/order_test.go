package archtest

// The order of docs/architecture.md ("Data flows one way ..."), as tables.
// A package changes place here and in the document together; a new
// package gets a place here before its first import is checked.

// tiers lists the project's packages from the top of the data flow down
// (paths relative to the module; "x/..." is x and everything under it). A
// package imports only packages of lower tiers: packages of one tier do
// not build on each other (compare and rehearse, bench and sandbox).
var tiers = [][]string{
	{"cmd/upgrade-advisor", "scripts/..."},
	{"advisor/check"}, // check: the settings rules (advisor), the schema check and the query rehearsal (advisor/rehearse)
	{"advisor", "advisor/rehearse"},
	{"advisor/schemacheck", "advisor/replication"},
	{"advisor/job", "advisor/report"},
	{"advisor/server"},
	{"advisor/footprint", "advisor/carryover", "sandbox/sandboxtest"},
	{"bench", "sandbox", "advisor/queries", "serverfetch"},
	// querylog reads files of statements with sqlfile's client splitter;
	// bench/ddlfile reads --ddl-file with sqlfile's pipeline (bench and the
	// live guard of advisor/server use it).
	{"querylog", "advisor/datasample", "bench/ddlfile"},
	{"sqlfile"},
	{"bench/paired", "rules", "advisor/mycnf"},
	{"rules/knowledge", "rules/knowledge/internal/shellgen"}, // shellgen: go generate's writer of rules/knowledge
	{"rules/knowledge/internal/sysvars"},
	{"stmt", "decimal", "rules/flavor", "rules/effect", "advisor/schemacheck/outcome", "advisor/replication/outcome",
		"advisor/exitcode", "advisor/varfile"},
	{"advisor/flagname"}, // the flag names every message gives, rules/effect's too
}

// only holds the packages whose imports of the project the document
// restricts further than their tier: they may import only these.
var only = []restriction{
	{"cmd/upgrade-advisor", []string{"advisor", "advisor/check", "advisor/rehearse", "advisor/report", "advisor/exitcode", "advisor/flagname"},
		"cmd turns flags into a job's options and renders its report: it imports the job packages (advisor, advisor/check, advisor/rehearse), the report, and the leaves every layer shares (exit codes, flag names); the jobs name what else it needs (advisor/commandline.go)"},
	{"stmt", nil, "stmt imports nothing of the project"},
	{"decimal", nil, "decimal imports nothing"},
	{"rules/flavor", nil, "rules/flavor has no dependencies"},
	{"rules/effect", []string{"advisor/flagname"}, "rules/effect has no dependencies but the table of flag names its messages use"},
	{"advisor/schemacheck/outcome", nil, "the schema check's result is a leaf the report imports"},
	{"advisor/replication/outcome", nil, "the replication rehearsal's result is a leaf the report imports"},
	{"advisor/flagname", nil, "the table of flag names is a leaf every message's package imports"},
	{"rules/...", []string{"rules/...", "advisor/flagname"}, "rules imports nothing of the others but the table of flag names its messages use"},
	{"rules/knowledge", []string{"rules/flavor"}, "rules/knowledge imports only rules/flavor"},
}

// never holds imports the document rules out although the tiers would
// allow them.
var never = []ban{
	{"bench/...", "rules", "bench does not import rules, only its leaves rules/flavor and rules/effect"},
	{"bench/...", "rules/knowledge/...", "bench does not import rules, only its leaves rules/flavor and rules/effect"},
	{"advisor/schemacheck", "advisor/report", "the schema check returns its own result (advisor/schemacheck/outcome); the report converts it"},
	{"advisor/replication", "advisor/report", "the replication rehearsal returns its own result (advisor/replication/outcome); the report converts it"},
	{"advisor/server", "advisor/report", "advisor/server does not import the report"},
	{"advisor/footprint", "advisor/report", "advisor/footprint does not import the report"},
	{"...", "sandbox/sandboxtest", "sandbox/sandboxtest is the tests' shared helper: only test files import it"},
}

// exceptions are imports of today's code that go against the order,
// each with what would end it. Empty: main follows the document.
var exceptions = []ban{}
