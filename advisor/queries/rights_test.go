package queries

import (
	"strings"
	"testing"
)

// TestRightRefused: a refusal for a right the account lacks, on one side,
// is noted and not compared; the same refusal on both, and errors of other
// kinds, are left to the comparison of errors.
func TestRightRefused(t *testing.T) {
	denied := &serverError{Code: 1227, Message: "Access denied; you need (at least one of) the PROCESS privilege(s)"}
	table := &serverError{Code: 1142, Message: "SELECT command denied to user"}
	syntax := &serverError{Code: 1064, Message: "You have an error in your SQL syntax"}
	cases := []struct {
		name          string
		today, target *serverError
		handled       bool
		note          string
	}{
		{"today refused, the target runs", denied, nil, true, "today's version refused it"},
		{"today refused, the target fails otherwise", denied, syntax, true, "where it fails with 1064"},
		{"the target refused, today runs", nil, denied, true, "not blamed on the target"},
		{"the target refused a table, today fails otherwise", syntax, table, true, "where today it fails with 1064"},
		{"refused for other rights on each", table, denied, true, "today's version refused it"},
		{"the same refusal on both", denied, denied, false, ""},
		{"both run", nil, nil, false, ""},
		{"an error of another kind", nil, syntax, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var sc sampleComparison
			got := rightRefused(&sc, &observation{err: c.today}, &observation{err: c.target})
			if got != c.handled {
				t.Fatalf("handled %v, want %v", got, c.handled)
			}
			if len(sc.problems) != 0 {
				t.Errorf("problems %+v: a refusal for a right is never a difference of the target", sc.problems)
			}
			if note := strings.Join(sc.notes, " "); c.note != "" && !strings.Contains(note, c.note) {
				t.Errorf("note %q does not say %q", note, c.note)
			} else if c.note == "" && note != "" {
				t.Errorf("note %q, want none", note)
			}
		})
	}
}

// TestSessionSetRefusedForARight: a logged session's SET the target
// refuses for a right is noted, not a breaking problem; another refusal
// still is.
func TestSessionSetRefusedForARight(t *testing.T) {
	var c sampleComparison
	compareSession(&c, &observation{}, &observation{session: []serverError{
		{Code: 1227, Message: "Access denied; you need (at least one of) the SYSTEM_VARIABLES_ADMIN or SESSION_VARIABLES_ADMIN privilege(s)"},
		{Code: 1231, Message: "Variable 'sql_mode' can't be set to the value of 'NO_AUTO_CREATE_USER'"},
	}})
	if len(c.problems) != 1 || c.problems[0].Code != 1231 || c.problems[0].Status != StatusBreaks {
		t.Errorf("problems %+v, want the 1231 alone, breaks", c.problems)
	}
	if len(c.notes) != 1 || !strings.Contains(c.notes[0], "1227") {
		t.Errorf("notes %q, want the 1227 noted", c.notes)
	}
}
