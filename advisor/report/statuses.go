package report

// Which status a statement or an object can have is which kind of finding:
// the report's join of the engines' statuses to the rules registry, where
// each kind's severity (what --fail-on and the findings weigh it with) and
// side of the readiness verdict are. A new status that matters to the
// report is one row here and its kind in rules/kinds_target.go (where the
// status is decided is the engine's business: advisor/queries/status.go,
// advisor/schemacheck/outcome).

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// queryStatusFindings are the query rehearsal's statuses of a class that
// are findings; a status not here (same, fixed, faster, failed-both) is
// none.
var queryStatusFindings = map[queries.Status]string{
	queries.StatusBreaks:  rules.FindingQueryBreaks,
	queries.StatusChanged: rules.FindingQueryChanged,
	queries.StatusOrder:   rules.FindingQueryOrder,
	queries.StatusSlower:  rules.FindingQuerySlower,
	queries.StatusWarned:  rules.FindingQueryWarned,
	queries.StatusPlan:    rules.FindingQueryPlan,
}

// schemaStatusFindings are the schema check's statuses of an object that
// are findings; a status not here (loaded) is none.
var schemaStatusFindings = map[string]string{
	outcome.StatusRefused:   rules.FindingSchemaRefused,
	outcome.StatusRuntime:   rules.FindingSchemaRuntime,
	outcome.StatusReserved:  rules.FindingSchemaReserved,
	outcome.StatusRewritten: rules.FindingSchemaRewritten,
	outcome.StatusWarned:    rules.FindingSchemaWarned,
	outcome.StatusBlocked:   rules.FindingSchemaBlocked,
}

// queryStatusKind is the kind of finding a class's status is; false for a
// status that is no finding.
func queryStatusKind(s queries.Status) (rules.Kind, bool) {
	return registered(queryStatusFindings[s])
}

// schemaStatusKind is the kind of finding an object's status is; false
// for a status that is no finding.
func schemaStatusKind(status string) (rules.Kind, bool) {
	return registered(schemaStatusFindings[status])
}

// registered is the kind of a registered id; false for "" (no finding).
func registered(id string) (rules.Kind, bool) {
	if id == "" {
		return rules.Kind{}, false
	}
	return rules.KindOf(id)
}

// queryStatusSeverity maps a class's status to the severity --fail-on
// weighs it with; false for a status that is no finding.
func queryStatusSeverity(s queries.Status) (rules.Severity, bool) {
	k, ok := queryStatusKind(s)
	return k.Severity, ok
}

// StatusSeverity is how --fail-on weighs an object's status; false for a
// status that is no finding.
func StatusSeverity(status string) (rules.Severity, bool) {
	k, ok := schemaStatusKind(status)
	return k.Severity, ok
}
