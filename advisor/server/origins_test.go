package server

import (
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestOriginOfNamesPersistedValuesAndTheirFile(t *testing.T) {
	mysql := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}
	mariadb := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}
	auto := "/var/lib/mysql/mysqld-auto.cnf"
	tests := []struct {
		name     string
		fl       flavor.Flavor
		in       serverOrigin
		want     rules.Origin
		wantFile string
		wantNote string // substring, "" for none
	}{
		// After a restart variables_info says PERSISTED and names mysqld-auto.cnf.
		{"persisted, restarted", mysql, serverOrigin{source: "PERSISTED", path: auto, persisted: "OFF", isPersisted: true}, rules.OriginPersisted, auto, ""},
		// Before a restart it says DYNAMIC; persisted_variables holds the value.
		{"persisted since start", mysql, serverOrigin{source: "DYNAMIC", persisted: "OFF", isPersisted: true}, rules.OriginPersisted, "", "SET PERSIST since the last start"},
		{"SET GLOBAL", mysql, serverOrigin{source: "DYNAMIC"}, rules.OriginRuntime, "", ""},
		{"my.cnf", mysql, serverOrigin{source: "EXPLICIT", path: "/etc/mysql/my.cnf"}, rules.OriginConfig, "/etc/mysql/my.cnf", ""},
		{"command line", mysql, serverOrigin{source: "COMMAND_LINE"}, rules.OriginConfig, "", "command line"},
		{"PERSIST_ONLY waits for the next start", mysql, serverOrigin{source: "COMPILED", persisted: "2000", isPersisted: true}, rules.OriginCompiled, "", `holds "2000" for the next start`},
		{"MariaDB config", mariadb, serverOrigin{source: "CONFIG"}, rules.OriginConfig, "", "MariaDB does not say which"},
		{"MariaDB SET GLOBAL", mariadb, serverOrigin{source: "SQL"}, rules.OriginRuntime, "", ""},
		{"MariaDB default", mariadb, serverOrigin{source: "COMPILE-TIME"}, rules.OriginCompiled, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := originOf(tt.fl, tt.in)
			if got.origin != tt.want || got.prov.File != tt.wantFile || (tt.wantNote == "") != (got.prov.Note == "") || !strings.Contains(got.prov.Note, tt.wantNote) {
				t.Errorf("originOf = %+v; want %s, file %q, note with %q", got, tt.want, tt.wantFile, tt.wantNote)
			}
		})
	}
}

func TestOwnRestoreShowsTheOriginalOrigin(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 30, 0, 0, time.UTC)
	before := restoredGlobal{Value: "ON", Origin: rules.OriginConfig, Provenance: rules.Provenance{File: "/etc/mysql/my.cnf"}}
	tests := []struct {
		name       string
		now        rules.Setting
		wantOrigin rules.Origin
		wantNote   bool
	}{
		{"set back, untouched since", rules.Setting{Value: "ON", Origin: rules.OriginRuntime}, rules.OriginConfig, true},
		{"set back, spelled 1", rules.Setting{Value: "1", Origin: rules.OriginRuntime}, rules.OriginConfig, true},
		// Someone changed it after the tool set it back: that is theirs.
		{"changed since", rules.Setting{Value: "OFF", Origin: rules.OriginRuntime}, rules.OriginRuntime, false},
		{"restarted since", rules.Setting{Value: "ON", Origin: rules.OriginConfig}, rules.OriginConfig, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &Inspection{Variables: map[string]rules.Setting{"innodb_file_per_table": tt.now}}
			in.applyOwnRestores(map[string]ownRestore{"innodb_file_per_table": {before: before, at: at}})
			got, prov := in.Variables["innodb_file_per_table"], in.Provenance["innodb_file_per_table"]
			if got.Origin != tt.wantOrigin || got.Value != tt.now.Value {
				t.Errorf("setting %+v, want origin %s and value %s", got, tt.wantOrigin, tt.now.Value)
			}
			noted := strings.Contains(prov.Note, "set back with SET GLOBAL by upgrade-advisor") && strings.Contains(prov.Note, "2026-12-01 10:30 UTC")
			if noted != tt.wantNote || (tt.wantNote && prov.File != before.Provenance.File) {
				t.Errorf("provenance %+v, want note %v", prov, tt.wantNote)
			}
		})
	}
}
