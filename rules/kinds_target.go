package rules

// The kinds of finding made of what ran on the target, not by a rule of a
// Snapshot: the report makes the query rehearsal's classes and the schema
// check's objects findings (one per status and cause, "query-breaks",
// "schema-refused"), and the replication rehearsal's runs, the target
// binary's refusals and the in-place upgrade of a datadir findings of
// their own. They are registered here, beside the rules', so that every
// finding's severity and side of the verdict come from one table; the
// ids are constants so that nothing recognises a finding by a literal.
// Which engine status is which kind is the report's business
// (advisor/report/statuses.go).

// The query rehearsal's classes, by status.
const (
	FindingQueryBreaks  = "query-breaks"
	FindingQueryChanged = "query-changed"
	FindingQueryOrder   = "query-order"
	FindingQuerySlower  = "query-slower"
	FindingQueryWarned  = "query-warned"
	FindingQueryPlan    = "query-plan"
)

// The schema check's objects, by status.
const (
	FindingSchemaRefused   = "schema-refused"
	FindingSchemaRuntime   = "schema-runtime"
	FindingSchemaReserved  = "schema-reserved"
	FindingSchemaRewritten = "schema-rewritten"
	FindingSchemaWarned    = "schema-warned"
	FindingSchemaBlocked   = "schema-blocked"
)

// The other findings of what ran on the target.
const (
	// FindingReplication is a replication run that broke, qualified by
	// direction, binary log format and seed: "replication-forward-row-dump".
	FindingReplication = "replication"
	// FindingReplicationUnsafe is a run whose writes the primary called
	// unsafe for statement-based replication, qualified as a run is:
	// "replication-unsafe-forward-statement-dump".
	FindingReplicationUnsafe = "replication-unsafe"
	// FindingTargetBinaryRefused is an option of today's my.cnf the
	// target's own binary refuses.
	FindingTargetBinaryRefused = "target-binary-refused"
	// FindingInPlaceDatadir is a problem of the in-place upgrade of a
	// datadir's copy, numbered: "in-place-datadir-1".
	FindingInPlaceDatadir = "in-place-datadir"
)

// targetKinds are the kinds above, in the registry (Kinds).
var targetKinds = []Kind{
	{ID: FindingQueryBreaks, Severity: Critical, Side: SideBlocks, Description: "statements of the application that fail on the target and work today"},
	{ID: FindingQueryChanged, Severity: Critical, Side: SideChanges, Description: "statements that return other rows, columns or affected rows on the target"},
	{ID: FindingQueryOrder, Severity: Warning, Side: SideChanges, Description: "statements that return the same rows in another order (no ORDER BY)"},
	{ID: FindingQuerySlower, Severity: Warning, Side: SideNone, Description: "statements slower on the target beyond the threshold"},
	{ID: FindingQueryWarned, Severity: Warning, Side: SideNone, Description: "statements the target gives warnings for and today does not"},
	{ID: FindingQueryPlan, Severity: Info, Side: SideNone, Description: "statements the target runs with another plan"},

	{ID: FindingSchemaRefused, Severity: Critical, Side: SideBlocks, Description: "objects of the schema the target refuses"},
	{ID: FindingSchemaRuntime, Severity: Critical, Side: SideBlocks, Description: "objects the target creates that fail when called, calling something it lacks"},
	{ID: FindingSchemaReserved, Severity: Warning, Side: SideChanges, Description: "objects whose name is reserved on the target"},
	{ID: FindingSchemaRewritten, Severity: Warning, Side: SideChanges, Description: "objects the target rewrites (collation, character set or defaults)"},
	{ID: FindingSchemaWarned, Severity: Info, Side: SideNone, Description: "objects the target creates with warnings"},
	{ID: FindingSchemaBlocked, Severity: Info, Side: SideNone, Description: "objects that failed only because an earlier statement of the file did"},

	{ID: FindingReplication, Severity: Critical, Side: SideBySeverity,
		Description: "a replication run that stopped, could not be set up, fell behind or left a table differing",
		Varies:      "a warning when the replica still runs: only behind, or a table differs"},
	{ID: FindingReplicationUnsafe, Severity: Info, Side: SideBySeverity,
		Description: "writes of the application the primary calls unsafe for statement-based replication",
		Varies:      "a warning when a table of the run differs"},
	{ID: FindingTargetBinaryRefused, Severity: Critical, Side: SideBlocks, Description: "an option of today's my.cnf the target's own binary refuses: it will not start"},
	{ID: FindingInPlaceDatadir, Severity: Critical, Side: SideBlocks, Description: "a problem of the in-place upgrade of a datadir's copy"},
}
