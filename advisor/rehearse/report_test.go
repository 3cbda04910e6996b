package rehearse

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// TestMigrationNoteNeverDeniesWhatRan: the note of a rehearsal between
// vendors says what ran on the target and what did not; with --queries it
// never says the SQL was not rehearsed.
func TestMigrationNoteNeverDeniesWhatRan(t *testing.T) {
	from, to := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}, flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}
	for _, tc := range []struct {
		schema, statements, replication bool
		has, hasNot                     []string
	}{
		{false, false, false, []string{"not rehearsed: the schema (--schema-file), the application's SQL (--queries), authentication and replication (--replication)"}, nil},
		{true, true, false, []string{"loads the schema and runs the application's statements", "not rehearsed: authentication and replication (--replication)"},
			[]string{"application's SQL", "--queries", "--schema-file"}},
		{true, true, true, []string{"not rehearsed: authentication"}, []string{"--replication", "application's SQL"}},
	} {
		got := migrationNote(from, to, tc.schema, tc.statements, tc.replication)
		if !strings.HasPrefix(got, "MariaDB 10.11.19 -> MySQL 9.7.4 is a migration between vendors") {
			t.Errorf("note %q", got)
		}
		for _, s := range tc.has {
			if !strings.Contains(got, s) {
				t.Errorf("note %q lacks %q", got, s)
			}
		}
		for _, s := range tc.hasNot {
			if strings.Contains(got, s) {
				t.Errorf("note %q says %q", got, s)
			}
		}
	}
}
