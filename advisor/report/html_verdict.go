package report

import "github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"

// htmlVerdict is the verdict section of a page, its first section.
type htmlVerdict struct {
	Readiness string
	Summary   string
	Parts     []htmlVerdictPart
}

// htmlVerdictPart is the blockers or what changes.
type htmlVerdictPart struct {
	Title, Class string
	Items        []htmlVerdictItem
}

type htmlVerdictItem struct {
	Text      string
	Examples  []VerdictExample
	More      int
	SharedFix string
}

// newHTMLVerdict prepares the verdict for a page (nil without one).
func newHTMLVerdict(v *Verdict, verbose bool) *htmlVerdict {
	if v == nil {
		return nil
	}
	out := &htmlVerdict{Readiness: v.Readiness, Summary: v.Summary}
	for _, part := range []htmlVerdictPart{{Title: "Blockers: fail on the target, fix them before the upgrade", Class: "critical"},
		{Title: "What changes: runs, but behaves differently", Class: "warning"}} {
		items := v.Blockers
		if part.Class == "warning" {
			items = v.Changes
		}
		for _, it := range items {
			shown, more := examplesShown(it.Examples, verbose)
			hi := htmlVerdictItem{Text: it.Text, Examples: shown, More: more, SharedFix: sharedFix(it.Examples)}
			if hi.SharedFix != "" {
				hi.Examples = nil
				for _, x := range shown {
					hi.Examples = append(hi.Examples, VerdictExample{Text: x.Text, Note: x.Note})
				}
			}
			part.Items = append(part.Items, hi)
		}
		if len(part.Items) > 0 {
			out.Parts = append(out.Parts, part)
		}
	}
	return out
}

// htmlVerdictSection is the verdict's template, shared by the pages.
const htmlVerdictSection = `{{define "verdict"}}
<section class="verdict {{.Readiness}}">
<h2>Verdict: {{.Readiness}}</h2>
<p class="verdict-line"><strong>{{.Summary}}</strong></p>
{{- range .Parts}}
<h3 class="group {{.Class}}">{{.Title}}</h3>
<ul>
{{- range .Items}}
<li>{{.Text}}
<ul>
{{- range .Examples}}
<li><code>{{.Text}}</code>{{with .Fix}}<br>fix: {{.}}{{end}}{{with .Note}}<br>{{.}}{{end}}</li>
{{- end}}
{{- if .More}}
<li class="muted">... and {{.More}} more (` + flagname.Verbose + ` or JSON lists them)</li>
{{- end}}
</ul>
{{- with .SharedFix}}
<p>fix: {{.}}</p>
{{- end}}
</li>
{{- end}}
</ul>
{{- end}}
</section>
{{- end}}`
