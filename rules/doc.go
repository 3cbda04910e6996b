// Package rules is the pure domain of upgrade-advisor: server flavor and
// version, the Snapshot of what was inspected and measured, workload
// classification, the knowledge base of defaults per version, and the rules
// that turn a Snapshot into Findings.
//
// Nothing here performs I/O or imports database/sql: every rule is a plain
// function of a Snapshot, unit-tested from snapshots built in Go.
package rules
