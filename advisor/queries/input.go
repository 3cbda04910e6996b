package queries

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
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
	// SkippedWhat says what those entries were and why they were skipped.
	SkippedWhat string
	// Weight says what orders the classes: "time" (the log's time) or
	// "count" (a source without times: a general log, a file).
	Weight string
	// Time is the total time of every statement the source held (0 when
	// it has no times): what a class's extra time is weighed against.
	Time  time.Duration
	Notes []string
}

// FromLog turns a read source into statements, its classes heaviest first
// (by the log's total time, else by count), at most maxClasses of them
// (all when maxClasses < 1); each class's samples keep the logged
// session's schema and SETs.
func FromLog(res *querylog.Result, maxClasses int) *Input {
	in := &Input{Source: res.Source, Format: string(res.Format), Executions: res.Statements,
		Classes: len(res.Classes), Skipped: res.Skipped.Total(), SkippedWhat: res.Skipped.Describe(), Weight: "count",
		Notes: slices.Clone(res.Notes)}
	classes := res.Classes // querylog orders them heaviest first
	timed := slices.ContainsFunc(classes, func(c *querylog.Class) bool { return c.Timed })
	if timed {
		in.Weight = "time"
		for _, c := range classes {
			in.Time += c.Total
		}
	}
	if maxClasses > 0 && len(classes) > maxClasses {
		classes = classes[:maxClasses]
		in.Notes = append(in.Notes, fmt.Sprintf("only the %d heaviest of %d classes were compared ("+flagname.QueryClasses+")", maxClasses, in.Classes))
	}
	in.Kept = len(classes)
	for _, c := range classes {
		w := float64(c.Count)
		if timed {
			w = c.Total.Seconds()
		}
		for _, s := range c.Samples {
			in.Statements = append(in.Statements, Statement{Class: c.Fingerprint, SQL: s.Text,
				Schema: s.Schema, Session: slices.Clone(s.Settings), Weight: w, Executions: c.Count, Time: c.Total})
		}
	}
	return in
}

// InSchemas keeps the statements that can run on sandboxes holding the
// loaded schemas (the application's), and gives each statement the source
// gives no schema for a default as the mysql client does: database (its
// -D) when given, else the only schema loaded. A statement's logged schema
// (the session's own USE) always wins; one logged in a schema not loaded
// is left out and counted in a note. A database not loaded is an error.
func (in *Input) InSchemas(loaded []string, database string) error {
	inLoaded := func(s string) bool {
		return slices.ContainsFunc(loaded, func(l string) bool { return strings.EqualFold(l, s) })
	}
	if database != "" && !inLoaded(database) {
		return fmt.Errorf("%w: "+flagname.Database+" %s: the schema is not loaded (%s): name one the schema file creates", exitcode.ErrUsage, database, loadedText(loaded))
	}
	def, from := database, "the default schema given ("+flagname.Database+")"
	if def == "" && len(loaded) == 1 {
		def, from = loaded[0], "the only schema loaded"
	}
	var kept []Statement
	var elsewhere []string
	defaulted, without := 0, 0
	for _, st := range in.Statements {
		switch {
		case st.Schema == "" && def != "":
			st.Schema = def
			defaulted++
		case st.Schema == "":
			without++
		case !inLoaded(st.Schema):
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
		in.Notes = append(in.Notes, fmt.Sprintf("%d statements the source gives no schema for ran in %s, %s", defaulted, def, from))
	}
	if without > 0 {
		in.Notes = append(in.Notes, fmt.Sprintf("%d statements the source gives no schema for ran without a default schema (%s): "+
			"give "+flagname.Database+" (-D, as for the mysql client) the schema they run in", without, loadedText(loaded)))
	}
	in.Statements = kept
	return nil
}

// loadedText names the schemas loaded.
func loadedText(loaded []string) string {
	switch len(loaded) {
	case 0:
		return "no schema is loaded"
	case 1:
		return "the schema loaded is " + loaded[0]
	}
	return fmt.Sprintf("%d schemas are loaded: %s", len(loaded), strings.Join(loaded, ", "))
}
