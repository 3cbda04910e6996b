package report

import "github.com/upgrade-advisor/upgrade-advisor/rules"

// A finding's kind is its entry in the rules registry (rules.KindOf, by
// its id): what its severity is, and the side of the readiness verdict it
// counts on. The report decides neither; it makes findings of registered
// kinds (newFinding) and reads their side from the kind (sideOf).

// kindOf is the registered kind of a finding (by its id, rules.KindOf).
// A finding of no registered kind counts as its severity says; the tests
// (TestEveryFindingIsRegistered) keep every finding made registered.
func kindOf(f FindingInfo) rules.Kind {
	if k, ok := rules.KindOf(f.ID); ok {
		return k
	}
	return rules.Kind{ID: f.ID, Severity: f.severity, Side: rules.SideBySeverity}
}

// sideOf is the side of the verdict a finding counts on: its kind's, at
// the finding's severity.
func sideOf(f FindingInfo) rules.Side { return kindOf(f).At(f.severity) }

// newFinding is a finding of a registered kind at the kind's severity, its
// id the kind's followed by the qualifiers ("replication-forward-row-dump").
func newFinding(kind string, qualifiers ...string) FindingInfo {
	k, _ := registered(kind)
	id := kind
	for _, q := range qualifiers {
		id += "-" + q
	}
	return FindingInfo{ID: id, Severity: k.Severity.String(), severity: k.Severity}
}

// withSeverity is f at another severity: only as its kind's Varies says.
func (f FindingInfo) withSeverity(sev rules.Severity) FindingInfo {
	f.Severity, f.severity = sev.String(), sev
	return f
}
