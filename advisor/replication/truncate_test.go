package replication

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncateKeepsWholeCharacters(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abcdef", 3, "abc..."},
		{"aé", 2, "a..."},  // é is two bytes: cut before it, not in it
		{"日本語", 4, "日..."}, // three bytes each
		{strings.Repeat("ß", 150), 200, strings.Repeat("ß", 100) + "..."},
	}
	for _, c := range cases {
		got := truncate(c.in, c.n)
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
