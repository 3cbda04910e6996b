package advisor

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fixtureReport builds a report from a fixed inspection and benchmark
// result, as Run would, without a server.
func fixtureReport(workload rules.WorkloadClass) *Report {
	fl, _ := rules.IdentifyFlavor("10.11.19-MariaDB-0+deb12u1", "Debian 12")
	in := &Inspection{Address: "root@unix(/run/mysqld/mysqld.sock)", VersionComment: "Debian 12", Flavor: fl,
		Variables: map[string]rules.Setting{
			"innodb_file_per_table":   {Value: "ON", Origin: rules.OriginCompiled},
			"innodb_stats_persistent": {Value: "ON", Origin: rules.OriginCompiled},
			"innodb_flush_method":     {Value: "O_DIRECT", Origin: rules.OriginCompiled},
			"innodb_buffer_pool_size": {Value: "134217728", Origin: rules.OriginConfig},
			"log_bin":                 {Value: "OFF", Origin: rules.OriginCompiled},
			"read_only":               {Value: "OFF", Origin: rules.OriginCompiled},
		},
		Status: map[string]string{"uptime": "86400", "questions": "5000000", "com_create_table": "12000", "com_drop_table": "12000"},
	}
	plans := bench.PlanVariants(benchServer(in), bench.Permissions{SetGlobal: true})
	res := &bench.Result{Workload: "100 x CREATE TABLE", TablesPerRound: 100, Rounds: 12, StopReason: bench.StopPrecision,
		Precision: 0.05, Budget: 20 * time.Second, Duration: 14200 * time.Millisecond}
	timings := map[string][4]float64{ // create p50, p95, drop p50, speedup
		bench.Baseline: {2.9, 4.1, 1.1, 1}, bench.FilePerTableOff: {2.0, 2.8, 0.9, 1.45},
		bench.StatsPersistentOff: {2.8, 4.0, 1.1, 1.03}, bench.BothOff: {1.9, 2.7, 0.9, 1.52},
	}
	for _, p := range plans {
		tm := timings[p.Name]
		res.Variants = append(res.Variants, bench.VariantResult{Plan: p,
			Create: bench.Summary{P50: tm[0], P95: tm[1], Mean: tm[0] * 1.1}, Drop: bench.Summary{P50: tm[2], P95: tm[2] * 1.5, Mean: tm[2]},
			TablesPerSecond: 1000 / tm[0],
			Speedup:         bench.Interval{Ratio: tm[3], Low: tm[3] * 0.95, High: tm[3] * 1.05},
			DropSpeedup:     bench.Interval{Ratio: 1, Low: 0.98, High: 1.02}})
	}
	snap := rules.Snapshot{Flavor: fl, Variables: in.Variables, Status: in.Status,
		Workload: classify(in.Status, workload), Bench: measurements(res)}
	return buildReport(Options{Command: "audit", ToolVersion: "1.2.3"}, in, snap, res)
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
		t.Fatalf("%v (run go test ./advisor -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./advisor -update rewrites it after review):\n%s", name, got)
	}
}

func TestRenderGolden(t *testing.T) {
	for _, class := range []rules.WorkloadClass{"", rules.WorkloadOLTP} {
		name := "ddl-heavy"
		if class != "" {
			name = string(class)
		}
		r := fixtureReport(class)
		t.Run(name+"/text", func(t *testing.T) {
			var buf bytes.Buffer
			if err := RenderText(&buf, r, TextStyle{}); err != nil {
				t.Fatal(err)
			}
			golden(t, "audit-"+name+".txt", buf.Bytes())
		})
		t.Run(name+"/json", func(t *testing.T) {
			var buf bytes.Buffer
			if err := RenderJSON(&buf, r); err != nil {
				t.Fatal(err)
			}
			golden(t, "audit-"+name+".json", buf.Bytes())
		})
	}
}

func TestJSONFollowsTheDocumentedSchema(t *testing.T) {
	var buf bytes.Buffer
	if err := RenderJSON(&buf, fixtureReport("")); err != nil {
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
	RenderText(&plain, r, TextStyle{})
	RenderText(&coloured, r, TextStyle{Color: true})
	if strings.Contains(plain.String(), "\x1b[") {
		t.Error("escape codes without colour")
	}
	if !strings.Contains(coloured.String(), "\x1b[") {
		t.Error("no escape codes with colour")
	}
}

func TestSnippetCarriesMeasurementForDDLHeavy(t *testing.T) {
	r := fixtureReport("")
	if r.Workload.Class != string(rules.WorkloadDDLHeavy) {
		t.Fatalf("fixture should classify as ddl-heavy, got %s (%s)", r.Workload.Class, r.Workload.Reason)
	}
	want := "# CREATE TABLE 1.45x faster measured (3.19 -> 2.20 ms, 95% CI 1.38-1.52)\ninnodb_file_per_table = 0\n"
	if !strings.Contains(r.MyCnf, want) {
		t.Errorf("snippet lacks %q:\n%s", want, r.MyCnf)
	}
}
