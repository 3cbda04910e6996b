package rules

import "fmt"

// rule is one registered check, registered from its own file as skeema's
// linter registers its rules: an id, the default severity of its findings,
// a one-line description, and the check, a pure function of a Snapshot.
//
// A rule's findings carry its ID, or its ID with an outcome appended
// ("ddl-file-per-table-keep"), and its Severity. A rule that also emits
// findings under ids of their own lists them in Also. A finding carries
// another severity than its kind's only for the reason given in Varies;
// registry_test.go checks every finding the package's tests produce
// against this.
type rule struct {
	ID          string
	Severity    Severity
	Description string
	// Varies says when a finding is raised or lowered from Severity; empty
	// when none ever is.
	Varies string
	Check  func(Snapshot) []Finding
	Also   []findingKind
}

// findingKind is a finding id a rule emits besides its own, with its
// default severity, description and, in Varies, when a finding departs
// from that severity.
type findingKind struct {
	ID          string
	Severity    Severity
	Description string
	Varies      string
}

var registry []rule

// register adds a rule; rules register themselves from init in their own
// file. A duplicate id is a programming error and panics.
func register(r rule) {
	for _, have := range registry {
		if have.ID == r.ID {
			panic(fmt.Sprintf("rules: duplicate rule id %q", r.ID))
		}
	}
	registry = append(registry, r)
}

// Evaluate runs every registered rule and returns the findings, worst first.
func Evaluate(s Snapshot) []Finding {
	var out []Finding
	for _, r := range registry {
		out = append(out, r.Check(s)...)
	}
	sortFindings(out)
	return out
}
