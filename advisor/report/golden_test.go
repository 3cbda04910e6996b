package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// oldDefaults names the golden of a server at the old DDL defaults (both
// settings OFF) audited with --target 11.8 for a DDL-heavy workload; it is
// not a workload class, fixtureReport only reads its file.
const oldDefaults = rules.WorkloadClass("old-defaults")

// fixtureReport reads the audit report of the JSON golden file of the
// workload class ("" is ddl-heavy): package advisor builds that report from
// a fixed inspection and calibration result and checks it against the same
// file (advisor's TestReportFixtureMatchesTheJSONGolden), so every renderer
// here is tested on what advisor produces.
func fixtureReport(workload rules.WorkloadClass) *Report {
	name := "ddl-heavy"
	if workload != "" {
		name = string(workload)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "audit-"+name+".json"))
	if err != nil {
		panic(err)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		panic(err)
	}
	for i := range r.Findings {
		if r.Findings[i].severity, err = rules.ParseSeverity(r.Findings[i].Severity); err != nil {
			panic(err)
		}
	}
	return &r
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./advisor/report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./advisor/report -update rewrites it after review):\n%s", name, got)
	}
}

func TestJSONFixtureRoundTrips(t *testing.T) {
	for _, name := range []string{"ddl-heavy", "oltp", string(oldDefaults)} {
		want, err := os.ReadFile(filepath.Join("testdata", "audit-"+name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		class := rules.WorkloadClass("")
		if name != "ddl-heavy" {
			class = rules.WorkloadClass(name)
		}
		var buf bytes.Buffer
		if err := reportJSON(&buf, fixtureReport(class)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: the report read from its JSON does not render back to the same JSON:\n%s", name, buf.Bytes())
		}
		if w, ok := fixtureReport(class).Worst(); !ok || w < rules.Info {
			t.Errorf("%s: severities not restored: %v %v", name, w, ok)
		}
	}
}

func TestRenderGolden(t *testing.T) {
	for _, class := range []rules.WorkloadClass{"", rules.WorkloadOLTP, oldDefaults} {
		name := "ddl-heavy"
		if class != "" {
			name = string(class)
		}
		r := fixtureReport(class)
		t.Run(name+"/text", func(t *testing.T) {
			var buf bytes.Buffer
			if err := text(&buf, r, TextStyle{}); err != nil {
				t.Fatal(err)
			}
			golden(t, "audit-"+name+".txt", buf.Bytes())
		})
		t.Run(name+"/json", func(t *testing.T) {
			var buf bytes.Buffer
			if err := reportJSON(&buf, r); err != nil {
				t.Fatal(err)
			}
			golden(t, "audit-"+name+".json", buf.Bytes())
		})
	}
}

func TestJSONFollowsTheDocumentedSchema(t *testing.T) {
	var buf bytes.Buffer
	if err := reportJSON(&buf, fixtureReport("")); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"schema_version", "tool", "server", "settings", "workload", "benchmark", "findings", "mycnf"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("top-level key %q missing", key)
		}
	}
	variants := doc["benchmark"].(map[string]any)["variants"].([]any)
	first := variants[1].(map[string]any)
	for _, key := range []string{"name", "measured", "settings", "create_ms", "drop_ms", "speedup"} {
		if _, ok := first[key]; !ok {
			t.Errorf("variant key %q missing", key)
		}
	}
	sp := first["speedup"].(map[string]any)
	if !(sp["ci_low"].(float64) <= sp["ratio"].(float64) && sp["ratio"].(float64) <= sp["ci_high"].(float64)) {
		t.Errorf("speedup interval does not contain the ratio: %v", sp)
	}
}

func TestTextHasNoColourUnlessAsked(t *testing.T) {
	var plain, coloured bytes.Buffer
	r := fixtureReport("")
	text(&plain, r, TextStyle{})
	text(&coloured, r, TextStyle{Color: true})
	if strings.Contains(plain.String(), "\x1b[") {
		t.Error("escape codes without colour")
	}
	if !strings.Contains(coloured.String(), "\x1b[") {
		t.Error("no escape codes with colour")
	}
}
