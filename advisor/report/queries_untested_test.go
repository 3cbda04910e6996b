package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// untestedQueries is a run whose classes failed on both servers for want
// of a default schema, but one, timed beyond the threshold by a
// negligible time.
func untestedQueries() *Queries {
	fail := queries.ClassResult{Class: "select title from book", Kind: queries.KindQuery, Samples: 1, SQL: "SELECT title FROM book",
		Status: queries.StatusFailedBoth, Problems: []queries.Problem{{Status: queries.StatusFailedBoth, Aspect: "error", Code: 1046,
			Message: "No database selected", Today: "error 1046 No database selected", Target: "error 1046 No database selected",
			Fix: "no default schema: give the schema the statements run in (--database, as the mysql client's -D)"}}}
	fail2 := fail
	fail2.SQL, fail2.Class = "SELECT author FROM book", "select author from book"
	negligible := queries.ClassResult{Class: "select 1", Kind: queries.KindQuery, Samples: 1, SQL: "SELECT 1", Status: queries.StatusSame,
		Negligible: true, Latency: &queries.Latency{Ratio: effect.Interval{Ratio: 1.3, Low: 1.2, High: 1.4}, TodayMs: 0.05, TargetMs: 0.065, Executions: 1, ExtraShare: 0.001}}
	return &Queries{Source: "statements.sql", Format: "file", Executions: 3, Classes: 3, Compared: 3, Weight: "count",
		Today: "10.11.19-MariaDB", Target: "9.7.4", Threshold: 1.05, TimedS: 1,
		Counts:   map[string]int{"failed-both": 2, "same": 1},
		Results:  []queries.ClassResult{fail, fail2, negligible},
		Material: &queries.DefaultMateriality,
		Untested: &queries.SetupFailure{Classes: 2, Ran: 3, Code: 1046, Message: "No database selected", Fix: fail.Problems[0].Fix}}
}

// TestQueriesUntestedAndNegligible: classes that failed on both are listed
// with their error under their own status, never under [OK]; a run that
// tested nothing says so with what to change (--database); the classes
// beyond the threshold by a negligible time are one line.
func TestQueriesUntestedAndNegligible(t *testing.T) {
	q := untestedQueries()
	r := &Report{Queries: q}
	var b bytes.Buffer
	if err := Write(&b, r, Text, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"2 failed on both, 1 same. Nothing was tested: 2 of 3 classes failed on both servers with setup errors (1046 No database selected).",
		"[!!] the query rehearsal tested nothing: 2 of 3 classes failed alike on both servers",
		"[--] failed on both SELECT title FROM book",
		"error 1046: No database selected",
		"[--] negligible 1 classes beyond 1.05x by too little to matter (1 slower, 0 faster; each under 1% of the source's time and under 1 ms an execution): SELECT 1 1.30x",
		"[OK] same      1 classes",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the text has no %q:\n%s", want, text)
		}
	}
	if msg := q.UntestedText(); !strings.Contains(msg, "--database") {
		t.Errorf("the exit message %q does not name --database", msg)
	}
	if !q.Action() {
		t.Error("a run that tested nothing asks for action")
	}
	for _, f := range []Format{Markdown, HTML} {
		b.Reset()
		if err := Write(&b, r, f, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		if s := b.String(); !strings.Contains(s, "negligible: 1 classes") || !strings.Contains(s, "tested nothing") || !strings.Contains(s, "failed on both") {
			t.Errorf("%s: no negligible line, untested message or failed-on-both class:\n%s", f, s)
		}
	}
	if (&Queries{}).UntestedText() != "" || negligibleText(&Queries{}) != "" {
		t.Error("a run that tested something has no untested message and no negligible line")
	}
}
