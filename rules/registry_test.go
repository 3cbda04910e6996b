package rules

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestRegisteredRules checks each rule's registration: an id, a one-line
// description and a valid severity, for the rule and each finding kind it
// also emits, with no id registered twice.
func TestRegisteredRules(t *testing.T) {
	if len(registry) == 0 {
		t.Fatal("no rules registered")
	}
	seen := map[string]bool{}
	for _, r := range registry {
		kinds := append([]findingKind{{ID: r.ID, Severity: r.Severity, Description: r.Description, Varies: r.Varies}}, r.Also...)
		for _, k := range kinds {
			switch {
			case k.ID == "":
				t.Errorf("rule %q: a finding kind without an id", r.ID)
			case seen[k.ID]:
				t.Errorf("%q is registered twice", k.ID)
			case k.Description == "" || strings.Contains(k.Description, "\n"):
				t.Errorf("%q: the description must be one line, got %q", k.ID, k.Description)
			case k.Severity < Info || k.Severity > Critical:
				t.Errorf("%q: severity %d is not info, warning or critical", k.ID, k.Severity)
			}
			seen[k.ID] = true
		}
		if r.Check == nil {
			t.Errorf("rule %q has no check", r.ID)
		}
	}
}

// kindOf finds the registered kind of a finding r emitted: r's own (its id,
// or its id with an outcome appended) or one of r.Also.
func kindOf(r rule, id string) (findingKind, bool) {
	for _, k := range r.Also {
		if k.ID == id {
			return k, true
		}
	}
	own := findingKind{ID: r.ID, Severity: r.Severity, Description: r.Description, Varies: r.Varies}
	return own, id == r.ID || strings.HasPrefix(id, r.ID+"-")
}

// emitted records every finding the registered rules return while this
// package's tests run, by rule.
var emitted struct {
	sync.Mutex
	problems map[string]bool
	count    int
}

// TestMain wraps every registered rule so that each finding any test makes
// it emit (the fixtures' snapshots, the built ones) is checked after the
// tests: its id must be one the rule registered, and its severity the
// registered default unless the kind says why it varies.
func TestMain(m *testing.M) {
	emitted.problems = map[string]bool{}
	for i := range registry {
		r, check := registry[i], registry[i].Check
		registry[i].Check = func(s Snapshot) []Finding {
			out := check(s)
			recordEmitted(r, out)
			return out
		}
	}
	code := m.Run()
	if code == 0 && emitted.count == 0 && flag.Lookup("test.run").Value.String() == "" {
		fmt.Fprintln(os.Stderr, "registry: the tests made the rules emit no finding to check")
		code = 1
	}
	if len(emitted.problems) > 0 {
		var lines []string
		for p := range emitted.problems {
			lines = append(lines, p)
		}
		sort.Strings(lines)
		fmt.Fprintln(os.Stderr, "FAIL: findings that do not match their rule's registration:\n  "+strings.Join(lines, "\n  "))
		code = 1
	}
	os.Exit(code)
}

func recordEmitted(r rule, fs []Finding) {
	emitted.Lock()
	defer emitted.Unlock()
	for _, f := range fs {
		emitted.count++
		k, ok := kindOf(r, f.ID)
		switch {
		case !ok:
			emitted.problems[fmt.Sprintf("rule %s emitted %q, an id it did not register", r.ID, f.ID)] = true
		case f.Severity != k.Severity && k.Varies == "":
			emitted.problems[fmt.Sprintf("%s is %s, registered %s with no reason to vary", f.ID, f.Severity, k.Severity)] = true
		}
	}
}
