package report

// The schema section in words, shared by its text, Markdown and HTML forms.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// schemaGroup is the objects of one checker level (Errors, Warnings,
// Notices), by kind.
type schemaGroup struct {
	Title   string
	Objects []SchemaObject
}

// schemaGroups sorts the objects into Errors, Warnings and Notices, each by
// kind and name; loaded objects are left out.
func schemaGroups(s *Schema) []schemaGroup {
	groups := []schemaGroup{{Title: "Errors"}, {Title: "Warnings"}, {Title: "Notices"}}
	for _, o := range s.Objects {
		sev, ok := StatusSeverity(o.Status)
		if !ok || o.SameAs != "" { // a copy is shown on the loaded schema's row
			continue
		}
		i := map[rules.Severity]int{rules.Critical: 0, rules.Warning: 1, rules.Info: 2}[sev]
		groups[i].Objects = append(groups[i].Objects, o)
	}
	for _, g := range groups {
		sort.SliceStable(g.Objects, func(a, b int) bool {
			if da, db := s.drifted(g.Objects[a]), s.drifted(g.Objects[b]); da != db {
				return da
			}
			if g.Objects[a].Kind != g.Objects[b].Kind {
				return kindRank(g.Objects[a].Kind) < kindRank(g.Objects[b].Kind)
			}
			return g.Objects[a].Name < g.Objects[b].Name
		})
	}
	return groups
}

// schemaOnly reports whether r holds nothing but a schema check.
func schemaOnly(r *Report) bool {
	return r.Schema != nil && r.Server.Flavor == "" && len(withoutDerived(r.Findings)) == 0 && len(r.Config) == 0
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
