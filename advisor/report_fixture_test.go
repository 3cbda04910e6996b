package advisor

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

var update = flag.Bool("update", false, "rewrite the JSON golden files in report/testdata/")

// fixtureReport builds a report from a fixed inspection and benchmark
// result, as Run would, without a server.
func fixtureReport(workload rules.WorkloadClass) *report.Report {
	timings := map[string][4]float64{ // create p50, p95, drop p50, speedup
		bench.Baseline: {2.9, 4.1, 1.1, 1}, bench.FilePerTableOff: {2.0, 2.8, 0.9, 1.45},
		bench.StatsPersistentOff: {2.8, 4.0, 1.1, 1.03}, bench.BothOff: {1.9, 2.7, 0.9, 1.52},
	}
	decisions := []paired.Decision{
		{Variant: bench.FilePerTableOff, Verdict: paired.VerdictAbove, Interval: effect.Interval{Ratio: 1.45, Low: 1.33, High: 1.58}, Threshold: 1.05, Level: 0.987, Units: 60},
		{Variant: bench.StatsPersistentOff, Verdict: paired.VerdictBelow, Interval: effect.Interval{Ratio: 1.0, Low: 0.95, High: 1.04}, Threshold: 1.05, Level: 0.987, Units: 60},
		{Variant: bench.BothOff, Verdict: paired.VerdictAbove, Interval: effect.Interval{Ratio: 1.52, Low: 1.40, High: 1.66}, Threshold: 1.05, Level: 0.987, Units: 60},
	}
	return fixtureFrom(fixtureInspection("ON"), workload, "", timings, decisions)
}

// fixtureOldDefaultsReport is the audit of the same server running the old
// DDL settings (both OFF, left at their defaults) with --target 11.8 and a
// DDL-heavy workload: the variants turn the settings on, the drift findings
// carry their measured cost.
func fixtureOldDefaultsReport() *report.Report {
	timings := map[string][4]float64{
		bench.Baseline: {2.0, 2.8, 0.9, 1}, bench.FilePerTableOn: {2.9, 4.1, 1.1, 0.69},
		bench.StatsPersistentOn: {2.1, 2.9, 0.9, 0.97}, bench.BothOn: {3.1, 4.3, 1.2, 0.64},
	}
	in := fixtureInspection("OFF")
	// A variant that turns a setting on is decided against 1/(1+margin).
	decisions := []paired.Decision{
		{Variant: bench.FilePerTableOn, Verdict: paired.VerdictBelow, Interval: effect.Interval{Ratio: 0.69, Low: 0.63, High: 0.75}, Threshold: 0.952, Level: 0.987, Units: 60},
		{Variant: bench.StatsPersistentOn, Verdict: paired.VerdictPrecise, Interval: effect.Interval{Ratio: 0.97, Low: 0.93, High: 1.01}, Threshold: 0.952, Level: 0.987, Units: 60},
		{Variant: bench.BothOn, Verdict: paired.VerdictBelow, Interval: effect.Interval{Ratio: 0.64, Low: 0.59, High: 0.70}, Threshold: 0.952, Level: 0.987, Units: 60},
	}
	return fixtureFrom(in, rules.WorkloadDDLHeavy, "11.8", timings, decisions)
}

// fixtureInspection is a MariaDB 10.11 server with both DDL settings at
// value, left at their compiled-in defaults.
func fixtureInspection(value string) *server.Inspection {
	fl, _ := flavor.Identify("10.11.19-MariaDB-0+deb12u1", "Debian 12")
	return &server.Inspection{Address: "root@unix(/run/mysqld/mysqld.sock)", VersionComment: "Debian 12", Flavor: fl,
		Variables: map[string]rules.Setting{
			"innodb_file_per_table":   {Value: value, Origin: rules.OriginCompiled},
			"innodb_stats_persistent": {Value: value, Origin: rules.OriginCompiled},
			"innodb_flush_method":     {Value: "O_DIRECT", Origin: rules.OriginCompiled},
			"innodb_buffer_pool_size": {Value: "134217728", Origin: rules.OriginConfig},
			"log_bin":                 {Value: "OFF", Origin: rules.OriginCompiled},
			"read_only":               {Value: "OFF", Origin: rules.OriginCompiled},
		},
		Status: map[string]string{"uptime": "86400", "questions": "5000000", "com_create_table": "12000", "com_drop_table": "12000"},
	}
}

func fixtureFrom(in *server.Inspection, workload rules.WorkloadClass, target string, timings map[string][4]float64, decisions []paired.Decision) *report.Report {
	plans := bench.PlanVariants(in.BenchServer(), bench.Permissions{SetGlobal: true})
	res := &bench.Result{Workload: "100 x CREATE TABLE", TablesPerRound: 100, Rounds: 6, StopReason: paired.StopDecided,
		Precision: 0.05, Budget: 8 * time.Second, Duration: 6900 * time.Millisecond, Measured: 6100 * time.Millisecond,
		Interleaving: bench.InterleaveStatements, Decisions: decisions}
	for _, p := range plans {
		tm := timings[p.Name]
		res.Variants = append(res.Variants, bench.VariantResult{Plan: p,
			Create: bench.Summary{P50: tm[0], P95: tm[1], Mean: tm[0] * 1.1}, Drop: bench.Summary{P50: tm[2], P95: tm[2] * 1.5, Mean: tm[2]},
			TablesPerSecond: 1000 / tm[0],
			Speedup:         effect.Interval{Ratio: tm[3], Low: tm[3] * 0.95, High: tm[3] * 1.05},
			DropSpeedup:     effect.Interval{Ratio: 1, Low: 0.98, High: 1.02}})
	}
	inputs, err := job.ReadInputs(job.Choices{Workload: string(workload), Target: target})
	if err != nil {
		panic(err)
	}
	ev, err := evaluate(inputs, in, res)
	if err != nil {
		panic(err)
	}
	return buildReport(Options{Command: job.CommandAudit, ToolVersion: "1.2.3"}, inputs, in, measuredOn{res: res}, ev, nil)
}

// TestReportFixtureMatchesTheJSONGolden builds the audit report of a fixed
// inspection and calibration and compares its JSON with the golden files
// that package report's renderer tests read as their input.
func TestReportFixtureMatchesTheJSONGolden(t *testing.T) {
	fixtures := map[string]func() *report.Report{
		"ddl-heavy":    func() *report.Report { return fixtureReport("") },
		"oltp":         func() *report.Report { return fixtureReport(rules.WorkloadOLTP) },
		"old-defaults": fixtureOldDefaultsReport,
	}
	for name, build := range fixtures {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := report.Write(&buf, build(), report.JSON, report.TextStyle{}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("report", "testdata", "audit-"+name+".json")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s differs (go test ./advisor -update rewrites it after review, then go test ./advisor/report -update):\n%s", path, buf.Bytes())
			}
		})
	}
}

func TestSnippetCarriesMeasurementForDDLHeavy(t *testing.T) {
	r := fixtureReport("")
	if r.Workload.Class != string(rules.WorkloadDDLHeavy) {
		t.Fatalf("fixture should classify as ddl-heavy, got %s (%s)", r.Workload.Class, r.Workload.Reason)
	}
	want := "# CREATE TABLE 1.45x faster measured (paired ratio, 95% CI 1.38-1.52; mean per CREATE TABLE 3.19 -> 2.20 ms)\ninnodb_file_per_table = 0\n"
	if !bytes.Contains([]byte(r.MyCnf), []byte(want)) {
		t.Errorf("snippet lacks %q:\n%s", want, r.MyCnf)
	}
}
