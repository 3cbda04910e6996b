package carryover

import (
	"slices"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestCarryOver(t *testing.T) {
	maria1011 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	maria118 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}
	mysql97 := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}
	mysql57 := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 7, 44)}
	mysql8040 := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 40)}
	mysql8020 := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 20)}
	type want struct {
		action            CarryAction
		targetName, value string
		sandbox           string
		replacement       string
	}
	cases := []struct {
		name     string
		from, to flavor.Flavor
		settings []CarrySetting
		want     map[string]want
		migrate  bool
	}{
		{
			name: "MariaDB 10.11 to MySQL 9.7", from: maria1011, to: mysql97, migrate: true,
			settings: []CarrySetting{
				{Name: "innodb_file_format", Value: "Barracuda"}, {Name: "innodb-large-prefix", Value: "1"},
				{Name: "innodb_file_per_table", Value: "0"}, {Name: "innodb_buffer_pool_size", Value: "8G"},
				{Name: "innodb_log_file_size", Value: "512M"}, {Name: "log_slave_updates", Value: "1"},
				{Name: "datadir", Value: "/var/lib/mysql"},
			},
			want: map[string]want{
				"innodb_file_format":      {action: Dropped},
				"innodb_large_prefix":     {action: Dropped},
				"innodb_file_per_table":   {action: Carried, targetName: "innodb_file_per_table", value: "0"},
				"innodb_buffer_pool_size": {action: Carried, targetName: "innodb_buffer_pool_size", value: "8G", sandbox: "1G"},
				"innodb_log_file_size":    {action: Translated, targetName: "innodb_redo_log_capacity", value: "512M"},
				"log_slave_updates":       {action: Translated, targetName: "log_replica_updates", value: "1"},
				"datadir":                 {action: Machine},
			},
		},
		{
			name: "MariaDB 10.11 to 11.8: ignored options dropped, log size kept", from: maria1011, to: maria118,
			settings: []CarrySetting{
				{Name: "innodb_file_format", Value: "Barracuda"}, {Name: "innodb_log_file_size", Value: "256M"},
				{Name: "innodb_log_files_in_group", Value: "2"}, {Name: "innodb_checksum_algorithm", Value: "crc32"},
			},
			want: map[string]want{
				"innodb_file_format":        {action: Dropped},
				"innodb_log_file_size":      {action: Carried, targetName: "innodb_log_file_size", value: "256M"},
				"innodb_log_files_in_group": {action: Dropped},
				"innodb_checksum_algorithm": {action: Carried, targetName: "innodb_checksum_algorithm", value: "crc32"},
			},
		},
		{
			name: "MySQL 5.7 to 8.0.40: redo capacity from size x files, renames, removed sql_mode words", from: mysql57, to: mysql8040,
			settings: []CarrySetting{
				{Name: "innodb_log_file_size", Value: "256M"}, {Name: "innodb_log_files_in_group", Value: "3"},
				{Name: "slave_parallel_workers", Value: "4"},
				{Name: "sql_mode", Value: "STRICT_TRANS_TABLES,NO_AUTO_CREATE_USER"},
				{Name: "query_cache_size", Value: "0"},
			},
			want: map[string]want{
				"innodb_log_file_size":      {action: Translated, targetName: "innodb_redo_log_capacity", value: "768M"},
				"innodb_log_files_in_group": {action: Translated},
				"slave_parallel_workers":    {action: Translated, targetName: "replica_parallel_workers", value: "4"},
				"sql_mode":                  {action: Flagged, targetName: "sql_mode", value: "STRICT_TRANS_TABLES"},
				"query_cache_size":          {action: Dropped},
			},
		},
		{
			name: "MySQL 5.7 to 8.0.20: before the renames", from: mysql57, to: mysql8020,
			settings: []CarrySetting{{Name: "innodb_log_file_size", Value: "256M"}, {Name: "slave_parallel_workers", Value: "4"}},
			want: map[string]want{
				"innodb_log_file_size":   {action: Carried, targetName: "innodb_log_file_size", value: "256M"},
				"slave_parallel_workers": {action: Carried, targetName: "slave_parallel_workers", value: "4"},
			},
		},
		{
			name: "MySQL 8.0 to MariaDB 11.8: the redo log capacity becomes the single log file's size", from: mysql8040, to: maria118, migrate: true,
			settings: []CarrySetting{{Name: "innodb_redo_log_capacity", Value: "2G"}},
			want: map[string]want{
				"innodb_redo_log_capacity": {action: Translated, targetName: "innodb_log_file_size", value: "2G", sandbox: "1G"},
			},
		},
		{
			name: "a later line of the same option wins", from: maria1011, to: maria118,
			settings: []CarrySetting{{Name: "innodb_file_per_table", Value: "1"}, {Name: "innodb-file-per-table", Value: "0"}},
			want:     map[string]want{"innodb_file_per_table": {action: Carried, targetName: "innodb_file_per_table", value: "0"}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := CarryOver(tc.from, tc.to, tc.settings)
			if c.Migration != tc.migrate {
				t.Errorf("Migration = %v, want %v", c.Migration, tc.migrate)
			}
			if len(c.Options) != len(tc.want) {
				t.Errorf("%d options, want %d: %+v", len(c.Options), len(tc.want), c.Options)
			}
			for _, o := range c.Options {
				w, ok := tc.want[o.Name]
				if !ok {
					t.Errorf("unexpected option %s", o.Name)
					continue
				}
				if o.Action != w.action || (w.targetName != "" && o.TargetName != w.targetName) ||
					(w.value != "" && o.TargetValue != w.value) || o.SandboxValue != w.sandbox {
					t.Errorf("%s: got %s %s=%s (sandbox %q), want %+v; why: %s", o.Name, o.Action, o.TargetName, o.TargetValue, o.SandboxValue, w, o.Why)
				}
				if o.Why == "" {
					t.Errorf("%s: no reason given", o.Name)
				}
				if o.Action == Dropped && (o.TargetName != "" || slices.ContainsFunc(c.SandboxOptions(), func(s string) bool { return s == o.Name+"="+o.Value })) {
					t.Errorf("%s: dropped but still carried", o.Name)
				}
			}
		})
	}
}

func TestCarryoverDropAndSandboxOptions(t *testing.T) {
	c := CarryOver(flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}, flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)},
		[]CarrySetting{{Name: "innodb_buffer_pool_size", Value: "8G"}, {Name: "aria_pagecache_buffer_size", Value: "64M"}, {Name: "port", Value: "3307"}})
	got := c.SandboxOptions()
	want := []string{"innodb_buffer_pool_size=1G", "aria_pagecache_buffer_size=64M"}
	if !slices.Equal(got, want) {
		t.Fatalf("SandboxOptions = %v, want %v", got, want)
	}
	if !c.Drop("aria-pagecache-buffer-size", "unknown variable") || c.Drop("port", "x") {
		t.Fatal("Drop should drop a carried option and only that")
	}
	if got := c.SandboxOptions(); !slices.Equal(got, want[:1]) {
		t.Fatalf("after Drop: %v", got)
	}
}

func TestDDLDriftPins(t *testing.T) {
	mysql55 := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 5, 42)}
	mysql56 := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 6, 22)}
	cases := []struct {
		name  string
		today map[string]rules.Setting
		set   []CarrySetting
		want  []string
	}{
		{name: "5.5 defaults pinned", want: []string{"innodb_file_per_table=OFF", "innodb_stats_persistent=OFF"}},
		{name: "already set in the carried options", set: []CarrySetting{{Name: "innodb_file_per_table", Value: "0"}, {Name: "innodb_stats_persistent", Value: "0"}}},
		{name: "today's live value counts", today: map[string]rules.Setting{"innodb_file_per_table": {Value: "ON", Origin: rules.OriginRuntime}, "innodb_stats_persistent": {Value: "ON"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pins := DDLDriftPins(mysql55, mysql56, tc.today, CarryOver(mysql55, mysql56, tc.set))
			var got []string
			for _, p := range pins {
				if p.Name == "innodb_file_per_table" || p.Name == "innodb_stats_persistent" {
					got = append(got, p.Name+"="+p.Today)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("pins %v, want %v (all: %+v)", got, tc.want, pins)
			}
		})
	}
}

// TestCarryOverKeepsBehaviour: options whose meaning would change on the
// target get the value that keeps it, and flags that several of today's
// options carry into one variable share one line.
func TestCarryOverKeepsBehaviour(t *testing.T) {
	maria105 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 5, 23)}
	maria1011 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	maria118 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}
	cases := []struct {
		name     string
		from, to flavor.Flavor
		settings []CarrySetting
		want     []string // SandboxOptions
	}{
		{"both Galera flags on one wsrep_mode line", maria105, maria1011,
			[]CarrySetting{{Name: "wsrep_replicate_myisam", Value: "ON"}, {Name: "wsrep_strict_ddl", Value: "1"}},
			[]string{"wsrep_mode=REPLICATE_MYISAM,STRICT_REPLICATION"}},
		{"one Galera flag on, the other off", maria105, maria118,
			[]CarrySetting{{Name: "wsrep_replicate_myisam", Value: "OFF"}, {Name: "wsrep_strict_ddl", Value: "ON"}},
			[]string{"wsrep_mode=STRICT_REPLICATION"}},
		{"old_mode from 10.5 keeps utf8 = utf8mb3", maria105, maria1011,
			[]CarrySetting{{Name: "old_mode", Value: "NO_PROGRESS_INFO"}},
			[]string{"old_mode=NO_PROGRESS_INFO,UTF8_IS_UTF8MB3"}},
		{"old_mode between versions that both have the flag is carried as it is", maria1011, maria118,
			[]CarrySetting{{Name: "old_mode", Value: "NO_PROGRESS_INFO"}},
			[]string{"old_mode=NO_PROGRESS_INFO"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := CarryOver(tc.from, tc.to, tc.settings)
			if got := c.SandboxOptions(); !slices.Equal(got, tc.want) {
				t.Errorf("sandbox options %q, want %q (options %+v)", got, tc.want, c.Options)
			}
		})
	}
}

func TestJoinedOptionDroppedWithItsLine(t *testing.T) {
	maria105 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 5, 23)}
	maria1011 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	c := CarryOver(maria105, maria1011, []CarrySetting{{Name: "wsrep_replicate_myisam", Value: "ON"}, {Name: "wsrep_strict_ddl", Value: "ON"}})
	if !c.Drop("wsrep_mode", "unknown variable") {
		t.Fatal("wsrep_mode not found to drop")
	}
	for _, o := range c.Options {
		if o.Action != Dropped || o.JoinedInto != "" {
			t.Errorf("%s: %s (joined into %q) after its line was refused", o.Name, o.Action, o.JoinedInto)
		}
	}
}
