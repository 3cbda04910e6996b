package report

import "fmt"

// htmlSchema is the schema section of the HTML page.
type htmlSchema struct {
	Summary string
	Groups  []htmlSchemaGroup
	Notes   []string
}

type htmlSchemaGroup struct {
	Title   string
	Objects []htmlSchemaObject
}

type htmlSchemaObject struct {
	Status, Kind, Name, Source string
	Shared                     string // the other schemas of its group
	Problems                   []htmlSchemaProblem
}

type htmlSchemaProblem struct{ Text, Fix string }

func newHTMLSchema(s *Schema) *htmlSchema {
	if s == nil {
		return nil
	}
	v := &htmlSchema{Summary: schemaSummary(s), Notes: s.Notes}
	for _, g := range schemaGroups(s) {
		hg := htmlSchemaGroup{Title: g.Title}
		for _, o := range g.Objects {
			ho := htmlSchemaObject{Status: o.Status, Kind: o.Kind, Name: o.Name, Source: s.place(o), Shared: s.sharedText(o)}
			for _, p := range o.Problems {
				hp := htmlSchemaProblem{Text: problemText(p)}
				if !p.Today {
					hp.Fix = p.Fix
				}
				ho.Problems = append(ho.Problems, hp)
			}
			hg.Objects = append(hg.Objects, ho)
		}
		v.Groups = append(v.Groups, hg)
	}
	return v
}

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
