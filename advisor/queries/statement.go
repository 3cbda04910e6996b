package queries

import (
	"slices"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Statement is one sample of a class of the application's statements.
type Statement struct {
	// Class names the class (a fingerprint); statements with the same Class
	// are samples of one class.
	Class string
	// SQL is the statement as the application sent it, without the ';'.
	SQL string
	// Schema is the logged session's current schema ("" for none).
	Schema string
	// Session holds the logged session's SET statements in force, oldest
	// first: "SET sql_mode = 'ANSI'" or the bare assignment "sql_mode = 'ANSI'".
	Session []string
	// Weight orders the classes (e.g. the class's total time in the log):
	// the heaviest are timed first. A class weighs what its heaviest sample says.
	Weight float64
	// Executions is the number of times the source holds the class (0:
	// not known, taken as 1); Time the class's total time in the source
	// (0: the source has no times). They weigh a latency difference
	// (Materiality).
	Executions int
	Time       time.Duration
}

// class is the samples of one class, in input order.
type class struct {
	name       string
	weight     float64
	executions int
	time       time.Duration
	samples    []Statement
}

// groupClasses groups statements by Class, keeping the classes in order of
// first appearance.
func groupClasses(stmts []Statement) []*class {
	var out []*class
	byName := map[string]*class{}
	for _, s := range stmts {
		c := byName[s.Class]
		if c == nil {
			c = &class{name: s.Class}
			byName[s.Class] = c
			out = append(out, c)
		}
		c.weight = max(c.weight, s.Weight)
		c.executions = max(c.executions, s.Executions)
		c.time = max(c.time, s.Time)
		c.samples = append(c.samples, s)
	}
	return out
}

// heaviestFirst returns the classes by weight, heaviest first (ties in input order).
func heaviestFirst(cs []*class) []*class {
	out := slices.Clone(cs)
	slices.SortStableFunc(out, func(a, b *class) int {
		switch {
		case a.weight > b.weight:
			return -1
		case a.weight < b.weight:
			return 1
		}
		return 0
	})
	return out
}

// sessionStatement turns a logged session setting into a SET statement.
func sessionStatement(s string) string {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";"))
	if len(t) >= 4 && strings.EqualFold(t[:4], "SET ") {
		return t
	}
	return "SET " + t
}

// words is a statement's outline, read once.
type words []sqlfile.Word

// at returns the i-th word's text, "" past the end.
func (ws words) at(i int) string {
	if i < 0 || i >= len(ws) {
		return ""
	}
	return ws[i].Text
}

// bare reports whether the i-th word is the unquoted keyword kw.
func (ws words) bare(i int, kw string) bool {
	return i >= 0 && i < len(ws) && ws[i].Kind == sqlfile.Bare && ws[i].Text == kw
}

// topLevel reports whether the keyword sequence kws appears at depth 0.
func (ws words) topLevel(kws ...string) bool {
	for i := range ws {
		if ws[i].Depth != 0 {
			continue
		}
		match := true
		for k, kw := range kws {
			if !ws.bare(i+k, kw) {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// hasBare reports whether the unquoted keyword kw appears at any depth.
func (ws words) hasBare(kw string) bool {
	for i := range ws {
		if ws.bare(i, kw) {
			return true
		}
	}
	return false
}
