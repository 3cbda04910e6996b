package rehearse

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// TestServerVersionAloneIsCompiledDefaults: --server-version without
// --config is that version on its compiled defaults, nothing explicit to
// carry, and a note says so; with --config, its options are today's.
func TestServerVersionAloneIsCompiledDefaults(t *testing.T) {
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_file_per_table = 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		config   string
		settings int
		note     bool
		fpt      string // today's innodb_file_per_table
	}{
		{"no --config", "", 0, true, "ON"},
		{"with --config", cnf, 1, false, "0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			td, err := readToday(context.Background(), Options{ServerVersion: "mariadb-10.11.19", ConfigFile: tc.config})
			if err != nil {
				t.Fatal(err)
			}
			noted := strings.Contains(strings.Join(td.inputs.Notes, "\n"), "on its compiled defaults")
			got := td.in.Variables["innodb_file_per_table"]
			if len(td.settings) != tc.settings || noted != tc.note || got.Value != tc.fpt ||
				(tc.config == "" && got.Origin != rules.OriginCompiled) || !td.offline {
				t.Errorf("settings %v, note %v, innodb_file_per_table %+v, offline %v", td.settings, noted, got, td.offline)
			}
			if addr := offlineAddress(Options{ServerVersion: "mariadb-10.11.19", ConfigFile: tc.config}); strings.HasPrefix(addr, "--config ") == (tc.config == "") {
				t.Errorf("address %q", addr)
			}
		})
	}
}
