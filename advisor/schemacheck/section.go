package schemacheck

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Section is what the check found of d's objects on target (and today),
// with the notes that say how: the file's writer, what was set aside, what
// today's version could not tell.
func Section(d *sqlfile.Dump, target, today *server.Server, live bool, objects []outcome.Object, notes []string) *outcome.Schema {
	s := &outcome.Schema{Source: d.File, Target: target.Inspection().Flavor.String() + " (sandbox)", Objects: objects,
		SetAside: d.SetAside, Notes: append(append(append([]string{}, d.Notes...), setAsideNotes(d)...), notes...)}
	if !d.Writer.Version.IsZero() {
		s.Notes = append([]string{"the file was written by " + d.Writer.String() + ": its executable comments were read as that server runs them"}, s.Notes...)
	}
	switch {
	case today != nil:
		s.Today = today.Inspection().Flavor.String() + " (sandbox)"
	case live:
		s.Notes = append(s.Notes, "definitions compared with the live server's own (read only); no server of today's version loaded the schema (give "+flagname.SourceBasedir+"): a load problem today's version has too is blamed on the target")
	default:
		s.Notes = append(s.Notes, "no server of today's version ran the same load (give "+flagname.SourceBasedir+"): a problem today's version has too is blamed on the target")
	}
	return s
}

// maxSetAsideNamed bounds the set-aside statements named one by one.
const maxSetAsideNamed = 20

// setAsideNotes names the statements the check did not run, with their
// file:line and why (the server's own schemas have one note of their own).
func setAsideNotes(d *sqlfile.Dump) []string {
	var out []string
	rest := 0
	for _, s := range d.Steps {
		if s.Kind != sqlfile.StepSetAside || strings.HasPrefix(s.Reason, "the server's own schema") {
			continue
		}
		if len(out) == maxSetAsideNamed {
			rest++
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s set aside, not run: %s", s.Source(d.File), s.What, s.Reason))
	}
	if rest > 0 {
		out = append(out, fmt.Sprintf("%d more statements set aside, not run (counted under \"read and not loaded\")", rest))
	}
	return out
}
