package queries

import (
	"fmt"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/querylog"
)

// Input is the application's statements as a source gave them, ready for
// Compare: the heaviest classes' samples, and what was read to get them.
type Input struct {
	Statements []Statement
	// Source is the file or live table read; Format what it was read as.
	Source string
	Format string
	// Executions is the number of statements the source held (a digest
	// row counts its executions); Classes the classes they make, Kept those
	// Statements holds (the heaviest, at most the limit asked for).
	Executions int
	Classes    int
	Kept       int
	// Skipped is what the source held besides the application's statements
	// (the tool's own, USE and Quit lines, banners, ...).
	Skipped int
	// Weight says what orders the classes: "time" (the log's time) or
	// "count" (a source without times: a general log, a file).
	Weight string
	Notes  []string
}

// FromLog turns a read source into statements, its classes heaviest first
// (by the log's total time, else by count), at most maxClasses of them
// (all when maxClasses < 1); each class's samples keep the logged
// session's schema and SETs.
func FromLog(res *querylog.Result, maxClasses int) *Input {
	in := &Input{Source: res.Source, Format: string(res.Format), Executions: res.Statements,
		Classes: len(res.Classes), Skipped: res.Skipped.Total(), Weight: "count",
		Notes: slices.Clone(res.Notes)}
	classes := res.Classes // querylog orders them heaviest first
	timed := slices.ContainsFunc(classes, func(c *querylog.Class) bool { return c.Timed })
	if timed {
		in.Weight = "time"
	}
	if maxClasses > 0 && len(classes) > maxClasses {
		classes = classes[:maxClasses]
		in.Notes = append(in.Notes, fmt.Sprintf("only the %d heaviest of %d classes were compared (--query-classes)", maxClasses, in.Classes))
	}
	in.Kept = len(classes)
	for _, c := range classes {
		w := float64(c.Count)
		if timed {
			w = c.Total.Seconds()
		}
		for _, s := range c.Samples {
			in.Statements = append(in.Statements, Statement{Class: c.Fingerprint, SQL: s.Text,
				Schema: s.Schema, Session: slices.Clone(s.Settings), Weight: w})
		}
	}
	return in
}

// InSchemas keeps the statements that can run on sandboxes holding the
// schemas loaded: a statement logged in another schema is left out (and
// counted in a note), one logged without a schema runs in the only schema
// loaded when there is one.
func (in *Input) InSchemas(loaded []string) {
	only := ""
	if len(loaded) == 1 {
		only = loaded[0]
	}
	var kept []Statement
	var elsewhere []string
	defaulted := 0
	for _, st := range in.Statements {
		switch {
		case st.Schema == "" && only != "":
			st.Schema = only
			defaulted++
		case st.Schema != "" && !slices.ContainsFunc(loaded, func(s string) bool { return strings.EqualFold(s, st.Schema) }):
			if !slices.Contains(elsewhere, st.Schema) {
				elsewhere = append(elsewhere, st.Schema)
			}
			continue
		}
		kept = append(kept, st)
	}
	if len(elsewhere) > 0 {
		in.Notes = append(in.Notes, fmt.Sprintf("%d statements logged in schemas the schema file does not hold (%s) were not run: "+
			"give a schema file with those schemas", len(in.Statements)-len(kept), strings.Join(elsewhere, ", ")))
	}
	if defaulted > 0 {
		in.Notes = append(in.Notes, fmt.Sprintf("%d statements the source gives no schema for ran in %s, the only schema loaded", defaulted, only))
	}
	in.Statements = kept
}
