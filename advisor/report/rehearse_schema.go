package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// SchemaTimingSummary is the rehearsal's sentence on the schema's creation:
// "Your 16 tables, 7 views and 6 routines take X s to create today and Y s
// on the target ...; with both settings off, Z s", then each side's time
// against the reference's with its interval and verdict.
func SchemaTimingSummary(t *SchemaTiming) string {
	times := map[string]float64{}
	for _, s := range t.Sides {
		times[s.Name] = s.MedianS
	}
	s := "Your " + schemaContents(t) + " take "
	if today, ok := times[SideToday]; ok {
		s += fmt.Sprintf("%.2f s to create today and ", today)
	}
	s += fmt.Sprintf("%.2f s on the target with today's settings carried over; with innodb_file_per_table and innodb_stats_persistent off, %.2f s",
		times[SideTargetCarried], times[SideTargetBothOff])
	s += fmt.Sprintf(" (medians of %d measured rounds).", t.Rounds)
	for _, side := range t.Sides {
		if side.Versus == nil {
			continue
		}
		var decision effect.Interval
		if side.Decision != nil {
			decision = *side.Decision
		}
		s += " " + effect.TimeSentence("Creating it on "+schemaSideWords(side.Name), schemaSideWords(t.Reference)+"'s", *side.Versus, decision)
	}
	return s
}

// schemaSideWords names a schema timing side in a sentence.
func schemaSideWords(name string) string {
	switch name {
	case SideToday:
		return "today's version"
	case SideTargetCarried:
		return "the target as carried over"
	case SideTargetBothOff:
		return "the target with both DDL settings off"
	}
	return name
}

// schemaContents lists what the schema holds, e.g. "16 tables, 7 views and 6 routines".
func schemaContents(t *SchemaTiming) string {
	var parts []string
	for _, c := range []struct {
		n    int
		word string
	}{{t.Tables, "table"}, {t.Views, "view"}, {t.Routines, "routine"}, {t.Triggers, "trigger"}, {t.Events, "event"}} {
		if c.n == 1 {
			parts = append(parts, "1 "+c.word)
		} else if c.n > 1 {
			parts = append(parts, fmt.Sprintf("%d %ss", c.n, c.word))
		}
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
