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
