// Package rules is the pure domain of upgrade-advisor: the Snapshot of what
// was inspected and measured, workload classification, and the rules that
// turn a Snapshot into Findings. Server identity comes from rules/flavor,
// measured effects from rules/effect and the facts about server variables
// (defaults per version, removals) from rules/knowledge.
//
// Nothing here performs I/O or imports database/sql: every rule is a plain
// function of a Snapshot, unit-tested from snapshots built in Go.
package rules
