package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fatih/color"
)

// schemaOnly reports whether r holds nothing but a schema check.
func schemaOnly(r *Report) bool {
	return r.Schema != nil && r.Server.Flavor == "" && len(withoutDerived(r.Findings)) == 0 && len(r.Config) == 0
}

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

// problemText is one problem on one line: "kind code: message".
func problemText(pr SchemaProblem) string {
	s := pr.Kind
	if pr.Code != 0 {
		s += fmt.Sprintf(" %d", pr.Code)
	}
	s += ": " + pr.Message
	if pr.Today {
		s += " (today's version too: not the upgrade's doing)"
	}
	if pr.Account {
		s += " (refused to the sandbox's application account, which lacks that right on purpose: not the target's doing)"
	}
	return s
}

// countsText writes "16 tables, 7 views" or "30 loaded, 2 reserved".
func countsText(counts []kindCount) string {
	if len(counts) == 0 {
		return "none"
	}
	parts := make([]string, len(counts))
	for i, c := range counts {
		word := c.Kind
		if isKindWord(word) && c.Count != 1 {
			word = kindPlural(word)
		}
		parts[i] = fmt.Sprintf("%d %s", c.Count, word)
	}
	return strings.Join(parts, ", ")
}

func isKindWord(w string) bool { return kindRank(w) < len(schemaKinds) }

// kindPlural is the plural of a kind.
func kindPlural(kind string) string { return kind + "s" }

// setAsideText writes the set-aside counts, sorted by what they are.
func setAsideText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// schemaSummary is the section's first sentence.
func schemaSummary(s *Schema) string {
	out := fmt.Sprintf("%s: %s, checked on %s in %.1f s; statuses: %s", s.Source, countsText(s.countByKind()),
		s.Target, s.DurationS, countsText(s.countByStatus()))
	if s.Today != "" {
		out += "; the same load on today's version: " + s.Today
	}
	if len(s.SetAside) > 0 {
		out += "; read and not loaded: " + setAsideText(s.SetAside)
	}
	if g := s.groupsText(); g != "" {
		out += "; " + g
	}
	return out
}
