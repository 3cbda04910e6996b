package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	replication "github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// TestEveryStatusIsDecidedInOnePlace: each status the engines can give is
// either a row of statuses.go, naming a kind of the rules registry (where
// its severity and side are), or one of those that are no finding; a
// replication run of each status, the in-place upgrade's problems and the
// target binary's refusals make findings of registered kinds. So nothing
// reaches the report without its severity and side.
func TestEveryStatusIsDecidedInOnePlace(t *testing.T) {
	noFinding := map[string]bool{"same": true, "fixed": true, "faster": true, "failed-both": true, "loaded": true}
	for _, s := range queries.Statuses() {
		if _, ok := queryStatusKind(s); !ok && !noFinding[string(s)] {
			t.Errorf("query status %q has no row in statuses.go, or its kind %q is not registered", s, queryStatusFindings[s])
		}
	}
	for _, s := range outcome.Statuses {
		if _, ok := schemaStatusKind(s); !ok && !noFinding[s] {
			t.Errorf("schema status %q has no row in statuses.go, or its kind %q is not registered", s, schemaStatusFindings[s])
		}
	}
	for s := range queryStatusFindings {
		if k, _ := queryStatusKind(s); k.At(k.Severity) == rules.SideBlocks && s != queries.StatusBreaks {
			t.Errorf("query status %q blocks: only a statement that fails on the target does", s)
		}
	}
	for _, s := range replication.Statuses {
		run := ReplicationRun{Direction: DirectionForward, BinlogFormat: "ROW", Status: s, Seed: ReplicationSeed{Method: "dump"},
			Tables: []ReplicationTableDiff{{Table: "app.t"}}, Writes: ReplicationWrites{Unsafe: []WriteProblem{{SQL: "UPDATE t LIMIT 1"}}}}
		fs := (&Replication{Runs: []ReplicationRun{run}}).Findings()
		if len(fs) != 2 || kindOf(fs[0]).ID != rules.FindingReplication || kindOf(fs[1]).ID != rules.FindingReplicationUnsafe {
			t.Errorf("replication status %q with a table differing and unsafe writes: findings %v, want a run's and an unsafe one", s, ids(fs))
		}
		checkRegistered(t, "replication status "+s, fs)
	}
	checkRegistered(t, "the in-place upgrade", (&InPlaceDatadir{Problems: []InPlaceProblem{{What: "t does not open"}}}).Findings())
	refused := FindingsOf([]rules.Finding{{ID: rules.FindingTargetBinaryRefused, Severity: rules.Critical}})
	checkRegistered(t, "the target binary", refused)
	if sideOf(refused[0]) != rules.SideBlocks {
		t.Errorf("an option the target's binary refuses does not block the verdict")
	}
}

func ids(fs []FindingInfo) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

// checkRegistered fails for a finding whose id no kind of the rules
// registry covers, or whose severity is not its kind's although the kind
// gives no reason to vary.
func checkRegistered(t *testing.T, where string, fs []FindingInfo) {
	t.Helper()
	for _, f := range fs {
		k, ok := rules.KindOf(f.ID)
		switch {
		case !ok:
			t.Errorf("%s: finding %q is of no kind of the rules registry (rules/kinds_target.go, or a rule's register)", where, f.ID)
		case f.Severity != k.Severity.String() && k.Varies == "":
			t.Errorf("%s: finding %q is %s, its kind %q %s with no reason to vary", where, f.ID, f.Severity, k.ID, k.Severity)
		}
	}
}

// TestEveryFindingIsRegistered: every finding the reports hold is of a
// registered kind: those Judge makes of every status, and those of every
// golden report in testdata (what package advisor and this package's
// renderers produce from the fixtures).
func TestEveryFindingIsRegistered(t *testing.T) {
	var classes []queries.ClassResult
	for _, s := range queries.Statuses() {
		classes = append(classes, class("SELECT '"+string(s)+"'", s, 1064, ""))
	}
	var objects []SchemaObject
	for _, s := range outcome.Statuses {
		objects = append(objects, object("t_"+s, s, 1064))
	}
	r := RehearseReport{Target: ServerInfo{Flavor: "mysql", Version: "9.7.4"},
		Queries: &Queries{Results: classes}, Schema: &Schema{Source: "shop.sql", Objects: objects}}
	r.Judge()
	if len(r.Findings) == 0 {
		t.Fatal("Judge made no finding of the statuses")
	}
	checkRegistered(t, "Judge", r.Findings)

	goldens, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden JSON report in testdata (%v)", err)
	}
	seen := 0
	for _, path := range goldens {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Findings []FindingInfo `json:"findings"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		seen += len(doc.Findings)
		checkRegistered(t, path, doc.Findings)
	}
	if seen == 0 {
		t.Error("the golden reports hold no finding to check")
	}
}
