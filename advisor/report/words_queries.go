package report

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
)

// queriesReadText says what was read and how much of it ran.
func queriesReadText(q *Queries) string {
	s := fmt.Sprintf("read: %s (%s), %d statements, %d classes, the %d heaviest (by %s) compared in %.1f s",
		q.Source, q.Format, q.Executions, q.Classes, q.Compared, q.Weight, q.ComparedS)
	if q.TimedS > 0 {
		s += fmt.Sprintf(", timed in %.1f s (slower or faster beyond %.2fx", q.TimedS, q.Threshold)
		if m := q.Material; m != nil {
			s += fmt.Sprintf(" by at least %g%% of the source's time or %g ms an execution", 100*m.Share, m.PerExecutionMs)
		}
		s += ")"
	}
	if q.Skipped > 0 {
		s += fmt.Sprintf("; %d other entries skipped", q.Skipped)
	}
	return s
}

// setAsideQueryText is one kind of class that was not run.
func setAsideQueryText(s queries.SetAside) string {
	return fmt.Sprintf("%s: %d classes (%d statements) not run, e.g. %s", s.Kind, s.Classes, s.Statements, sqlExcerpt(s.Example))
}

// plural is "1 sample" or "3 samples".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
