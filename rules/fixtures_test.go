package rules

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// The fixtures under testdata/snapshots are SHOW GLOBAL VARIABLES output of
// stock MySQL servers (mysql client batch format), written from the
// documented compiled-in defaults in shared/reference/variable-defaults.md.

// loadVarsFixture reads a fixture into a Snapshot whose every variable has
// OriginCompiled, as on a server started without option files.
func loadVarsFixture(t *testing.T, file string) Snapshot {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "snapshots", file))
	if err != nil {
		t.Fatalf("reading fixture: %v", err)
	}
	vars := map[string]Setting{}
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		name, value, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("%s:%d: no tab in %q", file, i+1, line)
		}
		if i == 0 {
			if name != "Variable_name" || value != "Value" {
				t.Fatalf("%s: header is %q, want Variable_name<TAB>Value", file, line)
			}
			continue
		}
		vars[strings.ToLower(name)] = Setting{Value: value, Origin: OriginCompiled}
	}
	fl, err := flavor.Identify(vars["version"].Value, vars["version_comment"].Value)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return Snapshot{Flavor: fl, Variables: vars}
}

var fixtureFiles = []string{
	"mysql-5.5.42.vars", "mysql-5.6.51.vars", "mysql-5.7.44.vars", "mysql-8.0.36.vars", "mysql-8.4.0.vars",
}

// TestFixturesAgreeWithKnowledgeBase checks the hand-written fixtures and the
// knowledge base against each other: every variable the KB says exists is in
// the fixture with the KB's default, and no variable the KB says is absent or
// removed appears.
// The fixtures describe a subset of the knowledge base (the variables of
// variable-defaults.md): a variable no fixture lists is not checked here
// (the -tags reference test checks those against sysvars.json).
func TestFixturesAgreeWithKnowledgeBase(t *testing.T) {
	described := map[string]bool{}
	for _, file := range fixtureFiles {
		for name := range loadVarsFixture(t, file).Variables {
			described[name] = true
		}
	}
	for _, file := range fixtureFiles {
		t.Run(file, func(t *testing.T) {
			s := loadVarsFixture(t, file)
			if s.Flavor.Vendor != flavor.VendorMySQL {
				t.Fatalf("vendor = %q, want mysql", s.Flavor.Vendor)
			}
			for _, name := range knowledge.Names() {
				f, _ := knowledge.Lookup(name)
				st, inFixture := s.Variables[name]
				exists := f.StatusIn(s.Flavor).Exists()
				if !described[name] {
					continue
				}
				if exists != inFixture {
					t.Errorf("%s: KB says exists=%v (%s), fixture has it: %v", name, exists, f.StatusIn(s.Flavor).State, inFixture)
					continue
				}
				if def, ok := f.DefaultFor(s.Flavor); ok && !knowledge.SameValue(name, st.Value, def) {
					t.Errorf("%s: fixture %q, KB default %q", name, st.Value, def)
				}
			}
		})
	}
}

// driftByVariable runs the drift rule and indexes its findings.
func driftByVariable(t *testing.T, s Snapshot) map[string]Finding {
	t.Helper()
	out := map[string]Finding{}
	for _, f := range checkDefaultDrift(s) {
		name := f.Evidence["variable"]
		if flag := f.Evidence["flag"]; flag != "" {
			name += "." + flag // an optimizer_switch flag
		}
		if _, dup := out[name]; dup {
			t.Errorf("two drift findings for %s", name)
		}
		out[name] = f
	}
	return out
}

func TestFixtureUpgradeDrift(t *testing.T) {
	tests := []struct {
		fixture string
		target  string
		// want: variable -> pinned my.cnf line
		want map[string]string
		// notWant: variables whose default does not (visibly) change
		notWant []string
	}{
		{
			fixture: "mysql-5.5.42.vars", target: "5.6",
			want: map[string]string{
				"innodb_file_per_table":    "innodb_file_per_table = OFF",
				"innodb_stats_persistent":  "innodb_stats_persistent = OFF",
				"innodb_stats_on_metadata": "innodb_stats_on_metadata = ON",
				"table_open_cache":         "table_open_cache = 400",
				"innodb_log_file_size":     "innodb_log_file_size = 5242880",
				"performance_schema":       "performance_schema = OFF",
				"query_cache_type":         "query_cache_type = ON",
				"query_cache_size":         "query_cache_size = 0",
				"sql_mode":                 `sql_mode = ""`,
			},
			notWant: []string{"innodb_buffer_pool_size", "sync_binlog", "binlog_format", "innodb_checksum_algorithm",
				"explicit_defaults_for_timestamp", "innodb_flush_method", "character_set_server"},
		},
		{
			fixture: "mysql-5.6.51.vars", target: "5.7",
			want: map[string]string{
				"sync_binlog":                      "sync_binlog = 0",
				"binlog_format":                    "binlog_format = STATEMENT",
				"innodb_file_format":               "innodb_file_format = Antelope",
				"innodb_large_prefix":              "innodb_large_prefix = OFF",
				"innodb_default_row_format":        "innodb_default_row_format = COMPACT",
				"internal_tmp_disk_storage_engine": "internal_tmp_disk_storage_engine = MYISAM",
				"sql_mode":                         "sql_mode = NO_ENGINE_SUBSTITUTION",
			},
			notWant: []string{"innodb_file_per_table", "innodb_stats_persistent", "table_open_cache", "log_bin"},
		},
		{
			fixture: "mysql-5.7.44.vars", target: "8.0",
			want: map[string]string{
				"character_set_server":            "character_set_server = latin1",
				"collation_server":                "collation_server = latin1_swedish_ci",
				"explicit_defaults_for_timestamp": "explicit_defaults_for_timestamp = OFF",
				"log_bin":                         "skip-log-bin",
				"innodb_autoinc_lock_mode":        "innodb_autoinc_lock_mode = 1",
				"table_open_cache":                "table_open_cache = 2000",
				"innodb_undo_tablespaces":         "innodb_undo_tablespaces = 0",
				"binlog_expire_logs_seconds":      "binlog_expire_logs_seconds = 0",
				"default_authentication_plugin":   "default_authentication_plugin = mysql_native_password",
			},
			// sql_mode only loses NO_AUTO_CREATE_USER, which 8.0 rejects and
			// whose behaviour 8.0 always has: no drift. NULL flush method is fsync.
			notWant: []string{"sql_mode", "innodb_flush_method", "innodb_file_per_table", "sync_binlog",
				"query_cache_type", "tx_isolation", "innodb_file_format"},
		},
		{
			fixture: "mysql-8.0.36.vars", target: "8.4",
			want: map[string]string{
				"innodb_adaptive_hash_index": "innodb_adaptive_hash_index = ON",
				"innodb_change_buffering":    "innodb_change_buffering = all",
				"innodb_io_capacity":         "innodb_io_capacity = 200",
				"innodb_log_buffer_size":     "innodb_log_buffer_size = 16777216",
				"innodb_flush_method":        "innodb_flush_method = fsync",
			},
			notWant: []string{"character_set_server", "log_bin", "sql_mode", "innodb_buffer_pool_instances",
				"binlog_transaction_dependency_tracking"},
		},
		{fixture: "mysql-8.4.0.vars", target: "8.4", want: map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture+" to "+tt.target, func(t *testing.T) {
			s := loadVarsFixture(t, tt.fixture)
			target, err := ParseTarget(tt.target, s.Flavor.Vendor)
			if err != nil {
				t.Fatal(err)
			}
			s.Target = &target
			got := driftByVariable(t, s)
			for name, pin := range tt.want {
				f, ok := got[name]
				if !ok {
					t.Errorf("no drift finding for %s", name)
					continue
				}
				// Warning-level drift pins the old value; info-level drift
				// offers the pin commented out.
				// The DDL settings' pins are commented out unless the workload
				// is known to be DDL-heavy (these fixtures carry no workload).
				want := pin
				switch _, ddl := ddlCostChanges[name]; {
				case ddl:
					want = "# " + pin + "   # uncomment if the application creates tables routinely"
				case f.Severity == Info:
					want = "# " + pin + "   # optional: the new default is usually the better one"
				}
				if last := f.Recommendation.MyCnf[len(f.Recommendation.MyCnf)-1]; last != want {
					t.Errorf("%s: pin line %q, want %q", name, last, want)
				}
			}
			for _, name := range tt.notWant {
				if f, ok := got[name]; ok {
					t.Errorf("unexpected drift finding for %s: %s", name, f.Title)
				}
			}
			if len(tt.want) == 0 && len(got) > 0 {
				t.Errorf("same version: want no findings, got %v", sortedFindingKeys(got))
			}
		})
	}
}

// TestFixture55To56DDLCost checks the two findings of the field report: both
// are warnings that explain the CREATE/DROP TABLE cost.
func TestFixture55To56DDLCost(t *testing.T) {
	s := loadVarsFixture(t, "mysql-5.5.42.vars")
	target := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 6, 0)}
	s.Target = &target
	got := driftByVariable(t, s)
	for _, name := range []string{"innodb_file_per_table", "innodb_stats_persistent"} {
		f := got[name]
		if f.Severity != Warning {
			t.Errorf("%s: severity %v, want warning", name, f.Severity)
		}
		if !strings.Contains(f.Detail, "raises the cost of CREATE TABLE / DROP TABLE") {
			t.Errorf("%s: detail does not explain the DDL cost: %s", name, f.Detail)
		}
	}
	if ev := got["innodb_stats_persistent"].Evidence; ev["origin"] != "absent" || ev["current"] != "OFF" || ev["target_default"] != "ON" {
		t.Errorf("innodb_stats_persistent evidence = %v, want origin absent, current OFF, target_default ON", ev)
	}
	if got["table_open_cache"].Severity != Info {
		t.Errorf("table_open_cache: severity %v, want info", got["table_open_cache"].Severity)
	}
}

func sortedFindingKeys(m map[string]Finding) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func flMySQL(major, minor, patch int) flavor.Flavor {
	return flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(major, minor, patch)}
}

func flMariaDB(major, minor, patch int) flavor.Flavor {
	return flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(major, minor, patch)}
}

func flPercona(major, minor, patch int) flavor.Flavor {
	return flavor.Flavor{Vendor: flavor.VendorPercona, Version: flavor.V(major, minor, patch)}
}
