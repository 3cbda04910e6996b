package schemacheck

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// TestUnknownStatementsSentWithTheirTextAreNotSetAside: a statement the
// reader knows none of, inside a client statement of several that the
// replay sends whole, is the server's to answer and leaves the count of
// what was set aside; one alone in its client statement stays on it.
func TestUnknownStatementsSentWithTheirTextAreNotSetAside(t *testing.T) {
	tests := []struct {
		name, file string
		want       int
	}{
		{"inside a text of several", "DELIMITER //\nCREATE TABLE u (id INT); FROBNICATE 1//\nDELIMITER ;\n", 0},
		{"alone", "CREATE TABLE u (id INT);\nFROBNICATE 1;\n", 1},
		{"one of each", "DELIMITER //\nCREATE TABLE u (id INT); FROBNICATE 1//\nFROBNICATE 2//\nDELIMITER ;\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := sqlfile.ReadDump("f.sql", strings.NewReader(tt.file), sqlfile.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			unknown := 0
			for _, s := range d.Steps {
				if s.Unknown != "" {
					unknown++
				}
			}
			if unknown == 0 || d.SetAside[sqlfile.UnknownStatement] != unknown {
				t.Fatalf("the reader set aside %d of %d unknown statements: %v", d.SetAside[sqlfile.UnknownStatement], unknown, d.SetAside)
			}
			sentWithTheirText(d)
			if got := d.SetAside[sqlfile.UnknownStatement]; got != tt.want {
				t.Errorf("set aside after the replay's sending: %d, want %d (%v)", got, tt.want, d.SetAside)
			}
			if notes := setAsideNotes(d); len(notes) != tt.want {
				t.Errorf("notes of statements set aside: %q, want %d", notes, tt.want)
			}
		})
	}
}
