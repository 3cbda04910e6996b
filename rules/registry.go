package rules

import (
	"fmt"
	"strings"
)

// The registry is the one table of every kind of finding (kind.go): the
// rules' own, registered with their checks, and those made of what ran on
// the target (kinds_target.go). A finding's id, severity and side of the
// readiness verdict come from its kind; nothing else decides them.

// rule is one registered check, registered from its own file as skeema's
// linter registers its rules: an id, the default severity of its findings,
// what they mean to the verdict, a one-line description, and the check, a
// pure function of a Snapshot.
//
// A rule's findings carry its ID, or its ID with an outcome appended
// ("ddl-file-per-table-keep"), and its Severity. A rule that also emits
// findings under ids of their own lists their kinds in Also. A finding
// carries another severity than its kind's only for the reason given in
// Varies; registry_test.go checks every finding the package's tests
// produce against this.
type rule struct {
	ID          string
	Severity    Severity
	Side        Side
	Description string
	// Varies says when a finding is raised or lowered from Severity; empty
	// when none ever is.
	Varies string
	Check  func(Snapshot) []Finding
	Also   []Kind
}

// kinds are the kinds of the rule's findings: its own, then Also.
func (r rule) kinds() []Kind {
	own := Kind{ID: r.ID, Severity: r.Severity, Side: r.Side, Description: r.Description, Varies: r.Varies}
	return append([]Kind{own}, r.Also...)
}

var registry []rule

// register adds a rule; rules register themselves from init in their own
// file. An id registered twice is a programming error and panics.
func register(r rule) {
	for _, k := range r.kinds() {
		if registeredIDs()[k.ID] {
			panic(fmt.Sprintf("rules: finding kind %q registered twice", k.ID))
		}
	}
	registry = append(registry, r)
}

// registeredIDs is the id of every kind registered so far.
func registeredIDs() map[string]bool {
	ids := map[string]bool{}
	for _, k := range Kinds() {
		ids[k.ID] = true
	}
	return ids
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

// KindOf is the registered kind of a finding id: the kind whose id is the
// finding's, or the longest whose id, with a dash, starts it. False for an
// id no kind covers.
func KindOf(id string) (Kind, bool) {
	var best Kind
	found := false
	for _, k := range Kinds() {
		if (k.ID == id || strings.HasPrefix(id, k.ID+"-")) && len(k.ID) > len(best.ID) {
			best, found = k, true
		}
	}
	return best, found
}

// Kinds lists every registered kind: the rules' findings' and those of the
// findings made of what ran on the target (kinds_target.go).
func Kinds() []Kind {
	var out []Kind
	for _, r := range registry {
		out = append(out, r.kinds()...)
	}
	return append(out, targetKinds...)
}
