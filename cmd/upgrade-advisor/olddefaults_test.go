package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// The 5.5 -> 5.6 story (docs/example-old-defaults.md): a server that still
// runs innodb_file_per_table=OFF and innodb_stats_persistent=OFF, audited
// with --target a version where both default to ON. The audit measures what
// turning each on costs, carries the cost into the drift findings, and its
// snippet pins OFF for a DDL-heavy workload where the measured cost clears
// the threshold; an OLTP workload accepts the new defaults. Shape only:
// on a noisy machine a cost may or may not clear the threshold, so the
// snippet is checked against the interval the run measured.

// oldDefaultsTargets is the --target with both defaults ON for each server.
var oldDefaultsTargets = map[string]string{"mariadb-10.11": "11.8", "mysql-9.7": "9.7"}

type oldDefaultsReport struct {
	Benchmark struct {
		Variants []struct {
			Name      string
			Changes   map[string]string
			Direction string
			Measured  bool
			Reason    string
			Speedup   *struct {
				Ratio float64
				Low   float64 `json:"ci_low"`
				High  float64 `json:"ci_high"`
			}
		}
	}
	Findings []oldDefaultsFinding
	MyCnf    string
}

type oldDefaultsFinding struct {
	ID              string
	Evidence        map[string]string
	Detail          string
	MeasuredSpeedup *struct {
		Variant string
		Ratio   float64
		Low     float64 `json:"ci_low"`
		High    float64 `json:"ci_high"`
	} `json:"measured_speedup"`
	Recommendation struct{ MyCnf []string }
}

func auditOldDefaults(t *testing.T, srv sandboxtest.Server, workload string) oldDefaultsReport {
	t.Helper()
	args := []string{"audit", "--no-defaults", "--sandbox", "--sandbox-option", "innodb_file_per_table=0",
		"--sandbox-option", "innodb_stats_persistent=0", "--workload", workload, "--target", oldDefaultsTargets[srv.Key],
		"--tables", "20", "--rounds", "4", "--format", "json", "-q"}
	if srv.Basedir != "" {
		args = append(args, "--basedir", srv.Basedir)
	}
	stdout, stderr, code := run(t, nil, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r oldDefaultsReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	return r
}

func TestAuditOfOldDefaultsMeasuresTheUpgradesCost(t *testing.T) {
	for _, srv := range sandboxtest.Servers() {
		if _, ok := oldDefaultsTargets[srv.Key]; !ok {
			continue
		}
		t.Run(srv.Name(), func(t *testing.T) {
			srv.Require(t)
			t.Run("ddl-heavy pins what the measured cost warrants", func(t *testing.T) {
				r := auditOldDefaults(t, srv, "ddl-heavy")
				assertVariantsTurnSettingsOn(t, r)
				for _, c := range []struct{ variable, variant string }{
					{"innodb_file_per_table", "file_per_table_on"}, {"innodb_stats_persistent", "stats_persistent_on"},
				} {
					f := driftFinding(t, r, c.variable)
					m := f.MeasuredSpeedup
					if m == nil || m.Variant != c.variant || !(m.Low <= m.Ratio && m.Ratio <= m.High) || m.Low <= 0 {
						t.Errorf("%s: drift finding without the measured change and its interval: %+v", c.variable, m)
						continue
					}
					if !strings.Contains(f.Detail, "the upgrade's change: CREATE TABLE") {
						t.Errorf("%s: detail does not quote the measured cost: %s", c.variable, f.Detail)
					}
					pin := "\n" + c.variable + " = OFF\n"
					costly := 1/m.High > 1.05
					if got := strings.Contains(r.MyCnf, pin); got != costly {
						t.Errorf("%s: slowdown interval %.2f-%.2f, active pin %v, want %v:\n%s", c.variable, 1/m.High, 1/m.Low, got, costly, r.MyCnf)
					}
					if !costly && !strings.Contains(r.MyCnf, "# "+c.variable+" = OFF   # optional") {
						t.Errorf("%s: no cost shown, but the snippet does not offer the pin commented out:\n%s", c.variable, r.MyCnf)
					}
					if costly && !strings.Contains(r.MyCnf, "# "+c.variable+"=ON: CREATE TABLE ") {
						t.Errorf("%s: the pin does not quote the measured slowdown:\n%s", c.variable, r.MyCnf)
					}
				}
			})
			t.Run("oltp accepts the new defaults", func(t *testing.T) {
				r := auditOldDefaults(t, srv, "oltp")
				assertVariantsTurnSettingsOn(t, r)
				for _, v := range []string{"innodb_file_per_table", "innodb_stats_persistent"} {
					f := driftFinding(t, r, v)
					if strings.Contains(r.MyCnf, "\n"+v+" = OFF\n") || !strings.Contains(strings.Join(f.Recommendation.MyCnf, "\n"), "accepted (OLTP workload") {
						t.Errorf("%s: OLTP should accept the new default: %q\n%s", v, f.Recommendation.MyCnf, r.MyCnf)
					}
				}
			})
		})
	}
}

// assertVariantsTurnSettingsOn: the calibration of a server at the old
// defaults measures file_per_table_on, stats_persistent_on and both_on
// (direction "on") with intervals, and no variant turns anything off.
func assertVariantsTurnSettingsOn(t *testing.T, r oldDefaultsReport) {
	t.Helper()
	want := map[string]int{"file_per_table_on": 1, "stats_persistent_on": 1, "both_on": 2}
	for _, v := range r.Benchmark.Variants {
		if v.Name == "baseline" {
			continue
		}
		n, ok := want[v.Name]
		if !ok {
			t.Errorf("unexpected variant %s (changes %v)", v.Name, v.Changes)
			continue
		}
		delete(want, v.Name)
		if !v.Measured || v.Direction != "on" || len(v.Changes) != n || v.Speedup == nil ||
			!(v.Speedup.Low <= v.Speedup.Ratio && v.Speedup.Ratio <= v.Speedup.High) {
			t.Errorf("%s: want measured, direction on, %d changes, an interval; got %+v", v.Name, n, v)
		}
	}
	if len(want) > 0 {
		t.Errorf("variants missing: %v", want)
	}
}

func driftFinding(t *testing.T, r oldDefaultsReport, variable string) oldDefaultsFinding {
	t.Helper()
	for _, f := range r.Findings {
		if f.ID == "default-drift" && f.Evidence["variable"] == variable {
			return f
		}
	}
	t.Fatalf("no default-drift finding for %s", variable)
	return oldDefaultsFinding{}
}
