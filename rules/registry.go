package rules

import "fmt"

// Rule is one registered check: a pure function of a Snapshot.
type Rule struct {
	ID    string
	Check func(Snapshot) []Finding
}

var registry []Rule

// Register adds a rule; rules register themselves from init in their own file.
// A duplicate id is a programming error and panics.
func Register(r Rule) {
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
	SortFindings(out)
	return out
}
