package report

import (
	"github.com/fatih/color"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
)

// queries prints the queries section: the headline, what was read, then
// every class whose status is not same, worst first, with its problems.
func (p *printer) queries(q *Queries) {
	if q == nil {
		return
	}
	p.line("")
	marker := "[--]"
	if q.Action() {
		marker = p.paint(color.FgRed, "[!!]")
	}
	p.line("%s %s", marker, QueriesSummary(q))
	p.line("       %s", queriesReadText(q))
	if u := q.UntestedText(); u != "" {
		p.line("%s %s", p.paint(color.FgRed, "[!!]"), u)
	}
	for _, c := range q.Results {
		if shown(c) {
			p.queryClass(c)
		}
	}
	if n := negligibleText(q); n != "" {
		p.line("[--] negligible %s", n)
	}
	if n := q.Counts[string(queries.StatusSame)]; n > 0 {
		p.line("[OK] same      %d classes: the same errors, warnings, rows and plan on both", n)
	}
	for _, s := range q.SetAside {
		p.line("[--] set aside %s", setAsideQueryText(s))
	}
	for _, n := range q.Notes {
		p.line("[--] Note: %s", n)
	}
}

func (p *printer) queryClass(c queries.ClassResult) {
	marker := p.paint(color.FgCyan, "[--]")
	switch sev, _ := queryStatusSeverity(c.Status); {
	case sev.String() == "critical":
		marker = p.paint(color.FgRed, "[!!]")
	case sev.String() == "warning":
		marker = p.paint(color.FgYellow, "[!!]")
	}
	p.line("%s %-9s %s", marker, statusLabel(c.Status), sqlExcerpt(c.SQL))
	p.line("       class: %s (%s, %s)", sqlExcerpt(c.Class), c.Kind, plural(c.Samples, "sample"))
	for _, pr := range c.Problems {
		p.line("       %s", queryProblemText(pr))
		if pr.Fix != "" {
			p.line("         fix: %s", pr.Fix)
		}
	}
	if l := latencyText(c); l != "" {
		p.line("       timed: %s", l)
	}
	for _, n := range c.Notes {
		p.line("       note: %s", n)
	}
}
