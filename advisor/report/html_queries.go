package report

import "github.com/upgrade-advisor/upgrade-advisor/advisor/queries"

// htmlQueries is the queries section of the HTML pages.
type htmlQueries struct {
	Summary, Read string
	// Untested says why nothing was tested; Negligible lists the classes
	// beyond the threshold by too little to matter ("" for none).
	Untested, Negligible string
	Classes              []htmlQueryClass
	Same                 int
	SetAside             []string
	Notes                []string
}

type htmlQueryClass struct {
	Status, SQL, Class, Kind, Latency string
	Samples                           int
	Problems                          []htmlSchemaProblem
	Notes                             []string
}

func newHTMLQueries(q *Queries) *htmlQueries {
	if q == nil {
		return nil
	}
	v := &htmlQueries{Summary: QueriesSummary(q), Read: queriesReadText(q), Same: q.Counts[string(queries.StatusSame)], Notes: q.Notes,
		Untested: q.UntestedText(), Negligible: negligibleText(q)}
	for _, c := range q.Results {
		if !shown(c) {
			continue
		}
		hc := htmlQueryClass{Status: statusLabel(c.Status), SQL: sqlExcerpt(c.SQL), Class: sqlExcerpt(c.Class), Kind: string(c.Kind),
			Samples: c.Samples, Latency: latencyText(c), Notes: c.Notes}
		for _, p := range c.Problems {
			hc.Problems = append(hc.Problems, htmlSchemaProblem{Text: queryProblemText(p), Fix: p.Fix})
		}
		v.Classes = append(v.Classes, hc)
	}
	for _, s := range q.SetAside {
		v.SetAside = append(v.SetAside, setAsideQueryText(s))
	}
	return v
}

// htmlQueriesSection is the queries section of an HTML page (the job's
// report and the rehearsal's), given an *htmlQueries.
const htmlQueriesSection = `{{define "queries"}}
<section>
<h2>Queries on the target</h2>
<p>{{.Summary}}</p>
<p class="muted">{{.Read}}</p>
{{- with .Untested}}
<p><strong>{{.}}</strong></p>
{{- end}}
{{- if .Classes}}
<table>
<thead><tr><th>status</th><th>statement</th><th class="num">samples</th><th>what differs</th></tr></thead>
<tbody>
{{- range .Classes}}
<tr><td>{{.Status}}</td><td><code>{{.SQL}}</code></td><td class="num">{{.Samples}}</td><td><ul>{{range .Problems}}<li>{{.Text}}{{with .Fix}}<br>fix: {{.}}{{end}}</li>{{end}}{{with .Latency}}<li>timed: {{.}}</li>{{end}}{{range .Notes}}<li class="muted">{{.}}</li>{{end}}</ul></td></tr>
{{- end}}
</tbody>
</table>
{{- end}}
<ul>
{{- with .Negligible}}<li>negligible: {{.}}</li>{{end}}
{{- if .Same}}<li>same: {{.Same}} classes</li>{{end}}
{{- range .SetAside}}<li>set aside {{.}}</li>{{end}}
{{- range .Notes}}<li>{{.}}</li>{{end}}
</ul>
</section>{{end}}`
