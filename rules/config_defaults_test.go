package rules

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// check --config my.cnf --server-version V --target T: variables no option
// file sets run at V's compiled default, so their drift is reported as it
// would be from a live server (the done-when cases of the knowledge-base work).
func TestOfflineDriftFromConfigAndVersion(t *testing.T) {
	unrelated := []ConfigOption{
		{Name: "datadir", Value: "/var/lib/mysql", Section: "mysqld", File: "my.cnf", Line: 2},
		{Name: "port", Value: "3306", Section: "mysqld", File: "my.cnf", Line: 3},
	}
	tests := []struct {
		current, target flavor.Flavor
		config          []ConfigOption
		want            map[string]Severity // variable -> severity of its drift finding
		absent          []string            // variables that must not drift
	}{
		{flMySQL(5, 5, 42), flMySQL(5, 6, 0), unrelated,
			map[string]Severity{"innodb_file_per_table": Warning, "innodb_stats_persistent": Warning, "binlog_checksum": Info}, nil},
		{flMySQL(5, 7, 44), flMySQL(8, 0, 0), unrelated,
			map[string]Severity{"character_set_server": Warning, "default_authentication_plugin": Warning, "log_bin": Warning}, nil},
		{flMySQL(8, 0, 40), flMySQL(8, 4, 0), unrelated,
			map[string]Severity{"mysql_native_password": Warning, "innodb_adaptive_hash_index": Info}, nil},
		{flMySQL(8, 4, 3), flMySQL(9, 7, 0), unrelated,
			map[string]Severity{"innodb_change_buffering": Info, "gtid_mode": Info}, nil},
		{flMySQL(5, 5, 42), flMySQL(5, 6, 0),
			append([]ConfigOption{{Name: "innodb_file_per_table", Value: "0", Section: "mysqld", File: "my.cnf", Line: 4}}, unrelated...),
			map[string]Severity{"innodb_stats_persistent": Warning}, []string{"innodb_file_per_table"}},
		{flMariaDB(10, 11, 19), flMariaDB(11, 8, 0), unrelated,
			map[string]Severity{"character_set_server": Warning, "innodb_snapshot_isolation": Warning, "character_set_collations": Warning, "histogram_type": Info,
				"optimizer_switch.hash_join_cardinality": Info, "optimizer_switch.cset_narrowing": Info}, nil},
		{flMariaDB(11, 8, 9), flMariaDB(11, 8, 0), unrelated, nil, []string{"expire_logs_days", "innodb_max_dirty_pages_pct"}},
	}
	for _, tt := range tests {
		t.Run(tt.current.String()+" -> "+VersionLabel(tt.target), func(t *testing.T) {
			target := tt.target
			got := driftByVariable(t, Snapshot{Flavor: tt.current, Target: &target, Config: tt.config})
			for name, sev := range tt.want {
				f, ok := got[name]
				if !ok {
					t.Errorf("%s: no drift finding", name)
					continue
				}
				if f.Severity != sev {
					t.Errorf("%s: severity %s, want %s", name, f.Severity, sev)
				}
			}
			for _, name := range tt.absent {
				if f, ok := got[name]; ok {
					t.Errorf("%s: unexpected drift %q", name, f.Title)
				}
			}
		})
	}
}

// SettingsFromConfig: options override defaults; skip- and bare options
// read as OFF and ON; sections another server reads are ignored.
func TestSettingsFromConfig(t *testing.T) {
	cfg := []ConfigOption{
		{Name: "innodb_file_per_table", Value: "OFF", Section: "mysqld"},
		{Name: "skip_log_bin", Section: "mysqld"},
		{Name: "innodb_stats_persistent", Value: "OFF", Section: "mariadb"}, // MySQL does not read [mariadb]
	}
	s := SettingsFromConfig(flMySQL(8, 0, 40), cfg)
	for _, tt := range []struct {
		name, value string
		origin      Origin
	}{
		{"innodb_file_per_table", "OFF", OriginConfig},
		{"log_bin", "OFF", OriginConfig},
		{"innodb_stats_persistent", "ON", OriginCompiled},
		{"character_set_server", "utf8mb4", OriginCompiled},
	} {
		got := s[tt.name]
		if !knowledge.SameValue(tt.name, got.Value, tt.value) || got.Origin != tt.origin {
			t.Errorf("%s = %+v, want %s (%s)", tt.name, got, tt.value, tt.origin)
		}
	}
	if _, ok := s["innodb_buffer_pool_instances"]; ok {
		t.Error("a computed default was given a value")
	}
}
