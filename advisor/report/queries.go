package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// Queries is the application's statements run on today's version and the
// target (two sandboxes with the same schema and data) and compared class by
// class: the classes worst status first, what was set aside, and what was read.
type Queries struct {
	Source string `json:"source"` // the file, or the live table read
	Format string `json:"format"` // slow, general, file, digest, slowtable
	// Executions is the number of the application's statements the source
	// held, Classes the classes they make, Compared those run (the heaviest).
	Executions int `json:"executions"`
	Classes    int `json:"classes"`
	Compared   int `json:"compared"`
	// Weight says what "heaviest" means: the log's time, or the count.
	Weight  string `json:"weight"`
	Skipped int    `json:"skipped,omitempty"` // the source's other entries (the tool's own, USE, banners)
	// SkippedWhat says what they were and why: "1 start-up header of the
	// server (written when it opens the log)".
	SkippedWhat string `json:"skipped_what,omitempty"`
	Today       string `json:"today"` // today's version, as the sandbox says it
	Target      string `json:"target"`
	// Empty is true when the tables held no rows (no --with-data): results
	// are compared on empty tables.
	Empty     bool                  `json:"empty_tables,omitempty"`
	Counts    map[string]int        `json:"counts"`
	Results   []queries.ClassResult `json:"results"`
	SetAside  []queries.SetAside    `json:"set_aside,omitempty"`
	Threshold float64               `json:"threshold"`
	// Material is the rule that keeps slower and faster for what matters;
	// Untested is set when most classes failed on both servers for a
	// reason of the rehearsal's setup (nothing was tested).
	Material  *queries.Materiality  `json:"material,omitempty"`
	Untested  *queries.SetupFailure `json:"untested,omitempty"`
	ComparedS float64               `json:"compared_s"`
	TimedS    float64               `json:"timed_s"`
	Notes     []string              `json:"notes,omitempty"`
}

// QueriesOf converts a comparison and the input it ran into the report's section.
func QueriesOf(in *queries.Input, res *queries.Result, emptyTables bool) *Queries {
	q := &Queries{Source: in.Source, Format: in.Format, Executions: in.Executions, Classes: in.Classes,
		Weight: in.Weight, Skipped: in.Skipped, SkippedWhat: in.SkippedWhat, Empty: emptyTables, Counts: map[string]int{},
		Notes: append([]string{}, in.Notes...)}
	if res == nil {
		return q
	}
	if emptyTables {
		q.Notes = append(q.Notes, "no rows were loaded (no "+flagname.WithData+"): errors, warnings and plans were compared, "+
			"results only on the tables as the schema left them, latency not measured: give a dump with its rows and "+flagname.WithData+", or "+flagname.SampleRows+" N with a live server")
	}
	q.Today, q.Target, q.Results, q.SetAside, q.Threshold = res.Today, res.Target, res.Classes, res.SetAside, res.Threshold
	q.Untested = res.Untested
	if res.Timed > 0 {
		m := res.Material
		q.Material = &m
	}
	q.Compared = len(res.Classes)
	for _, s := range res.SetAside {
		q.Compared += s.Classes
	}
	for s, n := range res.Counts {
		q.Counts[string(s)] = n
	}
	q.ComparedS, q.TimedS = res.Compared.Seconds(), res.Timed.Seconds()
	return q
}

// worst is the worst severity of the classes' statuses.
func (q *Queries) worst() (rules.Severity, bool) {
	w, any := rules.Info, false
	if q == nil {
		return w, any
	}
	for _, c := range q.Results {
		if sev, ok := queryStatusSeverity(c.Status); ok {
			w, any = max(w, sev), true
		}
	}
	return w, any
}

// Action reports whether a class's status asks something of the user
// (a warning or worse): the summary's and the text's [!!].
func (q *Queries) Action() bool {
	w, any := q.worst()
	return (any && w > rules.Info) || (q != nil && q.Untested != nil)
}

// UntestedText says why the rehearsal tested nothing, "" when it tested
// something: the command exits 2 with it.
func (q *Queries) UntestedText() string {
	if q == nil || q.Untested == nil {
		return ""
	}
	u := q.Untested
	return fmt.Sprintf("the query rehearsal tested nothing: %d of %d classes failed alike on both servers for a reason of the rehearsal's setup, most with %d %s: %s",
		u.Classes, u.Ran, u.Code, u.Message, u.Fix)
}

// sqlExcerpt shortens a statement for a report line.
func sqlExcerpt(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 160 {
		return string(r[:157]) + "..."
	}
	return s
}
