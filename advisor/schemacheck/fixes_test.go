package schemacheck

import (
	"strings"
	"testing"
)

func TestFixForError(t *testing.T) {
	cases := []struct {
		code uint16
		msg  string
		want string
	}{
		{1305, "FUNCTION shop.md5 does not exist", "replace md5() with SHA2"},
		{1305, "FUNCTION shop.my_own does not exist", "the target has no function my_own()"},
		{1305, "PROCEDURE shop.p does not exist", "create it first or replace the call"},
		{6125, "Failed to add the foreign key constraint. Missing unique key", "add a unique key"},
		{9999, "something new", ""},
	}
	for _, c := range cases {
		got := fixForError(c.code, c.msg)
		if (c.want == "" && got != "") || !strings.Contains(got, c.want) {
			t.Errorf("fixForError(%d, %q) = %q, want it to contain %q", c.code, c.msg, got, c.want)
		}
	}
}

func TestCallAtSyntaxError(t *testing.T) {
	cases := []struct{ sql, msg, want string }{
		{"INSERT INTO admin_user (login, pass) VALUES ('admin', PASSWORD('change-me'))",
			"You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '('change-me'))' at line 1", "PASSWORD"},
		{"INSERT INTO setting VALUES ('a\\', 'b')", "You have an error in your SQL syntax; ... near 'b')' at line 1", ""},
		{"SELECT COUNT(*) FROM t", "Table 't' doesn't exist", ""},
	}
	for _, c := range cases {
		if got := callAtSyntaxError(c.sql, c.msg); got != c.want {
			t.Errorf("callAtSyntaxError(%q) = %q, want %q", c.sql, got, c.want)
		}
	}
}
