// Package rules is the pure domain of upgrade-advisor: the Snapshot of what
// was inspected and measured, workload classification, and the rules that
// turn a Snapshot into Findings. Server identity comes from rules/flavor,
// measured effects from rules/effect and the facts about server variables
// (defaults per version, removals) from rules/knowledge.
//
// The registry (registry.go, kind.go) is the one table of every kind of
// finding: its id, its severity, what it means to the readiness verdict
// (Side: blocks, changes, none, or as its severity says) and a one-line
// description. Each rule registers itself from its own file with the kinds
// of its findings and its check; registry_test.go holds every finding the
// tests produce to that registration. The findings the report makes of
// what ran on the target (the schema's objects, the queries' classes,
// replication runs, the target binary's refusals, the in-place upgrade of
// a datadir) are kinds of the same table (kinds_target.go), so the report
// reads a finding's severity and side from KindOf and decides neither.
//
// Adding a finding: a rule's is a kind in its register call (its own, or
// one of Also), with the side that says what it means to the verdict; a
// finding made elsewhere is a constant and a row of kinds_target.go, which
// its maker then uses as its id. TestRegisteredRules checks the rows,
// advisor/report's TestEveryFindingIsRegistered the findings made.
//
// Nothing here performs I/O or imports database/sql: every rule is a plain
// function of a Snapshot, unit-tested from snapshots built in Go.
package rules
