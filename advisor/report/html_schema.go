package report

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

// htmlSchemaSection is the schema section of an HTML page (the job's
// report and the rehearsal's), given an *htmlSchema.
const htmlSchemaSection = `{{define "schema"}}
<section>
<h2>Schema on the target</h2>
<p>{{.Summary}}</p>
{{- range .Groups}}
<h3>{{.Title}}: {{len .Objects}}</h3>
{{- if .Objects}}
<table>
<thead><tr><th>status</th><th>kind</th><th>object</th><th>where</th><th>problems</th></tr></thead>
<tbody>
{{- range .Objects}}
<tr><td>{{.Status}}</td><td>{{.Kind}}</td><td><code>{{.Name}}</code>{{.Shared}}</td><td><code>{{.Source}}</code></td><td><ul>{{range .Problems}}<li>{{.Text}}{{with .Fix}}<br>fix: {{.}}{{end}}</li>{{end}}</ul></td></tr>
{{- end}}
</tbody>
</table>
{{- end}}
{{- end}}
{{- if .Notes}}<ul>{{range .Notes}}<li>{{.}}</li>{{end}}</ul>{{end}}
</section>{{end}}`
