package sqlfile

import "testing"

func TestQuoteEnd(t *testing.T) {
	for _, tt := range []struct {
		s       string
		escapes bool
		want    int
	}{
		{`'abc' x`, true, 5},
		{`'it''s' x`, true, 7},
		{`'a\'b' x`, true, 6},
		{`'a\'b' x`, false, 4},
		{"`a``b` x", false, 6},
		{"`a\\` x", false, 4},
		{`"x`, true, -1},
		{`'a\`, true, -1},
		{`''`, true, 2},
	} {
		if got := QuoteEnd(tt.s, 0, tt.escapes); got != tt.want {
			t.Errorf("QuoteEnd(%q, escapes %v) = %d, want %d", tt.s, tt.escapes, got, tt.want)
		}
	}
}

func TestStartsDashComment(t *testing.T) {
	for s, want := range map[string]bool{"-- c": true, "--\n": true, "--\t": true, "--": true, "--c": false, "-1": false, "x -- c": false} {
		if got := StartsDashComment(s, 0); got != want {
			t.Errorf("StartsDashComment(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestVersionAt(t *testing.T) {
	for _, tt := range []struct {
		s             string
		version, next int
	}{
		{"40101 SET", 40101, 5},
		{"100100 USE", 100100, 6},
		{"5000112", 500011, 6},
		{"1234 SELECT", 0, 0},
		{" SET", 0, 0},
	} {
		if v, n := VersionAt(tt.s, 0); v != tt.version || n != tt.next {
			t.Errorf("VersionAt(%q) = %d, %d, want %d, %d", tt.s, v, n, tt.version, tt.next)
		}
	}
}
