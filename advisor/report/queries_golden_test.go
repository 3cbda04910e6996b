package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
)

// queriesFixture reads a real check --queries report: the shop's install
// script with its rows, the slow log MariaDB 10.11.19 wrote of its traffic,
// today's version MariaDB 10.11.19 and the target MySQL 9.7.4.
func queriesFixture(t *testing.T) *Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "queries-check.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestQueriesReportGolden(t *testing.T) {
	r := queriesFixture(t)
	for _, f := range []struct {
		format Format
		file   string
	}{{Text, "queries-check.txt"}, {Markdown, "queries-check.md"}, {JSON, "queries-check.json"}, {HTML, "queries-check.html"}} {
		var b bytes.Buffer
		if err := Write(&b, r, f.format, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		golden(t, f.file, b.Bytes())
	}
}

func TestQueryStatusesDecideFailOn(t *testing.T) {
	for _, tc := range []struct {
		status queries.Status
		want   string // "" : no severity
	}{
		{queries.StatusBreaks, "critical"}, {queries.StatusChanged, "critical"},
		{queries.StatusOrder, "warning"}, {queries.StatusSlower, "warning"}, {queries.StatusWarned, "warning"},
		{queries.StatusPlan, "info"},
		{queries.StatusSame, ""}, {queries.StatusFixed, ""}, {queries.StatusFaster, ""},
	} {
		r := &Report{Queries: &Queries{Results: []queries.ClassResult{{Status: tc.status}}}}
		w, any := r.Worst()
		got := ""
		if any {
			got = w.String()
		}
		if got != tc.want {
			t.Errorf("%s: worst %q, want %q", tc.status, got, tc.want)
		}
	}
	rr := &RehearseReport{Queries: &Queries{Results: []queries.ClassResult{{Status: queries.StatusBreaks}}}}
	if w, any := rr.Worst(); !any || w.String() != "critical" {
		t.Errorf("a rehearsal's breaks: worst %v %v, want critical", w, any)
	}
}

func TestQueriesOf(t *testing.T) {
	in := &queries.Input{Source: "slow.log", Format: "slow", Executions: 9, Classes: 4, Weight: "time", Notes: []string{"read note"}}
	res := &queries.Result{Today: "10.11", Target: "9.7", Threshold: 1.05, Compared: 2 * time.Second,
		Classes:  []queries.ClassResult{{Status: queries.StatusBreaks}, {Status: queries.StatusSame}},
		SetAside: []queries.SetAside{{Kind: queries.KindDDL, Classes: 2, Statements: 3}},
		Counts:   map[queries.Status]int{queries.StatusBreaks: 1, queries.StatusSame: 1}}
	for _, tc := range []struct {
		name      string
		empty     bool
		wantNotes int
	}{{"with rows", false, 1}, {"no rows", true, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			q := QueriesOf(in, res, tc.empty)
			if q.Compared != 4 || q.Counts["breaks"] != 1 || q.ComparedS != 2 || q.Today != "10.11" {
				t.Errorf("section %+v", q)
			}
			if len(q.Notes) != tc.wantNotes || (tc.empty && !strings.Contains(q.Notes[1], "--with-data")) {
				t.Errorf("notes %q", q.Notes)
			}
			if s := QueriesSummary(q); !strings.Contains(s, "1 breaks, 1 same; 2 classes set aside") {
				t.Errorf("summary %q", s)
			}
		})
	}
	if len(in.Notes) != 1 {
		t.Errorf("the input's notes were changed: %q", in.Notes)
	}
	none := QueriesOf(&queries.Input{Source: "slow.log", Notes: []string{"the slow log holds no statement of the application: turn the slow log on"}}, nil, true)
	if s := QueriesSummary(none); !strings.Contains(s, "none compared (0 statements read from slow.log") || len(none.Notes) != 1 {
		t.Errorf("nothing run: summary %q, notes %q (the source's how-to alone)", s, none.Notes)
	}
}

// TestRehearseQueriesGolden renders a real rehearsal with --queries (the
// shop's install script with its rows and slow log, MariaDB 10.11.19 on its
// compiled defaults -> MySQL 9.7.4; paths replaced): the queries section in
// every format, the summary's headline, and the JSON read back the same.
func TestRehearseQueriesGolden(t *testing.T) {
	r, data := rehearseFixtureNamed(t, "rehearse-queries.json")
	for _, f := range []struct {
		format Format
		file   string
	}{{Text, "rehearse-queries.txt"}, {Markdown, "rehearse-queries.md"}, {HTML, "rehearse-queries.html"}} {
		var b bytes.Buffer
		if err := Write(&b, r, f.format, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "Queries on the target") && f.format != Text {
			t.Errorf("%s: no queries section", f.file)
		}
		golden(t, f.file, b.Bytes())
	}
	var b bytes.Buffer
	if err := Write(&b, r, JSON, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), data) {
		t.Error("the rehearsal with queries read from its JSON does not render back to the same JSON")
	}
	if last := r.Summary[len(r.Summary)-1]; !strings.HasPrefix(last, "The application's queries") || !r.SummaryAction[len(r.SummaryAction)-1] {
		t.Errorf("the summary's last headline %q: want the queries', marked for action", last)
	}
}

// TestSkippedEntriesSayWhat: the read line names what the source held
// besides the application's statements, and why it was skipped.
func TestSkippedEntriesSayWhat(t *testing.T) {
	q := &Queries{Source: "slow.log", Format: "slow", Skipped: 1, SkippedWhat: "1 start-up header of the server (written when it opens the log)"}
	if got := queriesReadText(q); !strings.HasSuffix(got, "; skipped, not the application's statements: 1 start-up header of the server (written when it opens the log)") {
		t.Errorf("read line %q", got)
	}
}
