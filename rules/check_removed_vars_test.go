package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func cnfOpt(name, value string, line int) ConfigOption {
	return ConfigOption{Name: name, Value: value, Section: "mysqld", File: "/etc/mysql/my.cnf", Line: line}
}

func cnfLooseOpt(name, value string, line int) ConfigOption {
	o := cnfOpt(name, value, line)
	o.Loose = true
	return o
}

// removedFindings runs the rule and indexes its findings by variable.
func removedFindings(t *testing.T, s Snapshot) map[string]Finding {
	t.Helper()
	out := map[string]Finding{}
	for _, f := range checkRemovedVariables(s) {
		name := f.Evidence["variable"]
		if _, dup := out[name]; dup {
			t.Errorf("%s reported twice", name)
		}
		out[name] = f
	}
	return out
}

func TestRemovedVariableInConfig(t *testing.T) {
	tests := []struct {
		desc        string
		current     flavor.Flavor
		target      flavor.Flavor
		option      ConfigOption
		wantID      string
		wantSev     Severity
		wantDetail  []string
		wantMyCnf   string // a line the recommendation must contain ("" for none)
		wantNothing bool
	}{
		{
			desc: "query cache removed in 8.0", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("query_cache_size", "0", 12), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"/etc/mysql/my.cnf:12", "refuse to start", "removed in MySQL 8.0.3", "no replacement"},
			wantMyCnf:  "# remove query_cache_size (/etc/mysql/my.cnf:12): not accepted by MySQL 8.0",
		},
		{
			desc: "loose- prefix is only ignored", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfLooseOpt("query_cache_type", "0", 13), wantID: ruleRemovedVariable, wantSev: Warning,
			wantDetail: []string{"loose- prefix", "ignores it"},
		},
		{
			desc: "tx_isolation names its replacement", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 36),
			option: cnfOpt("tx_isolation", "READ-COMMITTED", 20), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"transaction_isolation"}, wantMyCnf: "transaction_isolation = READ-COMMITTED",
		},
		{
			desc: "log_warnings converts to log_error_verbosity", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("log-warnings", "2", 5), wantID: ruleRemovedVariable, wantSev: Critical,
			wantMyCnf: "log_error_verbosity = 3",
		},
		{
			desc: "innodb_undo_logs becomes innodb_rollback_segments", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("innodb_undo_logs", "64", 6), wantID: ruleRemovedVariable, wantSev: Critical,
			wantMyCnf: "innodb_rollback_segments = 64",
		},
		{
			desc: "expire_logs_days is deprecated in 8.0", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("expire_logs_days", "7", 7), wantID: findingDeprecatedVariable, wantSev: Warning,
			wantDetail: []string{"deprecated"}, wantMyCnf: "binlog_expire_logs_seconds = 604800",
		},
		{
			desc: "deprecated with a known removal is a warning", current: flMySQL(8, 0, 36), target: flMySQL(8, 4, 0),
			option: cnfOpt("innodb_undo_tablespaces", "2", 8), wantID: findingDeprecatedVariable, wantSev: Warning,
			wantDetail: []string{"MySQL 9.3.0 refuses it"},
		},
		{
			desc: "expire_logs_days is removed in 8.4", current: flMySQL(8, 0, 36), target: flMySQL(8, 4, 0),
			option: cnfOpt("expire_logs_days", "7", 7), wantID: ruleRemovedVariable, wantSev: Critical,
			wantMyCnf: "binlog_expire_logs_seconds = 604800",
		},
		{
			desc: "skip- prefix names the variable", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("skip-innodb-checksums", "", 8), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"innodb_checksums"},
		},
		{
			desc: "innodb_file_format is accepted and ignored by MariaDB 10.6", current: flMariaDB(10, 5, 27), target: flMariaDB(10, 6, 0),
			option: cnfOpt("innodb_file_format", "Barracuda", 30), wantID: findingIgnoredVariable, wantSev: Warning,
			wantDetail: []string{"does nothing since MariaDB 10.6.0; remove it", "ignores the value"},
		},
		{
			desc: "max_tmp_tables stops MariaDB 11.8", current: flMariaDB(10, 11, 19), target: flMariaDB(11, 8, 0),
			option: cnfOpt("max_tmp_tables", "64", 12), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"refuse to start"},
		},
		{
			desc: "innodb_change_buffering is ignored by MariaDB 11.8", current: flMariaDB(10, 11, 19), target: flMariaDB(11, 8, 0),
			option: cnfOpt("innodb_change_buffering", "none", 13), wantID: findingIgnoredVariable, wantSev: Warning,
			wantDetail: []string{"does nothing since MariaDB 11.0.0"},
		},
		{
			desc: "tx_isolation is not an option in MariaDB", current: flMariaDB(10, 11, 19), target: flMariaDB(11, 8, 0),
			option: cnfOpt("tx_isolation", "READ-COMMITTED", 14), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"not an option", "transaction_isolation = READ-COMMITTED"},
		},
		{
			desc: "innodb_log_file_size stops MySQL 9.7", current: flMySQL(8, 4, 3), target: flMySQL(9, 7, 0),
			option: cnfOpt("innodb_log_file_size", "1G", 15), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"removed in MySQL 9.3.0"},
		},
		{
			desc: "MySQL-only variable MariaDB ignores on a move to MariaDB", current: flMySQL(5, 7, 44), target: flMariaDB(10, 11, 0),
			option: cnfOpt("master_info_repository", "TABLE", 31), wantID: findingIgnoredVariable, wantSev: Warning,
			wantDetail: []string{"does nothing in MariaDB; remove it", "only for compatibility"},
		},
		{
			desc: "MySQL-only variable MariaDB refuses on a move to MariaDB", current: flMySQL(8, 0, 36), target: flMariaDB(10, 11, 0),
			option: cnfOpt("innodb_dedicated_server", "ON", 32), wantID: ruleRemovedVariable, wantSev: Critical,
			wantDetail: []string{"does not exist in MariaDB 10.11"},
		},
		{
			desc: "query cache is still in MariaDB", current: flMariaDB(10, 5, 27), target: flMariaDB(10, 11, 0),
			option: cnfOpt("query_cache_type", "1", 3), wantNothing: true,
		},
		{
			desc: "a version section the target does not read", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option:      ConfigOption{Name: "query_cache_size", Value: "0", Section: "mysqld-5.7", File: "/etc/my.cnf", Line: 2},
			wantNothing: true,
		},
		{
			desc: "a version section the target reads", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: ConfigOption{Name: "query_cache_size", Value: "0", Section: "mysqld-8.0", File: "/etc/my.cnf", Line: 2},
			wantID: ruleRemovedVariable, wantSev: Critical,
		},
		{
			desc: "variables unknown to the knowledge base", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("my_plugin_setting", "1", 4), wantNothing: true,
		},
		{
			desc: "present and not deprecated", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 0),
			option: cnfOpt("innodb_file_per_table", "1", 4), wantNothing: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			s := upgradeSnapshot(tt.current, tt.target, nil, tt.option)
			got := checkRemovedVariables(s)
			if tt.wantNothing {
				if len(got) != 0 {
					t.Fatalf("want no findings, got %q", got[0].Title)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want 1 finding, got %d", len(got))
			}
			f := got[0]
			if f.ID != tt.wantID || f.Severity != tt.wantSev {
				t.Errorf("id %q severity %v, want %q %v (%s)", f.ID, f.Severity, tt.wantID, tt.wantSev, f.Title)
			}
			if f.Evidence["variable"] != ConfigVarName(tt.option.Name) {
				t.Errorf("evidence variable %q", f.Evidence["variable"])
			}
			for _, want := range tt.wantDetail {
				if !strings.Contains(f.Detail, want) {
					t.Errorf("detail lacks %q: %s", want, f.Detail)
				}
			}
			if tt.wantMyCnf != "" && !containsLine(f.Recommendation.MyCnf, tt.wantMyCnf) {
				t.Errorf("my.cnf lines %q lack %q", f.Recommendation.MyCnf, tt.wantMyCnf)
			}
		})
	}
}

func TestRemovedVariableReportedOnce(t *testing.T) {
	s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0),
		map[string]Setting{"query_cache_size": {"1048576", OriginConfig}, "tx_isolation": {"REPEATABLE-READ", OriginCompiled}},
		cnfOpt("query_cache_size", "1M", 10),
		ConfigOption{Name: "query_cache_size", Value: "0", Section: "mysqld", File: "/etc/mysql/conf.d/tuning.cnf", Line: 4},
	)
	got := removedFindings(t, s)
	if len(got) != 1 {
		t.Fatalf("want one finding (query_cache_size), got %d: %v", len(got), got)
	}
	f := got["query_cache_size"]
	if loc := f.Evidence["locations"]; loc != "/etc/mysql/my.cnf:10, /etc/mysql/conf.d/tuning.cnf:4" {
		t.Errorf("locations %q", loc)
	}
	if f.Evidence["origin"] != "config" || f.Evidence["value"] != "0" {
		t.Errorf("evidence %v: want origin config and the last value 0", f.Evidence)
	}
}

func TestRemovedVariableFromServerOrigin(t *testing.T) {
	tests := []struct {
		origin  Origin
		want    bool
		sev     Severity
		message string
	}{
		{OriginConfig, true, Critical, "option file or the command line"},
		{OriginRuntime, true, Warning, "Unknown system variable"},
		{OriginCompiled, false, Info, ""},
		{OriginUnknown, false, Info, ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.origin), func(t *testing.T) {
			s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0), map[string]Setting{"tx_isolation": {"READ-COMMITTED", tt.origin}})
			f, ok := removedFindings(t, s)["tx_isolation"]
			if ok != tt.want {
				t.Fatalf("reported: %v, want %v", ok, tt.want)
			}
			if !ok {
				return
			}
			if f.Severity != tt.sev || !strings.Contains(f.Detail, tt.message) {
				t.Errorf("severity %v detail %q; want %v and %q", f.Severity, f.Detail, tt.sev, tt.message)
			}
		})
	}
}

func TestRemovedValueInSQLMode(t *testing.T) {
	mode := "STRICT_TRANS_TABLES,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
	s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0), nil, cnfOpt("sql_mode", mode, 15))
	got := checkRemovedVariables(s)
	if len(got) != 1 {
		t.Fatalf("want 1 finding, got %d", len(got))
	}
	f := got[0]
	if f.ID != findingRemovedValue || f.Severity != Critical || f.Evidence["rejected"] != "NO_AUTO_CREATE_USER" {
		t.Errorf("got %s %v %v", f.ID, f.Severity, f.Evidence)
	}
	if last := f.Recommendation.MyCnf[len(f.Recommendation.MyCnf)-1]; last != "sql_mode = STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION" {
		t.Errorf("replacement line %q", last)
	}
	s.Target = &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 7, 0)}
	if got := checkRemovedVariables(s); len(got) != 0 {
		t.Errorf("5.7 accepts NO_AUTO_CREATE_USER, got %q", got[0].Title)
	}
}

func TestRemovedVariableDeprecatedInTarget(t *testing.T) {
	s := upgradeSnapshot(flMySQL(8, 0, 36), flMySQL(8, 4, 0), nil, cnfOpt("binlog_format", "ROW", 9))
	f, ok := removedFindings(t, s)["binlog_format"]
	// Deprecated, no replacement, no known removal: information.
	if !ok || f.ID != findingDeprecatedVariable || f.Severity != Info || f.Evidence["since"] != "8.0.34" {
		t.Errorf("got %v %+v", ok, f)
	}
}

func TestRemovedVariableNeedsTarget(t *testing.T) {
	s := Snapshot{Flavor: flMySQL(5, 7, 44), Config: []ConfigOption{cnfOpt("query_cache_size", "0", 1)}}
	if got := checkRemovedVariables(s); len(got) != 0 {
		t.Errorf("without --target: %d findings", len(got))
	}
}

func TestRulesAreRegistered(t *testing.T) {
	s := upgradeSnapshot(flMySQL(5, 7, 44), flMySQL(8, 0, 0), map[string]Setting{"character_set_server": compiledSetting("latin1")},
		cnfOpt("query_cache_size", "0", 1))
	ids := map[string]bool{}
	for _, f := range Evaluate(s) {
		ids[f.ID] = true
	}
	for _, id := range []string{RuleDefaultDrift, ruleRemovedVariable} {
		if !ids[id] {
			t.Errorf("Evaluate produced no %s finding", id)
		}
	}
}

func containsLine(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
