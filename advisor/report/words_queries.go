package report

// The queries section in words, shared by its text, Markdown and HTML forms.

import (
	"fmt"
	"slices"
	"strings"

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
	switch {
	case q.Skipped > 0 && q.SkippedWhat != "":
		s += fmt.Sprintf("; skipped, not the application's statements: %s", q.SkippedWhat)
	case q.Skipped > 0:
		s += fmt.Sprintf("; %d other entries skipped (the tool's own statements, USE or quit lines, the server's headers: not the application's)", q.Skipped)
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

// QueriesSummary is the section's headline.
func QueriesSummary(q *Queries) string {
	if q.Today == "" {
		return fmt.Sprintf("The application's queries: none compared (%d statements read from %s; the notes say why and what to do).", q.Executions, q.Source)
	}
	s := fmt.Sprintf("The application's queries (%d statements in %d classes from %s) on %s against %s: %s",
		q.Executions, q.Classes, q.Source, q.Target, q.Today, q.countsText())
	if n := q.setAsideClasses(); n > 0 {
		s += fmt.Sprintf("; %d classes set aside", n)
	}
	if u := q.Untested; u != nil {
		s += fmt.Sprintf(". Nothing was tested: %d of %d classes failed on both servers with setup errors (%d %s)", u.Classes, u.Ran, u.Code, u.Message)
	}
	return s + "."
}

// countsText is "9 breaks, 4 changed, 20 same", worst status first.
func (q *Queries) countsText() string {
	var parts []string
	for _, s := range queries.Statuses() {
		if n := q.Counts[string(s)]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, statusLabel(s)))
		}
	}
	if len(parts) == 0 {
		return "no class ran"
	}
	return strings.Join(parts, ", ")
}

func (q *Queries) setAsideClasses() int {
	n := 0
	for _, s := range q.SetAside {
		n += s.Classes
	}
	return n
}

// statusLabel is a status as the report says it.
func statusLabel(s queries.Status) string {
	if s == queries.StatusFailedBoth {
		return "failed on both"
	}
	return string(s)
}

// latencyText is a timed class's ratio with its interval, "" when untimed
// or when a latency problem (slower, faster) already says it.
func latencyText(c queries.ClassResult) string {
	l := c.Latency
	if l == nil || slices.ContainsFunc(c.Problems, func(p queries.Problem) bool { return p.Aspect == "latency" }) {
		return ""
	}
	return fmt.Sprintf("%.2fx today's time (%s; %.3f ms -> %.3f ms, %d rounds)", l.Ratio.Ratio, l.Ratio.CI(), l.TodayMs, l.TargetMs, l.Rounds)
}

// queryProblemText is one problem on one line: "aspect code: message (today: ..., target: ...)".
func queryProblemText(p queries.Problem) string {
	s := p.Aspect
	if p.Code != 0 {
		s += fmt.Sprintf(" %d", p.Code)
	}
	s += ": " + p.Message
	var sides []string
	for _, side := range []struct{ name, text string }{{"today", p.Today}, {"target", p.Target}} {
		if side.text != "" && !strings.Contains(side.text, p.Message) && !strings.Contains(p.Message, side.text) {
			sides = append(sides, side.name+": "+side.text)
		}
	}
	if len(sides) > 0 {
		s += " (" + strings.Join(sides, "; ") + ")"
	}
	return s
}

// shown reports whether a class is listed one by one: every status but same.
func shown(c queries.ClassResult) bool { return c.Status != queries.StatusSame }
