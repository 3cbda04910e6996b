// Package rules is the pure domain of upgrade-advisor: the Snapshot of what
// was inspected and measured, workload classification, and the rules that
// turn a Snapshot into Findings. Server identity comes from rules/flavor,
// measured effects from rules/effect and the facts about server variables
// (defaults per version, removals) from rules/knowledge.
//
// Each rule registers itself from its own file (registry.go) with its id,
// the default severity of its findings, a one-line description and its
// check; registry_test.go holds every finding the tests produce to that
// registration.
//
// Nothing here performs I/O or imports database/sql: every rule is a plain
// function of a Snapshot, unit-tested from snapshots built in Go.
package rules
