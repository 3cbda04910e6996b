package report

import (
	"fmt"
	"strconv"
	"strings"
)

// plainLoad is where a plain load of the schema file (mysql < dump.sql,
// without --force) stops: the client stops at the first statement the
// server refuses, so nothing after it is created. The check loads as
// --force would and reports what comes after; the verdict says this once,
// under that refusal.
type plainLoad struct {
	object int // index in Schema.Objects of the object whose refusal stops it; -1: none
	after  int // objects defined after that statement in the file
}

// plainLoadStop finds the first refusal in the file's order (not one
// today's version shares, nor a right the sandbox's account lacks) and
// counts the objects defined after it. A schema read from a live server
// has no file order: none.
func plainLoadStop(s *Schema) plainLoad {
	stop := plainLoad{object: -1}
	first := 0
	for i, o := range s.Objects {
		if o.Status != "refused" {
			continue // the member the note goes under is a blocker
		}
		for _, p := range o.Problems {
			if p.Kind != "refused" || p.Today || p.Account {
				continue
			}
			where := p.Source
			if where == "" {
				where = o.Source
			}
			if line, ok := s.lineOf(where); ok && (stop.object < 0 || line < first) {
				stop.object, first = i, line
			}
		}
	}
	if stop.object < 0 {
		return stop
	}
	for _, o := range s.Objects {
		if line, ok := s.lineOf(o.Source); ok && line > first && o.Kind != "statement" {
			stop.after++
		}
	}
	return stop
}

// lineOf reads the line of a "file:line" source in the schema's file.
func (s *Schema) lineOf(source string) (int, bool) {
	if s.Source == "" {
		return 0, false
	}
	rest, ok := strings.CutPrefix(source, s.Source+":")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// note is the line under the refusal that stops a plain load.
func (pl plainLoad) note() string {
	return fmt.Sprintf("a load without --force stops here: %s after it %s not created", countNoun(pl.after, "object"),
		map[bool]string{true: "is", false: "are"}[pl.after == 1])
}
