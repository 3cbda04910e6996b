package report

import "fmt"

// schema writes the Markdown schema section.
func (m *mdWriter) schema(r *Report) {
	s := r.Schema
	if s == nil {
		return
	}
	m.heading(2, "Schema on the target")
	m.line(mdText(schemaSummary(s)))
	m.line("")
	for _, g := range schemaGroups(s) {
		m.heading(3, fmt.Sprintf("%s: %d", g.Title, len(g.Objects)))
		if len(g.Objects) == 0 {
			continue
		}
		rows := make([][]string, 0, len(g.Objects))
		for _, o := range g.Objects {
			problems := ""
			for i, p := range o.Problems {
				if i > 0 {
					problems += "<br>"
				}
				problems += mdText(problemText(p))
				if p.Fix != "" && !p.Today {
					problems += " — fix: " + mdText(p.Fix)
				}
			}
			rows = append(rows, []string{o.Status, o.Kind, mdCodeCell(o.Name) + mdText(s.sharedText(o)), mdCodeCell(s.place(o)), problems})
		}
		m.table([]string{"status", "kind", "object", "where", "problems"}, []string{"---", "---", "---", "---", "---"}, rows)
		m.line("")
	}
	for _, n := range s.Notes {
		m.line("- " + mdText(n))
	}
	m.line("")
}
