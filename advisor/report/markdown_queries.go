package report

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
)

// queries writes the Markdown queries section.
func (m *mdWriter) queries(q *Queries) {
	if q == nil {
		return
	}
	m.heading(2, "Queries on the target")
	m.line(mdText(QueriesSummary(q)))
	m.line("")
	m.line(mdText(queriesReadText(q)))
	m.line("")
	if u := q.UntestedText(); u != "" {
		m.line("**" + mdText(u) + "**")
		m.line("")
	}
	var rows [][]string
	for _, c := range q.Results {
		if !shown(c) {
			continue
		}
		what := ""
		for i, pr := range c.Problems {
			if i > 0 {
				what += "<br>"
			}
			what += mdText(queryProblemText(pr))
			if pr.Fix != "" {
				what += " — fix: " + mdText(pr.Fix)
			}
		}
		if l := latencyText(c); l != "" {
			what += "<br>timed: " + mdText(l)
		}
		rows = append(rows, []string{statusLabel(c.Status), mdCodeCell(sqlExcerpt(c.SQL)), fmt.Sprint(c.Samples), what})
	}
	if len(rows) > 0 {
		m.table([]string{"status", "statement", "samples", "what differs"}, []string{"---", "---", "---:", "---"}, rows)
		m.line("")
	}
	if n := negligibleText(q); n != "" {
		m.line("- negligible: " + mdText(n))
	}
	if n := q.Counts[string(queries.StatusSame)]; n > 0 {
		m.line(fmt.Sprintf("- same: %d classes", n))
	}
	for _, s := range q.SetAside {
		m.line("- set aside " + mdText(setAsideQueryText(s)))
	}
	for _, n := range q.Notes {
		m.line("- " + mdText(n))
	}
	m.line("")
}
