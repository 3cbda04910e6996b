package queries

import (
	"strings"
	"testing"
)

// TestRightRefused: a refusal for a right the account lacks is never a
// difference of the target (never breaks, fixed or changed) and never
// same: today's refusal is left to the comparison of errors, which calls
// it failed on both (the rehearsal's setup, nothing tested); the target's
// alone is noted and the class is failed-both with a fix that says so.
func TestRightRefused(t *testing.T) {
	denied := &serverError{Code: 1227, Message: "Access denied; you need (at least one of) the PROCESS privilege(s)"}
	table := &serverError{Code: 1142, Message: "SELECT command denied to user"}
	syntax := &serverError{Code: 1064, Message: "You have an error in your SQL syntax"}
	cases := []struct {
		name          string
		today, target *serverError
		want          Status // the class's status from the comparison of errors
	}{
		{"today refused, the target runs", denied, nil, StatusFailedBoth},
		{"today refused, the target fails otherwise", denied, syntax, StatusFailedBoth},
		{"the target refused, today runs", nil, denied, StatusFailedBoth},
		{"the target refused a table, today fails otherwise", syntax, table, StatusFailedBoth},
		{"refused for other rights on each", table, denied, StatusFailedBoth},
		{"the same refusal on both", denied, denied, StatusFailedBoth},
		{"an error of another kind", nil, syntax, StatusBreaks},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var sc sampleComparison
			compareErrors(&sc, &observation{err: c.today}, &observation{err: c.target}, nil, fixContext{})
			if len(sc.problems) != 1 || sc.problems[0].Status != c.want {
				t.Fatalf("problems %+v, want one %s", sc.problems, c.want)
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
