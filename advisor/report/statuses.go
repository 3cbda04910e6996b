package report

// What the report makes of each status a statement or an object can have:
// the severity --fail-on and the findings weigh it with, and the side of
// the readiness verdict it counts on. A new status that matters to the
// report is one row here (where the status is decided is the engine's
// business: advisor/queries/status.go, advisor/schemacheck/outcome).

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// side is which part of the verdict a status counts on.
type side uint8

const (
	sideNone    side = iota // performance, plans, notes: never decides the verdict
	sideBlocks              // it fails on the target: blocked
	sideChanges             // it runs but behaves differently: changes
)

// statusRule is the report's reading of one status.
type statusRule struct {
	severity rules.Severity
	side     side
}

// queryStatusRules are the query rehearsal's statuses of a class; a
// status not here (same, fixed, faster, failed-both) is no finding.
var queryStatusRules = map[queries.Status]statusRule{
	queries.StatusBreaks:  {rules.Critical, sideBlocks},
	queries.StatusChanged: {rules.Critical, sideChanges},
	queries.StatusOrder:   {rules.Warning, sideChanges},
	queries.StatusSlower:  {rules.Warning, sideNone},
	queries.StatusWarned:  {rules.Warning, sideNone},
	queries.StatusPlan:    {rules.Info, sideNone},
}

// schemaStatusRules are the schema check's statuses of an object; a
// status not here (ok) is no finding. An object the target refuses or
// that fails when called is critical, a reserved name or a changed
// definition a warning, warnings at creation and an object blocked by an
// earlier failure information.
var schemaStatusRules = map[string]statusRule{
	outcome.StatusRefused:   {rules.Critical, sideBlocks},
	outcome.StatusRuntime:   {rules.Critical, sideBlocks},
	outcome.StatusReserved:  {rules.Warning, sideChanges},
	outcome.StatusRewritten: {rules.Warning, sideChanges},
	outcome.StatusWarned:    {rules.Info, sideNone},
	outcome.StatusBlocked:   {rules.Info, sideNone},
}

// queryStatusSeverity maps a class's status to the severity --fail-on
// weighs it with; false for a status that is no finding.
func queryStatusSeverity(s queries.Status) (rules.Severity, bool) {
	r, ok := queryStatusRules[s]
	return r.severity, ok
}

// StatusSeverity is how --fail-on weighs an object's status; false for a
// status that is no finding.
func StatusSeverity(status string) (rules.Severity, bool) {
	r, ok := schemaStatusRules[status]
	return r.severity, ok
}
