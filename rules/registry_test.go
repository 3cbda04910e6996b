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

// TestRegisteredRules checks each kind of finding the registry holds (the
// rules' and those made of what ran on the target): an id, a one-line
// description, a valid severity and a side of the verdict, with no id
// registered twice; and each rule has a check.
func TestRegisteredRules(t *testing.T) {
	if len(registry) == 0 {
		t.Fatal("no rules registered")
	}
	seen := map[string]bool{}
	for _, k := range Kinds() {
		switch {
		case k.ID == "":
			t.Errorf("a finding kind without an id: %+v", k)
		case seen[k.ID]:
			t.Errorf("%q is registered twice", k.ID)
		case k.Description == "" || strings.Contains(k.Description, "\n"):
			t.Errorf("%q: the description must be one line, got %q", k.ID, k.Description)
		case k.Severity < Info || k.Severity > Critical:
			t.Errorf("%q: severity %d is not info, warning or critical", k.ID, k.Severity)
		case k.Side < SideBlocks || k.Side > SideBySeverity:
			t.Errorf("%q: no side of the verdict (blocks, changes, none or by severity)", k.ID)
		}
		seen[k.ID] = true
	}
	for _, r := range registry {
		if r.Check == nil {
			t.Errorf("rule %q has no check", r.ID)
		}
	}
}

// TestKindOf: a finding id finds its kind by its own id or the longest
// kind id that starts it, and no kind for an id nothing registered.
func TestKindOf(t *testing.T) {
	for _, c := range []struct{ id, kind string }{
		{RuleDefaultDrift, RuleDefaultDrift},
		{"ddl-file-per-table-keep", "ddl-file-per-table"},
		{"target-scope-migration", ruleTargetScope},
		{"target-scope-unknown", findingTargetUnknown},
		{"replication-forward-row-dump", FindingReplication},
		{"replication-unsafe-back-statement-schema", FindingReplicationUnsafe},
		{"in-place-datadir-2", FindingInPlaceDatadir},
		{"query-breaks", FindingQueryBreaks},
		{"no-such-finding", ""},
		{"default-driftless", ""},
	} {
		k, ok := KindOf(c.id)
		if k.ID != c.kind || ok != (c.kind != "") {
			t.Errorf("KindOf(%q) = %q, %v; want %q", c.id, k.ID, ok, c.kind)
		}
	}
}

// TestSideAtSeverity: a kind of a fixed side keeps it at any severity;
// one by severity blocks when critical, changes at warning, never at info.
func TestSideAtSeverity(t *testing.T) {
	for _, c := range []struct {
		side Side
		sev  Severity
		want Side
	}{
		{SideBlocks, Info, SideBlocks}, {SideChanges, Critical, SideChanges}, {SideNone, Critical, SideNone},
		{SideBySeverity, Critical, SideBlocks}, {SideBySeverity, Warning, SideChanges}, {SideBySeverity, Info, SideNone},
	} {
		if got := (Kind{Side: c.side}).At(c.sev); got != c.want {
			t.Errorf("side %d at %s = %d, want %d", c.side, c.sev, got, c.want)
		}
	}
}

// kindOf finds the registered kind of a finding r emitted: one of r's
// kinds, found by the registry's own lookup (KindOf).
func kindOf(r rule, id string) (Kind, bool) {
	k, ok := KindOf(id)
	if !ok {
		return Kind{}, false
	}
	for _, own := range r.kinds() {
		if own.ID == k.ID {
			return k, true
		}
	}
	return Kind{}, false
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
