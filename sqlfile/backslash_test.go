package sqlfile

import (
	"strings"
	"testing"
)

// TestBackslashCommandsAsTheClientRunsThem: outside strings the client
// sends at \g, clears at \c, stops at \q, drops the commands that only print
// and keeps a backslash before a character that names no command.
func TestBackslashCommandsAsTheClientRunsThem(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"go", "SELECT 1\\g SELECT 2;", []string{"SELECT 1", "SELECT 2"}},
		{"ego", "SELECT 1\\G", []string{"SELECT 1"}},
		{"clear", "SELECT 1 \\c SELECT 2;", []string{"SELECT 2"}},
		{"quit", "SELECT 1;\\q\nSELECT 2;", []string{"SELECT 1"}},
		{"nopager and notee dropped", "SELECT 1 \\n\\t+ 2;", []string{"SELECT 1 + 2"}},
		{"unknown kept", "INSERT INTO s VALUES ('a\\'), ('b\\j\\'), ('c');", []string{"INSERT INTO s VALUES ('a\\'), ('b\\j\\'), ('c')"}},
		{"in a string", "SELECT '\\g\\c';", []string{"SELECT '\\g\\c'"}},
		{"line continued", "SELECT 1, \\\n2 AS x;\nSELECT 3 \\\n;", []string{"SELECT 1, \n2 AS x", "SELECT 3 \n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stmts, rejects := ClientStatements("f.sql", c.src)
			if len(rejects) != 0 {
				t.Fatalf("refused: %v", rejects[0])
			}
			var got []string
			for _, s := range stmts {
				got = append(got, s.Text)
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("statements %q, want %q", got, c.want)
			}
		})
	}
}

// TestARefusedCommandDropsTheStatementItStandsIn: a refused backslash
// command skips its line and the statement it stands in, with what the
// client had dropped from it (\# here), so the next statement is cut
// from its own text only.
func TestARefusedCommandDropsTheStatementItStandsIn(t *testing.T) {
	stmts, rejects := ClientStatements("f.sql", "0\\#\\C\n00;")
	if len(rejects) != 1 || rejects[0].Line != 1 {
		t.Fatalf("refusals %v, want \\C on line 1", rejects)
	}
	if len(stmts) != 1 || stmts[0].Text != "00" || stmts[0].Line != 2 {
		t.Errorf("statements %+v, want 00 on line 2", stmts)
	}
}
