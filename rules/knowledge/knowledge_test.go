package knowledge

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func flMySQL(major, minor, patch int) flavor.Flavor {
	return flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(major, minor, patch)}
}

func flMariaDB(major, minor, patch int) flavor.Flavor {
	return flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(major, minor, patch)}
}

func flPercona(major, minor, patch int) flavor.Flavor {
	return flavor.Flavor{Vendor: flavor.VendorPercona, Version: flavor.V(major, minor, patch)}
}

// noDefault marks a row where DefaultFor must answer false.
const noDefault = "<no default>"

func TestDefaultForKeyRows(t *testing.T) {
	tests := []struct {
		name string
		fl   flavor.Flavor
		want string
	}{
		{"innodb_file_per_table", flMySQL(5, 5, 42), "OFF"},
		{"innodb_file_per_table", flMySQL(5, 6, 5), "OFF"}, // patch level honoured: ON from 5.6.6
		{"innodb_file_per_table", flMySQL(5, 6, 6), "ON"},
		{"innodb_file_per_table", flMySQL(5, 6, 0), "ON"}, // bare series: GA behaviour
		{"innodb_file_per_table", flMySQL(5, 7, 0), "ON"},
		{"innodb_file_per_table", flMySQL(8, 0, 36), "ON"},
		{"innodb_file_per_table", flMySQL(8, 4, 0), "ON"},
		{"innodb_file_per_table", flPercona(5, 5, 30), "OFF"},
		{"innodb_file_per_table", flMariaDB(10, 5, 0), "ON"},
		{"innodb_file_per_table", flMariaDB(11, 8, 0), "ON"},

		{"innodb_stats_persistent", flMySQL(5, 5, 42), noDefault},
		{"innodb_stats_persistent", flMySQL(5, 6, 4), "OFF"},
		{"innodb_stats_persistent", flMySQL(5, 6, 0), "ON"},
		{"innodb_stats_persistent", flMySQL(8, 0, 0), "ON"},
		{"innodb_stats_persistent", flMariaDB(10, 6, 0), "ON"},

		{"query_cache_type", flMySQL(5, 5, 0), "ON"},
		{"query_cache_type", flMySQL(5, 6, 0), "OFF"},
		{"query_cache_type", flMySQL(5, 7, 44), "OFF"},
		{"query_cache_type", flMySQL(8, 0, 0), noDefault},
		{"query_cache_type", flMariaDB(10, 11, 0), "OFF"},
		{"query_cache_type", flMariaDB(11, 8, 0), "OFF"},
		{"query_cache_size", flMySQL(5, 5, 0), "0"},
		{"query_cache_size", flMySQL(5, 6, 7), "0"},
		{"query_cache_size", flMySQL(5, 6, 8), "1048576"},
		{"query_cache_size", flMySQL(8, 0, 3), noDefault},
		{"query_cache_size", flMariaDB(10, 6, 0), "1048576"},

		{"innodb_file_format", flMySQL(5, 5, 0), "ANTELOPE"},
		{"innodb_file_format", flMySQL(5, 6, 0), "ANTELOPE"},
		{"innodb_file_format", flMySQL(5, 7, 0), "BARRACUDA"},
		{"innodb_file_format", flMySQL(8, 0, 0), noDefault},
		{"innodb_file_format", flMariaDB(10, 6, 0), noDefault},
		{"innodb_large_prefix", flMySQL(5, 5, 13), noDefault},
		{"innodb_large_prefix", flMySQL(5, 5, 42), "OFF"},
		{"innodb_large_prefix", flMySQL(5, 7, 0), "ON"},
		{"innodb_large_prefix", flMySQL(8, 0, 0), noDefault},

		{"sync_binlog", flMySQL(5, 5, 0), "0"},
		{"sync_binlog", flMySQL(5, 6, 0), "0"},
		{"sync_binlog", flMySQL(5, 7, 6), "0"},
		{"sync_binlog", flMySQL(5, 7, 0), "1"},
		{"sync_binlog", flMySQL(8, 4, 0), "1"},
		{"sync_binlog", flMariaDB(10, 5, 0), "0"},
		{"sync_binlog", flMariaDB(11, 4, 0), "0"},

		{"table_open_cache", flMySQL(5, 5, 0), "400"},
		{"table_open_cache", flMySQL(5, 6, 7), "400"},
		{"table_open_cache", flMySQL(5, 6, 0), "2000"},
		{"table_open_cache", flMySQL(5, 7, 0), "2000"},
		{"table_open_cache", flMySQL(8, 0, 3), "2000"},
		{"table_open_cache", flMySQL(8, 0, 0), "4000"},
		{"table_open_cache", flMySQL(8, 4, 0), "4000"},
		{"table_open_cache", flMariaDB(10, 11, 0), "2000"},

		{"character_set_server", flMySQL(5, 7, 0), "LATIN1"},
		{"character_set_server", flMySQL(8, 0, 0), "UTF8MB4"},
		{"character_set_server", flMariaDB(11, 4, 0), "LATIN1"},
		{"character_set_server", flMariaDB(11, 8, 0), "UTF8MB4"},
		{"explicit_defaults_for_timestamp", flMySQL(5, 5, 0), noDefault},
		{"explicit_defaults_for_timestamp", flMariaDB(10, 6, 0), "OFF"},
		{"explicit_defaults_for_timestamp", flMariaDB(10, 11, 0), "ON"},
		{"log_bin", flMySQL(5, 7, 0), "OFF"},
		{"log_bin", flMySQL(8, 0, 0), "ON"},
		{"innodb_adaptive_hash_index", flMySQL(8, 0, 0), "ON"},
		{"innodb_adaptive_hash_index", flMySQL(8, 4, 0), "OFF"},
		{"innodb_change_buffering", flMySQL(8, 4, 0), "NONE"},
		{"innodb_change_buffering", flMariaDB(11, 4, 0), noDefault},
		{"innodb_undo_tablespaces", flMariaDB(10, 11, 0), "0"},
		{"innodb_undo_tablespaces", flMariaDB(11, 4, 0), "3"},
		{"innodb_flush_method", flMySQL(5, 7, 0), "FSYNC"}, // NULL means fsync
		{"innodb_flush_method", flMySQL(8, 4, 0), "O_DIRECT"},
		{"innodb_buffer_pool_instances", flMySQL(5, 6, 0), noDefault}, // computed at start-up
		{"innodb_file_per_table", flMySQL(9, 8, 0), noDefault},        // beyond coverage
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.fl.String(), func(t *testing.T) {
			f, ok := Lookup(tt.name)
			if !ok {
				t.Fatalf("%s not in the knowledge base", tt.name)
			}
			got, ok := f.DefaultFor(tt.fl)
			if tt.want == noDefault {
				if ok {
					t.Fatalf("DefaultFor = %q, want none", got)
				}
				return
			}
			if !ok {
				t.Fatalf("DefaultFor: no default, want %s", tt.want)
			}
			if n := NormalizeValue(tt.name, got); n != tt.want {
				t.Errorf("DefaultFor = %q (normalised %q), want %q", got, n, tt.want)
			}
		})
	}
}

func TestDefaultEntryKeepsComputedDefaults(t *testing.T) {
	f, _ := Lookup("innodb_buffer_pool_instances")
	d, ok := f.DefaultEntry(flMySQL(5, 7, 0))
	if !ok || !d.Computed || !strings.Contains(d.Value, "1G") {
		t.Errorf("DefaultEntry = %+v, %v; want the computed 5.6.6+ rule", d, ok)
	}
	if d, ok := f.DefaultEntry(flMySQL(5, 5, 0)); !ok || d.Computed || d.Value != "1" {
		t.Errorf("5.5 DefaultEntry = %+v, %v; want literal 1", d, ok)
	}
}

func TestStatusIn(t *testing.T) {
	tests := []struct {
		name        string
		fl          flavor.Flavor
		state       State
		since       flavor.Version
		replacement string
	}{
		{"tx_isolation", flMySQL(5, 7, 19), StatePresent, flavor.Version{}, ""},
		{"tx_isolation", flMySQL(5, 7, 20), StateDeprecated, flavor.V(5, 7, 20), "transaction_isolation"},
		{"tx_isolation", flMySQL(8, 0, 0), StateRemoved, flavor.V(8, 0, 3), "transaction_isolation"},
		{"tx_isolation", flMariaDB(10, 11, 0), StatePresent, flavor.Version{}, ""},
		{"tx_isolation", flMariaDB(11, 4, 0), StateDeprecated, flavor.V(11, 1, 1), "transaction_isolation"},
		{"tx_read_only", flMySQL(8, 0, 0), StateRemoved, flavor.V(8, 0, 3), "transaction_read_only"},
		{"query_cache_type", flMySQL(5, 7, 20), StateDeprecated, flavor.V(5, 7, 20), ""},
		{"query_cache_type", flMySQL(8, 0, 2), StateDeprecated, flavor.V(5, 7, 20), ""},
		{"query_cache_type", flMySQL(8, 0, 3), StateRemoved, flavor.V(8, 0, 3), ""},
		{"query_cache_size", flMySQL(8, 4, 0), StateRemoved, flavor.V(8, 0, 3), ""},
		{"query_cache_type", flMariaDB(11, 4, 0), StatePresent, flavor.Version{}, ""},
		{"innodb_file_format", flMySQL(5, 7, 0), StateDeprecated, flavor.V(5, 7, 7), ""},
		{"innodb_file_format", flMySQL(8, 0, 0), StateRemoved, flavor.V(8, 0, 0), ""},
		{"innodb_file_format", flMariaDB(10, 5, 0), StateDeprecated, flavor.V(10, 2, 2), ""},
		{"innodb_file_format", flMariaDB(10, 6, 0), StateIgnored, flavor.V(10, 6, 0), ""},  // accepted, does nothing
		{"innodb_large_prefix", flMariaDB(10, 6, 0), StateIgnored, flavor.V(10, 6, 0), ""}, // accepted, does nothing
		{"log_warnings", flMySQL(8, 0, 0), StateRemoved, flavor.V(8, 0, 3), "log_error_verbosity"},
		{"log_warnings", flMariaDB(10, 11, 0), StatePresent, flavor.Version{}, ""},
		{"expire_logs_days", flMySQL(8, 0, 0), StateDeprecated, flavor.V(8, 0, 3), "binlog_expire_logs_seconds"},
		{"expire_logs_days", flMySQL(8, 4, 0), StateRemoved, flavor.V(8, 2, 0), "binlog_expire_logs_seconds"},
		{"innodb_undo_logs", flMySQL(8, 0, 0), StateRemoved, flavor.V(8, 0, 2), "innodb_rollback_segments"},
		{"innodb_support_xa", flMySQL(8, 0, 0), StateRemoved, flavor.V(8, 0, 0), ""},
		{"innodb_locks_unsafe_for_binlog", flMariaDB(10, 5, 0), StateIgnored, flavor.V(10, 5, 0), ""}, // the real 10.5.23 ignores it
		{"innodb_locks_unsafe_for_binlog", flMariaDB(11, 8, 0), StateIgnored, flavor.V(10, 5, 0), ""},
		{"max_tmp_tables", flMariaDB(10, 11, 0), StatePresent, flavor.Version{}, ""},
		{"max_tmp_tables", flMariaDB(11, 8, 0), StateRemoved, flavor.V(11, 3, 0), ""},
		{"mysql_native_password", flMySQL(8, 0, 40), StateAbsent, flavor.V(8, 4, 0), ""},
		{"mysql_native_password", flMySQL(9, 7, 0), StateRemoved, flavor.V(9, 0, 0), ""},
		{"master_info_repository", flMySQL(8, 4, 0), StateRemoved, flavor.V(8, 3, 0), ""},
		{"master_info_repository", flMariaDB(10, 11, 0), StateIgnored, flavor.Version{}, ""},
		{"innodb_dedicated_server", flMySQL(5, 7, 44), StateAbsent, flavor.V(8, 0, 3), ""},
		{"innodb_stats_persistent", flPercona(5, 5, 30), StateAbsent, flavor.V(5, 6, 2), ""},
		{"innodb_change_buffering", flMariaDB(10, 11, 0), StateDeprecated, flavor.V(10, 9, 0), ""},
		{"innodb_change_buffering", flMariaDB(11, 0, 0), StateIgnored, flavor.V(11, 0, 0), ""},
		{"innodb_file_per_table", flMariaDB(11, 4, 0), StateDeprecated, flavor.V(11, 0, 1), ""},
		{"innodb_file_per_table", flavor.Flavor{Version: flavor.V(8, 0, 0)}, StateUnknown, flavor.Version{}, ""}, // unknown vendor
		{"innodb_file_per_table", flMySQL(9, 8, 0), StateUnknown, flavor.Version{}, ""},                          // beyond coverage
		{"query_cache_type", flMySQL(9, 8, 0), StateRemoved, flavor.V(8, 0, 3), ""},                              // removals stay
		{"innodb_max_dirty_pages_pct", flMariaDB(10, 11, 0), StateUnknown, flavor.Version{}, ""},                 // no MariaDB facts
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.fl.String(), func(t *testing.T) {
			f, ok := Lookup(tt.name)
			if !ok {
				t.Fatalf("%s not in the knowledge base", tt.name)
			}
			got := f.StatusIn(tt.fl)
			if got.State != tt.state || got.Since != tt.since || got.Replacement != tt.replacement {
				t.Errorf("StatusIn = %s since %s replacement %q; want %s since %s replacement %q",
					got.State, got.Since, got.Replacement, tt.state, tt.since, tt.replacement)
			}
		})
	}
}

func TestNormalizeAndSameValue(t *testing.T) {
	tests := []struct {
		name, a, b string
		same       bool
	}{
		{"innodb_file_per_table", "on", "ON", true},
		{"innodb_file_per_table", "1", "ON", true},
		{"innodb_file_per_table", "true", "yes", true},
		{"innodb_file_per_table", "0", "OFF", true},
		{"innodb_file_per_table", "'OFF'", "off", true},
		{"innodb_file_per_table", "ON", "OFF", false},
		{"innodb_buffer_pool_size", "1G", "1024M", true},
		{"innodb_buffer_pool_size", "1g", "1073741824", true},
		{"innodb_buffer_pool_size", "128M", "134217728", true},
		{"innodb_buffer_pool_size", "1G", "1M", false},
		{"innodb_log_file_size", "48M", "50331648", true},
		{"binlog_format", "row", "ROW", true},
		{"binlog_format", "ROW", "MIXED", false},
		{"sql_mode", "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", "no_engine_substitution, strict_trans_tables", true},
		{"sql_mode", "STRICT_TRANS_TABLES", "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", false},
		{"sql_mode", "", `""`, true},
		{"innodb_flush_method", "", "fsync", true},
		{"innodb_flush_method", "NULL", "FSYNC", true},
		{"innodb_flush_method", "fsync", "O_DIRECT", false},
		{"query_cache_type", "0", "OFF", true},
		{"query_cache_type", "2", "demand", true},
		{"query_cache_type", "1", "DEMAND", false},
		{"some_unknown_var", "1K", "1024", true},
		{"some_unknown_var", "abc", "ABC", true},
		{"some_unknown_var", "1", "ON", false},
		{"Innodb-File-Per-Table", "on", "1", true},
	}
	for _, tt := range tests {
		if got := SameValue(tt.name, tt.a, tt.b); got != tt.same {
			t.Errorf("SameValue(%s, %q, %q) = %v (%q vs %q)", tt.name, tt.a, tt.b, got,
				NormalizeValue(tt.name, tt.a), NormalizeValue(tt.name, tt.b))
		}
	}
}

func TestLookupVarNames(t *testing.T) {
	for _, name := range []string{"innodb_file_per_table", "innodb-file-per-table", " INNODB_FILE_PER_TABLE "} {
		if f, ok := Lookup(name); !ok || f.Name != "innodb_file_per_table" {
			t.Errorf("Lookup(%q) = %q, %v", name, f.Name, ok)
		}
	}
	if _, ok := Lookup("no_such_variable"); ok {
		t.Error("Lookup found a variable that does not exist")
	}
}

func TestReplacementValue(t *testing.T) {
	tests := []struct {
		name, value, want string
		ok                bool
	}{
		{"expire_logs_days", "7", "604800", true},
		{"log_warnings", "0", "1", true},
		{"log_warnings", "1", "2", true},
		{"log_warnings", "5", "3", true},
		{"tx_isolation", "'READ-COMMITTED'", "READ-COMMITTED", true},
		{"innodb_checksums", "OFF", "none", true},
		{"innodb_checksums", "ON", "", false},
		{"default_authentication_plugin", "mysql_native_password", "", false},
	}
	for _, tt := range tests {
		f, _ := Lookup(tt.name)
		got, ok := f.ReplacementValue(tt.value)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s ReplacementValue(%q) = %q, %v; want %q, %v", tt.name, tt.value, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRejectedValues(t *testing.T) {
	f, _ := Lookup("sql_mode")
	mode := "STRICT_TRANS_TABLES,no_auto_create_user,NO_ENGINE_SUBSTITUTION"
	if got := f.RejectedValues(flMySQL(5, 7, 44), mode); len(got) != 0 {
		t.Errorf("5.7 rejects %v, want nothing", got)
	}
	got := f.RejectedValues(flMySQL(8, 0, 0), mode)
	if len(got) != 1 || got[0].Value != "NO_AUTO_CREATE_USER" || got[0].Removed.At != flavor.V(8, 0, 11) {
		t.Fatalf("8.0 rejects %+v, want NO_AUTO_CREATE_USER removed in 8.0.11", got)
	}
	if kept := WithoutValues(mode, got); kept != "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION" {
		t.Errorf("WithoutValues = %q", kept)
	}
	if got := f.RejectedValues(flMariaDB(11, 4, 0), mode); len(got) != 0 {
		t.Errorf("MariaDB rejects %v, want nothing", got)
	}
}

// validSources are the sources with an address in sourceURL.
var validSources = func() map[Source]bool {
	m := map[Source]bool{}
	for src, url := range sourceURL {
		m[src] = url != ""
	}
	return m
}()

// TestKnowledgeBaseIsWellFormed checks the data's own invariants.
func TestKnowledgeBaseIsWellFormed(t *testing.T) {
	if len(knowledgeBase) != len(index) {
		t.Errorf("%d entries but %d distinct names: a variable is listed twice", len(knowledgeBase), len(index))
	}
	for _, f := range knowledgeBase {
		if f.Name != flavor.OptionName(f.Name) {
			t.Errorf("%q: names are lower case with underscores", f.Name)
		}
		if f.Effect == "" {
			t.Errorf("%s: no effect text", f.Name)
		}
		if f.MySQL == nil && f.MariaDB == nil {
			t.Errorf("%s: no facts for either vendor", f.Name)
		}
		for vendor, l := range map[string]*Line{"mysql": f.MySQL, "mariadb": f.MariaDB} {
			checkLine(t, f.Name+" "+vendor, l)
		}
	}
}

func checkLine(t *testing.T, what string, l *Line) {
	t.Helper()
	if l == nil {
		return
	}
	if l.Never && (len(l.Defaults) > 0 || !l.Added.IsZero() || !l.Removed.IsZero()) {
		t.Errorf("%s: a Never line carries facts", what)
	}
	for _, m := range []Mark{l.Added, l.Deprecated, l.Removed, l.Ignored} {
		if !m.IsZero() && !validSources[m.Src] {
			t.Errorf("%s: unknown source %q", what, m.Src)
		}
	}
	if !l.Removed.IsZero() && l.Removed.At.Compare(l.Added.At) <= 0 {
		t.Errorf("%s: removed (%s) before added (%s)", what, l.Removed.At, l.Added.At)
	}
	if !l.Deprecated.IsZero() && !l.Removed.IsZero() && l.Deprecated.At.Compare(l.Removed.At) > 0 {
		t.Errorf("%s: deprecated (%s) after removed (%s)", what, l.Deprecated.At, l.Removed.At)
	}
	for i, d := range l.Defaults {
		if !validSources[d.Src] {
			t.Errorf("%s: default %q has unknown source %q", what, d.Value, d.Src)
		}
		if i > 0 && d.From.Compare(l.Defaults[i-1].From) <= 0 {
			t.Errorf("%s: defaults not in version order at %s", what, d.From)
		}
		if d.From.Compare(l.Added.At) < 0 {
			t.Errorf("%s: default from %s before the variable was added (%s)", what, d.From, l.Added.At)
		}
	}
}
