package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// measuredSnapshot builds a MariaDB 10.11 snapshot of a server running both
// settings ON, with the given speedups (ratio, low, high) of the variants
// that turn them off; a nil interval means "not measured".
func measuredSnapshot(class WorkloadClass, fpt, stats, both *effect.Interval) Snapshot {
	return directedSnapshot(class, "OFF", fpt, stats, both)
}

// directedSnapshot is measuredSnapshot with the variants turning the
// settings to value ("OFF" on a server at the new defaults, "ON" on one at
// the old ones).
func directedSnapshot(class WorkloadClass, value string, fpt, stats, both *effect.Interval) Snapshot {
	variant := func(name string, iv *effect.Interval, settings ...string) Variant {
		changes := map[string]string{}
		for _, k := range settings {
			changes[k] = value
		}
		if iv == nil {
			return Variant{Name: name, Changes: changes, Reason: "MariaDB has no TABLESPACE clause; only SET GLOBAL innodb_file_per_table can measure it"}
		}
		return Variant{Name: name, Changes: changes, Measured: true, Mechanism: "SET GLOBAL", CreateP50: 2.9 / iv.Ratio, CreateMean: 3.1 / iv.Ratio, DropMean: 1, Speedup: *iv}
	}
	suffix := strings.ToLower(value)
	return Snapshot{
		Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 6)},
		Workload: Workload{Class: class, Reason: "test", UptimeS: 86400, Questions: 100000,
			DDLPerHour: 500, CreatesPerHour: 250, DropsPerHour: 250},
		Bench: &Measurements{TablesPerRound: 100, Rounds: 10, Variants: []Variant{
			{Name: "baseline", Measured: true, CreateP50: 2.9, CreateMean: 3.1, DropMean: 1, Speedup: effect.Interval{Ratio: 1, Low: 1, High: 1}},
			variant("file_per_table_"+suffix, fpt, "innodb_file_per_table"),
			variant("stats_persistent_"+suffix, stats, "innodb_stats_persistent"),
			variant("both_"+suffix, both, "innodb_file_per_table", "innodb_stats_persistent"),
		}},
	}
}

func ddlIv(r, lo, hi float64) *effect.Interval { return &effect.Interval{Ratio: r, Low: lo, High: hi} }

func recommendsOff(f Finding, variable string) bool {
	for _, l := range f.Recommendation.MyCnf {
		if strings.HasPrefix(strings.TrimSpace(l), variable+" = 0") {
			return true
		}
	}
	for _, l := range f.Recommendation.SQL {
		if strings.HasPrefix(l, "SET GLOBAL "+variable) {
			return true
		}
	}
	return false
}

func ddlTestFinding(fs []Finding, id string) *Finding {
	for i := range fs {
		if fs[i].ID == id {
			return &fs[i]
		}
	}
	return nil
}

func TestDDLRulesWeighWorkloadAgainstMeasurement(t *testing.T) {
	gain, none := ddlIv(1.45, 1.38, 1.52), ddlIv(1.02, 0.97, 1.08)
	tests := []struct {
		name      string
		snap      Snapshot
		wantIDs   []string
		recommend []string // variables whose OFF is actively recommended
	}{
		{"ddl-heavy with a gain recommends the change", measuredSnapshot(WorkloadDDLHeavy, gain, none, ddlIv(1.5, 1.4, 1.6)),
			[]string{"ddl-file-per-table-recommend", "ddl-stats-persistent-no-gain"}, []string{"innodb_file_per_table"}},
		{"oltp never recommends turning either off", measuredSnapshot(WorkloadOLTP, gain, gain, ddlIv(2.0, 1.9, 2.1)),
			[]string{"ddl-file-per-table-keep", "ddl-stats-persistent-keep", "ddl-both-off"}, nil},
		{"mixed only suggests, commented out", measuredSnapshot(WorkloadMixed, gain, gain, ddlIv(1.6, 1.55, 1.7)),
			[]string{"ddl-file-per-table-consider", "ddl-stats-persistent-consider"}, nil},
		{"unknown workload is conditional", measuredSnapshot(WorkloadUnknown, gain, none, nil),
			[]string{"ddl-file-per-table-if-ddl-heavy"}, nil},
		{"not measured is reported as such", measuredSnapshot(WorkloadDDLHeavy, nil, gain, nil),
			[]string{"ddl-file-per-table-not-measured", "ddl-stats-persistent-recommend"}, []string{"innodb_stats_persistent"}},
		{"both helping adds the combination", measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.3, 1.25, 1.35), ddlIv(1.4, 1.3, 1.5), ddlIv(2.9, 2.7, 3.1)),
			[]string{"ddl-both-off", "ddl-file-per-table-recommend", "ddl-stats-persistent-recommend"}, []string{"innodb_file_per_table", "innodb_stats_persistent"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := Evaluate(tt.snap)
			for _, id := range tt.wantIDs {
				if ddlTestFinding(fs, id) == nil {
					t.Errorf("missing finding %s; got %v", id, ddlTestIDs(fs))
				}
			}
			for _, v := range []string{"innodb_file_per_table", "innodb_stats_persistent"} {
				want := ddlTestContains(tt.recommend, v)
				got := false
				for _, f := range fs {
					got = got || recommendsOff(f, v)
				}
				if got != want {
					t.Errorf("recommends %s off = %v, want %v", v, got, want)
				}
			}
		})
	}
}

func TestRecommendationCarriesTheMeasurement(t *testing.T) {
	fs := Evaluate(measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.45, 1.38, 1.52), nil, nil))
	f := ddlTestFinding(fs, "ddl-file-per-table-recommend")
	if f == nil {
		t.Fatalf("no recommendation: %v", ddlTestIDs(fs))
	}
	if f.Severity != Warning || f.MeasuredSpeedup == nil || f.MeasuredSpeedup.Ratio != 1.45 {
		t.Fatalf("finding %+v", f)
	}
	cnf := strings.Join(f.Recommendation.MyCnf, "\n")
	if !strings.Contains(cnf, "1.45x faster measured (paired ratio, 95% CI 1.38-1.52; mean per CREATE TABLE 3.10 -> 2.14 ms)") {
		t.Errorf("my.cnf comment lacks the measurement:\n%s", cnf)
	}
	if len(f.Recommendation.Tradeoffs) == 0 || !strings.Contains(f.Detail, "per hour") {
		t.Errorf("trade-offs or impact missing: %+v", f)
	}
}

func TestNoBenchNoDDLFindings(t *testing.T) {
	s := measuredSnapshot(WorkloadDDLHeavy, nil, nil, nil)
	s.Bench = nil
	for _, f := range Evaluate(s) {
		if strings.HasPrefix(f.ID, "ddl-") {
			t.Errorf("unexpected %s without measurements", f.ID)
		}
	}
}

func ddlTestIDs(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

func ddlTestContains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

func TestImpactProjectsRateAndSetupScenario(t *testing.T) {
	s := measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.45, 1.38, 1.52), nil, nil)
	s.ExpectTables = 1000
	f := ddlTestFinding(Evaluate(s), "ddl-file-per-table-recommend")
	if f == nil {
		t.Fatal("no recommendation")
	}
	// 250 CREATE/h x (3.1 - 3.1/1.45) ms = 0.24 s/h; 1000 x 3.1 ms = 3.1 s -> 2.1 s.
	for _, want := range []string{"250 CREATE and 250 DROP TABLE per hour", "saves about 0.2 s per hour", "Creating 1000 tables: 3.1 s -> 2.1 s."} {
		if !strings.Contains(f.Detail, want) {
			t.Errorf("detail lacks %q:\n%s", want, f.Detail)
		}
	}
}

func TestImpactNeedsTheWorkloadClassesHistory(t *testing.T) {
	tests := []struct {
		name              string
		uptime, questions int64
		want, wantNot     string
	}{
		// A fresh MySQL 9.7: seconds of uptime, a handful of statements.
		{"fresh server", 1, 8, "too little history (1 s of uptime, 8 statements; need at least 1.0 h of uptime and 1000 statements)", "saves about"},
		{"long uptime, few statements", 7200, 999, "too little history", "saves about"},
		{"no counters", 0, 0, "no status counters were read", "saves about"},
		{"enough history", 3600, 1000, "saves about", "No saving"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.45, 1.38, 1.52), nil, nil)
			s.Workload.UptimeS, s.Workload.Questions = tt.uptime, tt.questions
			f := ddlTestFinding(Evaluate(s), "ddl-file-per-table-recommend")
			if f == nil {
				t.Fatal("no recommendation")
			}
			if !strings.Contains(f.Detail, tt.want) || strings.Contains(f.Detail, tt.wantNot) {
				t.Errorf("detail should say %q and not %q:\n%s", tt.want, tt.wantNot, f.Detail)
			}
		})
	}
}

func TestTooFewRoundsIsInconclusive(t *testing.T) {
	s := measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.45, 1.45, 1.45), ddlIv(1.3, 1.3, 1.3), ddlIv(2, 2, 2))
	s.Bench.Rounds = 1
	fs := Evaluate(s)
	for _, f := range fs {
		if len(f.Recommendation.MyCnf) > 0 || f.Severity != Info {
			t.Errorf("%s acts on one round: %+v", f.ID, f.Recommendation)
		}
	}
	if ddlTestFinding(fs, "ddl-file-per-table-inconclusive") == nil {
		t.Errorf("no inconclusive finding: %v", ddlTestIDs(fs))
	}
}

func TestSpeedupTextSaysWhichStatisticEachFigureIs(t *testing.T) {
	tests := []struct {
		name    string
		v, base Variant
		want    []string
		wantNot string
	}{
		// The case: means 4.61 -> 4.94 (1.07x) beside a paired ratio of 1/1.13.
		{"slower", Variant{CreateMean: 4.94, Speedup: effect.Interval{Ratio: 0.885, Low: 0.85, High: 0.92}, Rounds: 12}, Variant{CreateMean: 4.61},
			[]string{"1.13x slower measured (paired ratio 0.89x, 95% CI 0.85-0.92; mean per CREATE TABLE 4.61 -> 4.94 ms)"}, ""},
		{"faster", Variant{CreateMean: 2, Speedup: effect.Interval{Ratio: 1.45, Low: 1.38, High: 1.52}, Rounds: 6}, Variant{CreateMean: 2.9},
			[]string{"1.45x faster measured (paired ratio, 95% CI 1.38-1.52; mean per CREATE TABLE 2.90 -> 2.00 ms)"}, "median"},
		{"no means", Variant{CreateP50: 2, Speedup: effect.Interval{Ratio: 1.45, Low: 1.38, High: 1.52}}, Variant{CreateP50: 2.9},
			[]string{"95% CI 1.38-1.52; median per CREATE TABLE 2.90 -> 2.00 ms"}, "mean"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := speedupText(&tt.v, &tt.base)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q\nwant %q", got, w)
				}
			}
			if tt.wantNot != "" && strings.Contains(got, tt.wantNot) {
				t.Errorf("got %q, must not contain %q", got, tt.wantNot)
			}
		})
	}
}

func TestDeprecatedVariableIsSaidInTheRecommendation(t *testing.T) {
	maria := func(minor, patch int) flavor.Flavor {
		return flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, minor, patch)}
	}
	tests := []struct {
		name           string
		server         flavor.Flavor
		target         *flavor.Flavor
		wantDeprecated string // "" when the recommendation must not speak of it
	}{
		{"MariaDB 10.11", flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}, nil, ""},
		{"MariaDB 11.8 deprecates it", maria(8, 9), nil, "innodb_file_per_table is deprecated in MariaDB 11.8.9 (since 11.0.1)"},
		{"MariaDB 10.11 to 11.8", flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}, &flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 0)},
			"innodb_file_per_table is deprecated in MariaDB 11.8 (since 11.0.1)"},
		{"MySQL 9.7 keeps it", flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.45, 1.38, 1.52), nil, nil)
			s.Flavor, s.Target = tt.server, tt.target
			f := ddlTestFinding(Evaluate(s), "ddl-file-per-table-recommend")
			if f == nil {
				t.Fatal("no recommendation")
			}
			mycnf, tradeoffs := strings.Join(f.Recommendation.MyCnf, "\n"), strings.Join(f.Recommendation.Tradeoffs, "\n")
			if tt.wantDeprecated == "" {
				if strings.Contains(mycnf+tradeoffs, "deprecated") {
					t.Errorf("speaks of a deprecation:\n%s\n%s", mycnf, tradeoffs)
				}
				return
			}
			if !strings.Contains(mycnf, "# "+tt.wantDeprecated) || !strings.Contains(tradeoffs, tt.wantDeprecated) {
				t.Errorf("my.cnf and trade-offs should say %q:\n%s\n%s", tt.wantDeprecated, mycnf, tradeoffs)
			}
			if !strings.Contains(mycnf, "innodb_file_per_table = 0") {
				t.Errorf("the setting is gone:\n%s", mycnf)
			}
		})
	}
}

func TestDeprecationSaidAlikeInRecommendationAndConfig(t *testing.T) {
	// The same fact, whether the tool recommends the setting or finds it in --config.
	mariadb118 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}
	s := measuredSnapshot(WorkloadDDLHeavy, ddlIv(1.45, 1.38, 1.52), nil, nil)
	s.Flavor, s.Target = mariadb118, &mariadb118
	s.Config = []ConfigOption{cnfOpt("innodb_file_per_table", "0", 3)}
	fs := Evaluate(s)
	rec := ddlTestFinding(fs, "ddl-file-per-table-recommend")
	cfg := ddlTestFinding(fs, findingDeprecatedVariable)
	if rec == nil || cfg == nil {
		t.Fatalf("findings %v", ddlTestIDs(fs))
	}
	if !strings.Contains(strings.Join(rec.Recommendation.Tradeoffs, " "), cfg.Title) {
		t.Errorf("the recommendation does not say %q:\n%q", cfg.Title, rec.Recommendation.Tradeoffs)
	}
}

func TestDDLRulesSayTheCostOfTurningSettingsOn(t *testing.T) {
	cost, none := ddlIv(0.62, 0.59, 0.66), ddlIv(0.98, 0.93, 1.04)
	tests := []struct {
		name    string
		snap    Snapshot
		wantIDs []string
		detail  string // in the file-per-table finding
	}{
		{"ddl-heavy: the cost and keeping OFF across the upgrade", directedSnapshot(WorkloadDDLHeavy, "ON", cost, none, ddlIv(0.4, 0.38, 0.42)),
			[]string{"ddl-file-per-table-cost", "ddl-stats-persistent-no-cost", "ddl-both-on"}, "keep innodb_file_per_table=OFF across the upgrade"},
		{"oltp: the cost hardly matters", directedSnapshot(WorkloadOLTP, "ON", cost, cost, nil),
			[]string{"ddl-file-per-table-cost", "ddl-stats-persistent-cost"}, "take the new default"},
		{"unknown workload: conditional", directedSnapshot(WorkloadUnknown, "ON", cost, nil, nil),
			[]string{"ddl-file-per-table-cost", "ddl-stats-persistent-not-measured"}, "matters only if the application creates"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := Evaluate(tt.snap)
			for _, id := range tt.wantIDs {
				if ddlTestFinding(fs, id) == nil {
					t.Errorf("missing finding %s; got %v", id, ddlTestIDs(fs))
				}
			}
			f := ddlTestFinding(fs, "ddl-file-per-table-cost")
			if f == nil {
				t.Fatalf("no cost finding: %v", ddlTestIDs(fs))
			}
			wantTitle := "CREATE TABLE 1.61x slower with innodb_file_per_table=ON"
			if f.Title != wantTitle || !strings.Contains(f.Detail, tt.detail) || f.Evidence["direction"] != "on" {
				t.Errorf("title %q (want %q), evidence %v, detail:\n%s", f.Title, wantTitle, f.Evidence, f.Detail)
			}
			for _, g := range fs {
				if strings.HasPrefix(g.ID, "ddl-") && (g.Severity != Info || len(g.Recommendation.MyCnf) > 0) {
					t.Errorf("%s: a cost alone changes nothing (severity %s, my.cnf %q)", g.ID, g.Severity, g.Recommendation.MyCnf)
				}
			}
		})
	}
}

func TestImpactOfACostSaysCost(t *testing.T) {
	s := directedSnapshot(WorkloadDDLHeavy, "ON", ddlIv(0.62, 0.59, 0.66), nil, nil)
	f := ddlTestFinding(Evaluate(s), "ddl-file-per-table-cost")
	if f == nil || !strings.Contains(f.Detail, "that adds about") {
		t.Fatalf("cost without the added time per hour: %+v", f)
	}
	s.Workload.UptimeS, s.Workload.Questions = 60, 10
	if f := ddlTestFinding(Evaluate(s), "ddl-file-per-table-cost"); f == nil || !strings.Contains(f.Detail, "No cost per hour is estimated") {
		t.Errorf("too little history should say no cost is estimated: %+v", f)
	}
}

func TestSlowdownIntervalIsSaidAsSlowdown(t *testing.T) {
	v := &Variant{CreateMean: 5, Speedup: effect.Interval{Ratio: 0.625, Low: 0.5, High: 0.8}}
	got := speedupText(v, &Variant{CreateMean: 3.125})
	if !strings.Contains(got, "1.60x slower measured (paired ratio 0.62x, 95% CI 0.50-0.80; mean per CREATE TABLE 3.12 -> 5.00 ms)") ||
		slowdownText(v.Speedup) != "slowdown 95% CI 1.25-2.00x" {
		t.Errorf("got %q", got)
	}
	if !v.Speedup.Slower() || (effect.Interval{Ratio: 0.98, Low: 0.9, High: 1.02}).Slower() {
		t.Error("Slower misjudges the interval")
	}
}

func TestMeasurementsFindVariantsByChange(t *testing.T) {
	m := directedSnapshot(WorkloadDDLHeavy, "ON", ddlIv(0.6, 0.5, 0.7), nil, nil).Bench
	tests := []struct {
		name string
		got  *Variant
		want string
	}{
		{"one setting by value", m.Change("innodb_file_per_table", "ON"), "file_per_table_on"},
		{"value spelled as a number", m.Change("innodb_file_per_table", "1"), "file_per_table_on"},
		{"the other direction is absent", m.Change("innodb_file_per_table", "OFF"), ""},
		{"both", m.Change("innodb_file_per_table", "ON", "innodb_stats_persistent", "ON"), "both_on"},
		{"by setting, any direction", m.Changing("innodb_stats_persistent"), "stats_persistent_on"},
		{"baseline", m.Baseline(), "baseline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := ""
			if tt.got != nil {
				name = tt.got.Name
			}
			if name != tt.want {
				t.Errorf("got %q, want %q", name, tt.want)
			}
		})
	}
}
