package report

import (
	"fmt"

	"github.com/fatih/color"
)

// schema prints the schema section: a summary line, then the objects with
// problems as Errors, Warnings and Notices, grouped by kind.
func (p *printer) schema(r *Report) {
	s := r.Schema
	if s == nil {
		return
	}
	p.line("[--] Schema: %s: %s, checked on %s in %.1f s", s.Source, countsText(s.countByKind()), s.Target, s.DurationS)
	if s.Today != "" {
		p.line("       the same load on today's version: %s", s.Today)
	}
	p.line("       statuses: %s", countsText(s.countByStatus()))
	if g := s.groupsText(); g != "" {
		p.line("       %s", g)
	}
	if len(s.SetAside) > 0 {
		p.line("       read and not loaded: %s", setAsideText(s.SetAside))
	}
	for _, g := range schemaGroups(s) {
		p.line("")
		p.line("%s", p.paint(color.Bold, fmt.Sprintf("%s: %d", g.Title, len(g.Objects))))
		kind := ""
		for _, o := range g.Objects {
			if o.Kind != kind {
				kind = o.Kind
				p.line("  %s", kindPlural(kind))
			}
			p.schemaObject(s, o)
		}
	}
	for _, n := range s.Notes {
		p.line("[--] Note: %s", n)
	}
}

func (p *printer) schemaObject(s *Schema, o SchemaObject) {
	marker := p.paint(color.FgCyan, "[--]")
	switch sev, _ := StatusSeverity(o.Status); sev.String() {
	case "critical":
		marker = p.paint(color.FgRed, "[!!]")
	case "warning":
		marker = p.paint(color.FgYellow, "[!!]")
	}
	p.line("%s %-9s %s %s (%s)%s", marker, o.Status, o.Kind, o.Name, s.place(o), s.sharedText(o))
	for _, pr := range o.Problems {
		p.line("       %s", problemText(pr))
		if pr.Fix != "" && !pr.Today {
			p.line("         fix: %s", pr.Fix)
		}
	}
}
