package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// snapshotOf builds a snapshot of a server with the given variables.
func upgradeSnapshot(current, target flavor.Flavor, vars map[string]Setting, config ...ConfigOption) Snapshot {
	return Snapshot{Flavor: current, Variables: vars, Target: &target, Config: config}
}

func compiledSetting(v string) Setting { return Setting{Value: v, Origin: OriginCompiled} }

func driftFor(t *testing.T, s Snapshot, name string) (Finding, bool) {
	t.Helper()
	f, ok := driftByVariable(t, s)[name]
	return f, ok
}

func TestDriftDependsOnOrigin(t *testing.T) {
	mysqldOpt := func(name, value string) ConfigOption {
		return ConfigOption{Name: name, Value: value, Section: "mysqld", File: "/etc/my.cnf", Line: 3}
	}
	tests := []struct {
		desc    string
		varName string
		setting Setting
		config  []ConfigOption
		want    bool
	}{
		{"compiled default", "innodb_file_per_table", compiledSetting("OFF"), nil, true},
		{"set in config", "innodb_file_per_table", Setting{"OFF", OriginConfig}, nil, false},
		{"set at runtime", "innodb_file_per_table", Setting{"OFF", OriginRuntime}, nil, false},
		{"unknown origin, not in the given config", "innodb_file_per_table", Setting{"OFF", OriginUnknown},
			[]ConfigOption{mysqldOpt("max_connections", "500")}, true},
		{"unknown origin, in the given config", "innodb_file_per_table", Setting{"OFF", OriginUnknown},
			[]ConfigOption{mysqldOpt("innodb_file_per_table", "0")}, false},
		{"unknown origin, set with skip- prefix", "innodb_file_per_table", Setting{"OFF", OriginUnknown},
			[]ConfigOption{mysqldOpt("skip-innodb-file-per-table", "")}, false},
		{"unknown origin, only in a section MySQL does not read", "innodb_file_per_table", Setting{"OFF", OriginUnknown},
			[]ConfigOption{{Name: "innodb_file_per_table", Value: "0", Section: "mariadb", File: "/etc/my.cnf", Line: 9}}, true},
		{"unknown origin, not in config but not the documented default", "table_open_cache", Setting{"800", OriginUnknown},
			[]ConfigOption{mysqldOpt("max_connections", "500")}, false},
		{"unknown origin, no config, documented default", "table_open_cache", Setting{"400", ""}, nil, true},
		{"unknown origin, no config, other value", "table_open_cache", Setting{"800", OriginUnknown}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			s := upgradeSnapshot(flMySQL(5, 5, 42), flMySQL(5, 6, 0), map[string]Setting{tt.varName: tt.setting}, tt.config...)
			f, got := driftFor(t, s, tt.varName)
			if got != tt.want {
				t.Fatalf("drift reported: %v, want %v (%s)", got, tt.want, f.Title)
			}
			if got && f.Evidence["origin"] != originLabel(tt.setting.Origin) {
				t.Errorf("evidence origin %q, want %q", f.Evidence["origin"], originLabel(tt.setting.Origin))
			}
		})
	}
}

func TestDriftNeedsTarget(t *testing.T) {
	s := Snapshot{Flavor: flMySQL(5, 5, 42), Variables: map[string]Setting{"innodb_file_per_table": compiledSetting("OFF")}}
	if got := checkDefaultDrift(s); len(got) != 0 {
		t.Errorf("without --target: %d findings, want none", len(got))
	}
}

func TestDriftHonoursTargetPatchLevel(t *testing.T) {
	vars := map[string]Setting{"innodb_file_per_table": compiledSetting("OFF")}
	if _, ok := driftFor(t, upgradeSnapshot(flMySQL(5, 5, 42), flMySQL(5, 6, 5), vars), "innodb_file_per_table"); ok {
		t.Error("5.6.5 still defaults to OFF: no drift expected")
	}
	if _, ok := driftFor(t, upgradeSnapshot(flMySQL(5, 5, 42), flMySQL(5, 6, 6), vars), "innodb_file_per_table"); !ok {
		t.Error("5.6.6 defaults to ON: drift expected")
	}
}

func TestDriftFindingContents(t *testing.T) {
	s := upgradeSnapshot(flMySQL(5, 6, 51), flMySQL(5, 7, 0), map[string]Setting{
		"sync_binlog": compiledSetting("0"), "binlog_format": compiledSetting("STATEMENT"),
		"innodb_log_file_size": compiledSetting("50331648"),
	})
	got := driftByVariable(t, s)
	sb, ok := got["sync_binlog"]
	if !ok {
		t.Fatal("no sync_binlog drift")
	}
	want := map[string]string{"variable": "sync_binlog", "current": "0", "target_default": "1",
		"origin": "compiled", "target": "MySQL 5.7"}
	for k, v := range want {
		if sb.Evidence[k] != v {
			t.Errorf("evidence[%s] = %q, want %q", k, sb.Evidence[k], v)
		}
	}
	if sb.ID != RuleDefaultDrift || sb.Severity != Warning {
		t.Errorf("id %q severity %v, want %s warning", sb.ID, sb.Severity, RuleDefaultDrift)
	}
	if !strings.Contains(sb.Detail, "fsynced") {
		t.Errorf("detail lacks the effect text: %s", sb.Detail)
	}
	if got["binlog_format"].Severity != Info {
		t.Errorf("binlog_format severity %v, want info", got["binlog_format"].Severity)
	}
	if _, ok := got["innodb_log_file_size"]; ok {
		t.Error("innodb_log_file_size is 48M in both 5.6 and 5.7: no drift expected")
	}
}

func TestDriftSeverities(t *testing.T) {
	tests := []struct {
		current, target flavor.Flavor
		name, value     string
		want            Severity
	}{
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), "character_set_server", "latin1", Warning},
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), "explicit_defaults_for_timestamp", "OFF", Warning},
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), "log_bin", "OFF", Warning},
		{flMySQL(5, 5, 42), flMySQL(5, 6, 0), "sql_mode", "", Warning},
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), "innodb_autoinc_lock_mode", "1", Info},
		{flMySQL(8, 0, 36), flMySQL(8, 4, 0), "innodb_adaptive_hash_index", "ON", Info},
		{flMariaDB(11, 4, 5), flMariaDB(11, 8, 0), "character_set_server", "latin1", Warning},
		{flMariaDB(10, 6, 20), flMariaDB(10, 11, 0), "explicit_defaults_for_timestamp", "OFF", Warning},
	}
	for _, tt := range tests {
		t.Run(tt.name+" to "+tt.target.String(), func(t *testing.T) {
			s := upgradeSnapshot(tt.current, tt.target, map[string]Setting{tt.name: compiledSetting(tt.value)})
			f, ok := driftFor(t, s, tt.name)
			if !ok {
				t.Fatal("no drift finding")
			}
			if f.Severity != tt.want {
				t.Errorf("severity %v, want %v", f.Severity, tt.want)
			}
		})
	}
}

func TestNoDriftWhenDefaultsAgree(t *testing.T) {
	tests := []struct {
		current, target flavor.Flavor
		name, value     string
	}{
		{flMariaDB(11, 4, 5), flMariaDB(11, 4, 0), "character_set_server", "latin1"},
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), "innodb_flush_method", ""},              // NULL is fsync
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), "innodb_buffer_pool_size", "134217728"}, // 128M
		{flMySQL(8, 0, 36), flMySQL(8, 4, 0), "innodb_buffer_pool_instances", "1"},    // computed in both
	}
	for _, tt := range tests {
		s := upgradeSnapshot(tt.current, tt.target, map[string]Setting{tt.name: compiledSetting(tt.value)})
		if f, ok := driftFor(t, s, tt.name); ok {
			t.Errorf("%s %s -> %s: unexpected drift: %s", tt.name, tt.current, tt.target, f.Title)
		}
	}
}

func TestDriftPinDropsValuesTheTargetRejects(t *testing.T) {
	// MySQL 5.7.7's default sql_mode carries NO_AUTO_CREATE_USER, which 8.0 rejects.
	mode := "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
	s := upgradeSnapshot(flMySQL(5, 7, 7), flMySQL(8, 0, 0), map[string]Setting{"sql_mode": compiledSetting(mode)})
	f, ok := driftFor(t, s, "sql_mode")
	if !ok {
		t.Fatal("no sql_mode drift")
	}
	lines := f.Recommendation.MyCnf
	if pin := lines[len(lines)-1]; pin != "sql_mode = ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION" {
		t.Errorf("pin %q still has a value 8.0 rejects, or lost one it accepts", pin)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "NO_AUTO_CREATE_USER left out") {
		t.Errorf("my.cnf lines do not say why NO_AUTO_CREATE_USER is left out: %q", lines)
	}
}

func TestDriftForVariableAddedByTarget(t *testing.T) {
	t.Run("binlog_expire_logs_seconds appears in 8.0", func(t *testing.T) {
		s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0), map[string]Setting{"expire_logs_days": compiledSetting("0")})
		f, ok := driftFor(t, s, "binlog_expire_logs_seconds")
		if !ok {
			t.Fatal("no drift for binlog_expire_logs_seconds")
		}
		if f.Evidence["origin"] != "absent" || f.Evidence["current"] != "0" {
			t.Errorf("evidence %v, want origin absent, current 0", f.Evidence)
		}
	})
	t.Run("no drift when expire_logs_days is set", func(t *testing.T) {
		s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0), map[string]Setting{"expire_logs_days": {"7", OriginConfig}})
		if f, ok := driftFor(t, s, "binlog_expire_logs_seconds"); ok {
			t.Errorf("expire_logs_days=7 still governs purging in 8.0: %s", f.Title)
		}
	})
	t.Run("no drift when the implied behaviour equals the new default", func(t *testing.T) {
		s := upgradeSnapshot(flMariaDB(10, 11, 6), flMySQL(8, 0, 0), map[string]Setting{})
		if f, ok := driftFor(t, s, "innodb_dedicated_server"); ok {
			t.Errorf("innodb_dedicated_server defaults to OFF, as today: %s", f.Title)
		}
	})
}

// driftBench builds measurements of a server at the old defaults with the
// file_per_table_on variant measured (ratio speedup, low, high) and the
// stats_persistent_on variant not.
func driftBench(ratio, low, high float64) *Measurements {
	return &Measurements{TablesPerRound: 50, Rounds: 8, Variants: []Variant{
		{Name: "baseline", Measured: true, CreateP50: 2.0, CreateMean: 2.0},
		{Name: "file_per_table_on", Changes: map[string]string{"innodb_file_per_table": "ON"}, Measured: true, Mechanism: "SET GLOBAL innodb_file_per_table=ON",
			CreateP50: 2.0 / ratio, CreateMean: 2.0 / ratio, Speedup: effect.Interval{Ratio: ratio, Low: low, High: high}},
		{Name: "stats_persistent_on", Changes: map[string]string{"innodb_stats_persistent": "ON"}, Measured: false,
			Reason: "this server has no persistent statistics, so turning them on cannot be measured here; measure it with `upgrade-advisor rehearse`"},
	}}
}

func TestDriftQuotesTheMeasuredCostOfTheChange(t *testing.T) {
	s := upgradeSnapshot(flMySQL(5, 5, 42), flMySQL(5, 6, 0), map[string]Setting{"innodb_file_per_table": compiledSetting("OFF")})
	s.Bench = driftBench(0.625, 0.6, 0.65)
	got := driftByVariable(t, s)

	fpt := got["innodb_file_per_table"]
	if m := fpt.MeasuredSpeedup; m == nil || m.Variant != "file_per_table_on" || m.Ratio != 0.625 || m.Low != 0.6 || m.BaselineMs != 2.0 || m.VariantMs != 3.2 {
		t.Fatalf("MeasuredSpeedup = %+v", m)
	}
	for _, want := range []string{"raises the cost of CREATE TABLE / DROP TABLE", "the upgrade's change: CREATE TABLE 1.60x slower", "95% CI 1.54-1.67"} {
		if !strings.Contains(fpt.Detail, want) {
			t.Errorf("innodb_file_per_table detail lacks %q: %s", want, fpt.Detail)
		}
	}
	if fpt.Evidence["direction"] != "on" {
		t.Errorf("evidence %v lacks the direction", fpt.Evidence)
	}

	sp := got["innodb_stats_persistent"]
	if sp.MeasuredSpeedup != nil {
		t.Errorf("innodb_stats_persistent: MeasuredSpeedup %+v for an unmeasured variant", *sp.MeasuredSpeedup)
	}
	for _, want := range []string{"raises the cost of CREATE TABLE / DROP TABLE", "cannot be measured here", "rehearse"} {
		if !strings.Contains(sp.Detail, want) {
			t.Errorf("innodb_stats_persistent detail lacks %q: %s", want, sp.Detail)
		}
	}
}

// TestDriftPinFollowsWorkloadAndMeasuredCost: the my.cnf line of a DDL
// setting's drift is active only for a ddl-heavy workload whose measured
// cost clears the threshold (or was not measured), commented out for an
// interval without a cost and for mixed/unknown, absent for OLTP.
func TestDriftPinFollowsWorkloadAndMeasuredCost(t *testing.T) {
	const pin = "innodb_file_per_table = OFF"
	tests := []struct {
		name       string
		class      WorkloadClass
		bench      *Measurements
		wantActive bool
		wantLine   string // a line of the snippet, "" for none to check
	}{
		{"ddl-heavy, cost clears the threshold", WorkloadDDLHeavy, driftBench(0.625, 0.6, 0.65), true, "# innodb_file_per_table=ON: CREATE TABLE 1.60x slower measured"},
		{"ddl-heavy, no cost shown", WorkloadDDLHeavy, driftBench(0.98, 0.93, 1.03), false, "# " + pin + "   # optional"},
		{"ddl-heavy, not measured", WorkloadDDLHeavy, nil, true, pin},
		{"mixed", WorkloadMixed, driftBench(0.625, 0.6, 0.65), false, "# " + pin + "   # uncomment"},
		{"unknown", WorkloadUnknown, driftBench(0.625, 0.6, 0.65), false, "# " + pin + "   # uncomment"},
		{"oltp", WorkloadOLTP, driftBench(0.625, 0.6, 0.65), false, "default ON accepted (OLTP workload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := upgradeSnapshot(flMySQL(5, 5, 42), flMySQL(5, 6, 0), map[string]Setting{"innodb_file_per_table": compiledSetting("OFF")})
			s.Bench, s.Workload = tt.bench, Workload{Class: tt.class}
			f := driftByVariable(t, s)["innodb_file_per_table"]
			active, found := false, false
			for _, l := range f.Recommendation.MyCnf {
				active = active || strings.TrimSpace(l) == pin
				found = found || strings.Contains(l, tt.wantLine)
			}
			if active != tt.wantActive || !found {
				t.Errorf("active pin %v (want %v), line %q found %v in:\n%s", active, tt.wantActive, tt.wantLine, found, strings.Join(f.Recommendation.MyCnf, "\n"))
			}
			if tt.wantActive && tt.bench != nil && !strings.Contains(strings.Join(f.Recommendation.MyCnf, "\n"), "# trade-off: new tables go to the shared system tablespace") {
				t.Errorf("the pin does not quote the trade-offs:\n%s", strings.Join(f.Recommendation.MyCnf, "\n"))
			}
		})
	}
}

func TestDriftWithoutBenchSaysWhatToRun(t *testing.T) {
	s := upgradeSnapshot(flMySQL(5, 5, 42), flMySQL(5, 6, 0), map[string]Setting{"innodb_file_per_table": compiledSetting("OFF")})
	f, _ := driftFor(t, s, "innodb_file_per_table")
	if f.MeasuredSpeedup != nil || !strings.Contains(f.Detail, "calibration measures exactly this change") {
		t.Errorf("detail without measurements: %s", f.Detail)
	}
	if len(f.Recommendation.Tradeoffs) == 0 || !strings.Contains(f.Recommendation.Tradeoffs[0], "never shrinks") {
		t.Errorf("tradeoffs %q do not mention the shared tablespace", f.Recommendation.Tradeoffs)
	}
}

func TestDriftNotesDeprecatedPin(t *testing.T) {
	s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0), map[string]Setting{"explicit_defaults_for_timestamp": compiledSetting("OFF")})
	f, _ := driftFor(t, s, "explicit_defaults_for_timestamp")
	if !strings.Contains(strings.Join(f.Recommendation.Tradeoffs, " "), "deprecated in MySQL 8.0") {
		t.Errorf("tradeoffs %q do not warn that the pinned variable is deprecated", f.Recommendation.Tradeoffs)
	}
}

func TestMycnfLineAndShowValue(t *testing.T) {
	if got := mycnfLine("sql_mode", ""); got != `sql_mode = ""` {
		t.Errorf("empty value: %q", got)
	}
	if got := mycnfLine("innodb_file_per_table", "OFF"); got != "innodb_file_per_table = OFF" {
		t.Errorf("plain value: %q", got)
	}
	f, _ := knowledge.Lookup("innodb_log_file_size")
	if got := showValue(f, "50331648"); got != "50331648 (48M)" {
		t.Errorf("showValue = %q", got)
	}
	f, _ = knowledge.Lookup("table_open_cache")
	if got := showValue(f, "4000"); got != "4000" {
		t.Errorf("showValue = %q", got)
	}
}

func TestDriftOfDDLSettingsIsAcceptedForOLTP(t *testing.T) {
	target := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 6, 0)}
	s := Snapshot{
		Flavor:    flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 5, 42)},
		Variables: map[string]Setting{"innodb_file_per_table": {Value: "OFF", Origin: OriginCompiled}},
		Target:    &target,
		Workload:  Workload{Class: WorkloadOLTP},
	}
	var seen bool
	for _, f := range checkDefaultDrift(s) {
		if f.Evidence["variable"] != "innodb_file_per_table" {
			continue
		}
		seen = true
		for _, l := range f.Recommendation.MyCnf {
			if strings.HasPrefix(strings.TrimSpace(l), "innodb_file_per_table") {
				t.Errorf("OLTP drift pins the old value: %q", l)
			}
		}
		if f.Severity != Info {
			t.Errorf("severity %s", f.Severity)
		}
	}
	if !seen {
		t.Fatal("no drift finding for innodb_file_per_table 5.5 -> 5.6")
	}
}

// TestDriftPinOfADeprecatedSettingSaysSo: pinning innodb_file_per_table=OFF
// for MariaDB 11.8, where the variable is deprecated, says so beside the
// measured cost (the same fact the --config check gives).
func TestDriftPinOfADeprecatedSettingSaysSo(t *testing.T) {
	s := upgradeSnapshot(flMariaDB(10, 11, 19), flMariaDB(11, 8, 0), map[string]Setting{"innodb_file_per_table": compiledSetting("OFF")})
	s.Bench, s.Workload = driftBench(0.625, 0.6, 0.65), Workload{Class: WorkloadDDLHeavy}
	f := driftByVariable(t, s)["innodb_file_per_table"]
	snippet := strings.Join(f.Recommendation.MyCnf, "\n")
	if !strings.Contains(snippet, "innodb_file_per_table = OFF") || !strings.Contains(snippet, "# innodb_file_per_table is deprecated in MariaDB 11.8") {
		t.Errorf("the pin does not say the variable is deprecated in the target:\n%s", snippet)
	}
}
