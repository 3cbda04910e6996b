package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

func TestTargetScope(t *testing.T) {
	tests := []struct {
		desc      string
		current   flavor.Flavor
		target    flavor.Flavor
		wantID    string // "" for no finding
		wantTitle []string
	}{
		{desc: "covered upgrade", current: flMySQL(5, 5, 42), target: flMySQL(5, 6, 0)},
		{desc: "covered release", current: flMySQL(5, 7, 44), target: flMySQL(8, 0, 36)},
		{desc: "same series", current: flMariaDB(10, 11, 19), target: flMariaDB(10, 11, 0)},
		{desc: "newest covered MariaDB", current: flMariaDB(10, 6, 20), target: flMariaDB(11, 8, 0)},
		{desc: "Percona counts as MySQL", current: flPercona(5, 7, 44), target: flMySQL(8, 4, 0)},
		{desc: "cross-vendor is a migration, not a downgrade", current: flMySQL(8, 0, 36), target: flMariaDB(10, 11, 0),
			wantID: "target-scope-migration", wantTitle: []string{"MySQL 8.0.36 -> MariaDB 10.11", "migration"}},
		{desc: "MariaDB to MySQL is a migration", current: flMariaDB(11, 8, 9), target: flMySQL(8, 4, 0),
			wantID: "target-scope-migration", wantTitle: []string{"MariaDB 11.8.9 -> MySQL 8.4", "migration"}},
		{desc: "Percona to MySQL is not a migration", current: flPercona(8, 0, 36), target: flMySQL(8, 4, 0)},
		{desc: "MySQL release beyond the knowledge base", current: flMySQL(8, 0, 36), target: flMySQL(9, 8, 0),
			wantID: "target-scope-unknown", wantTitle: []string{"MySQL 9.8", "not checked"}},
		{desc: "MariaDB beyond the knowledge base", current: flMariaDB(10, 11, 19), target: flMariaDB(12, 3, 0),
			wantID: "target-scope-unknown", wantTitle: []string{"MariaDB 12.3"}},
		{desc: "a release after the newest covered series", current: flMySQL(8, 0, 36), target: flMySQL(8, 5, 1),
			wantID: "target-scope-unknown", wantTitle: []string{"MySQL 8.5.1"}},
		{desc: "older series", current: flMySQL(5, 7, 44), target: flMySQL(5, 6, 0),
			wantID: "target-scope-older", wantTitle: []string{"older than the server", "MySQL 5.7.44", "MySQL 5.6"}},
		{desc: "older and not covered", current: flMySQL(5, 5, 42), target: flMySQL(4, 1, 0),
			wantID: "target-scope-older", wantTitle: []string{"MySQL 4.1"}},
		{desc: "older MariaDB", current: flMariaDB(11, 4, 2), target: flMariaDB(10, 6, 0),
			wantID: "target-scope-older"},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			target := tc.target
			got := checkTargetScope(Snapshot{Flavor: tc.current, Target: &target})
			if tc.wantID == "" {
				if len(got) != 0 {
					t.Fatalf("want no finding, got %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].ID != tc.wantID || got[0].Severity != Warning {
				t.Fatalf("want one %s warning, got %+v", tc.wantID, got)
			}
			for _, w := range tc.wantTitle {
				if !strings.Contains(got[0].Title, w) {
					t.Errorf("title %q lacks %q", got[0].Title, w)
				}
			}
		})
	}
}

func TestTargetScopeNeedsATarget(t *testing.T) {
	if got := checkTargetScope(Snapshot{Flavor: flMySQL(5, 5, 42)}); len(got) != 0 {
		t.Fatalf("no --target, want no finding, got %+v", got)
	}
}

// The coverage the finding announces must be what the lookups use.
func TestCoversMatchesLookups(t *testing.T) {
	fpt, ok := knowledge.Lookup("innodb_file_per_table")
	if !ok {
		t.Fatal("innodb_file_per_table unknown")
	}
	for _, fl := range []flavor.Flavor{flMySQL(5, 5, 0), flMySQL(8, 4, 0), flMariaDB(10, 5, 0), flMariaDB(11, 8, 0), flMySQL(9, 1, 0), flMySQL(9, 8, 0), flMySQL(8, 5, 0), flMariaDB(12, 3, 0), flMySQL(5, 1, 73)} {
		_, known := fpt.DefaultFor(fl)
		if known != knowledge.Covers(fl) {
			t.Errorf("%s: knowledge.Covers %v but default known %v", fl, knowledge.Covers(fl), known)
		}
	}
}
