package report

import (
	"fmt"
	"html/template"
	"io"
)

// rehearseHTML writes the rehearsal as one self-contained HTML5 page (inline
// CSS and SVG, nothing fetched), with a chart of every side's variants
// against the reference's baseline and their 95% intervals.
func rehearseHTML(w io.Writer, r *RehearseReport, style TextStyle) error {
	return rehearsePage.Execute(w, newRehearseView(r, style.Verbose))
}

type rehearseView struct {
	Title  string
	R      *RehearseReport
	Chart  rehearseChart
	Counts string
	// Action marks, line by line, the summary lines that need the user's
	// action (shown in bold).
	Action []bool
	// Schema is the schema section, as on the job's page (nil without one).
	Schema *htmlSchema
	// Queries is the queries section (nil without --queries).
	Queries *htmlQueries
	// Verdict is the first section; Findings the findings listed, Folded
	// the line the folded drift findings become.
	Verdict  *htmlVerdict
	Findings []FindingInfo
	Folded   string
}

// rehearseChart is a horizontal ratio chart: one row per measured variant
// of each side, a dot at the ratio and a whisker over its interval, a line
// at 1 (the reference's baseline).
type rehearseChart struct {
	Width, Height, Left, One float64
	Rows                     []rehearseRow
	Ticks                    []rehearseTick
}

type rehearseTick struct {
	X     float64
	Label string
}

type rehearseRow struct {
	Label               string
	Y, X, Low, High     float64
	Text                string
	Recovers, Reference bool
}

const (
	rehearseRowHeight = 22.0
	rehearseLabelW    = 300.0
)

func newRehearseView(r *RehearseReport, verbose bool) rehearseView {
	v := rehearseView{Title: "upgrade-advisor rehearse: " + rehearseTitle(r), R: r, Counts: findingCounts(severityGroups(r.Findings)),
		Verdict: newHTMLVerdict(r.Verdict, verbose)}
	var folded []FindingInfo
	v.Findings, folded = foldFindings(r.Findings, r.touched(), verbose)
	if len(folded) > 0 {
		v.Folded = foldedLine(len(folded))
	}
	for i := range r.Summary {
		v.Action = append(v.Action, r.summaryMark(i) == "[!!]")
	}
	v.Schema = newHTMLSchema(r.Schema)
	v.Queries = newHTMLQueries(r.Queries)
	var measured []VariantInfo
	for _, sd := range r.Sides {
		for _, rv := range sd.Variants {
			if rv.VsReference != nil {
				measured = append(measured, VariantInfo{Speedup: rv.VsReference})
			}
		}
	}
	axis := newRatioAxis(measured)
	// the labels (side and variant) need more room than the audit chart's
	shift := rehearseLabelW - chartLabelW
	x := func(ratio float64) float64 { return axis.x(ratio) + shift }
	c := rehearseChart{Width: rehearseLabelW + speedPlotW + 140, Left: rehearseLabelW, One: x(1)}
	y := 30.0
	for _, sd := range r.Sides {
		for _, rv := range sd.Variants {
			if rv.VsReference == nil {
				continue
			}
			iv := rv.VsReference
			c.Rows = append(c.Rows, rehearseRow{Label: sd.Name + " · " + rv.Name, Y: y, X: x(iv.Ratio), Low: x(iv.Low), High: x(iv.High),
				Text: fmt.Sprintf("%.2fx (%.2f-%.2f)", iv.Ratio, iv.Low, iv.High), Recovers: rv.Recovers,
				Reference: sd.Name == r.Reference && rv.Name == "baseline"})
			y += rehearseRowHeight
		}
	}
	for _, t := range axis.ticks() {
		c.Ticks = append(c.Ticks, rehearseTick{X: x(t), Label: axis.label(t)})
	}
	c.Height = y + 10
	v.Chart = c
	return v
}

var rehearsePage = template.Must(template.Must(template.Must(template.Must(template.New("rehearse").Funcs(template.FuncMap{"coord": coord}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3}pre{background:#f7f7f7;padding:1em;overflow-x:auto}.dropped{color:#a00}li.action{font-weight:600}.clean{color:#262}.translated,.flagged{color:#a60}
.recovers{color:#070;font-weight:bold}svg text{font-size:12px}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{with .Verdict}}{{template "verdict" .}}
{{end}}<ul>
<li><b>Today:</b> {{.R.Today.Address}} ({{.R.Today.Flavor}} {{.R.Today.Version}})</li>
<li><b>Target:</b> {{.R.Target.VersionString}} ({{.R.Target.Address}})</li>
{{if .R.Sides}}<li>{{.R.Rounds}} measured rounds interleaved across {{len .R.Sides}} sandboxes, {{.R.DurationS}} s (stopped on {{.R.StopReason}}); ratios against {{.R.Reference}}'s baseline{{with .R.Warmup}}, after {{.Text}}{{end}}</li>{{end}}
</ul>
<h2>Summary</h2>
<ul>{{range $i, $s := .R.Summary}}<li{{if index $.Action $i}} class="action"{{end}}>{{$s}}</li>{{end}}</ul>
{{if .R.Sides}}<h2>CREATE TABLE time against {{.R.Reference}}</h2>
<svg xmlns="http://www.w3.org/2000/svg" width="{{coord .Chart.Width}}" height="{{coord .Chart.Height}}" role="img" aria-label="CREATE TABLE time of each side and variant relative to the reference, with 95% intervals">
{{range .Chart.Ticks}}<line x1="{{coord .X}}" y1="15" x2="{{coord .X}}" y2="{{coord $.Chart.Height}}" stroke="#eee"/><text x="{{coord .X}}" y="12" text-anchor="middle">{{.Label}}</text>
{{end}}<line x1="{{coord .Chart.One}}" y1="15" x2="{{coord .Chart.One}}" y2="{{coord .Chart.Height}}" stroke="#888" stroke-dasharray="4 3"/>
{{range .Chart.Rows}}<text x="{{coord $.Chart.Left}}" dx="-8" y="{{coord .Y}}" dy="4" text-anchor="end">{{.Label}}</text>
<line x1="{{coord .Low}}" y1="{{coord .Y}}" x2="{{coord .High}}" y2="{{coord .Y}}" stroke="#555" stroke-width="2"/>
<circle cx="{{coord .X}}" cy="{{coord .Y}}" r="5" fill="{{if .Recovers}}#2a2{{else if .Reference}}#888{{else}}#c33{{end}}"/>
<text x="{{coord .High}}" dx="8" y="{{coord .Y}}" dy="4">{{.Text}}{{if .Recovers}} recovers{{end}}</text>
{{end}}</svg>
{{end}}<h2>Settings carried over</h2>
<p>Validated with <code>{{.R.Validation.Command}}</code>.</p>
<table><tr><th>action</th><th>today</th><th>where</th><th>target</th><th>why</th></tr>
{{range .R.Carryover}}<tr class="{{.Action}}"><td>{{.Action}}</td><td><code>{{.Name}}={{.Value}}</code></td><td>{{.Where}}</td><td>{{if .TargetName}}<code>{{.TargetName}}={{.TargetValue}}</code>{{end}}{{if .SandboxValue}} (sandbox: {{.SandboxValue}}){{end}}</td><td>{{.Why}}</td></tr>
{{end}}</table>
{{if .R.Pins}}<p>Today's DDL behaviour pinned on target_pinned: {{range .R.Pins}}<code>{{.Name}}={{.Today}}</code> (target default {{.TargetDefault}}) {{end}}</p>{{end}}
{{if .R.Sides}}<h2>Calibration</h2>
<table><tr><th>side</th><th>variant</th><th>CREATE p50 ms</th><th>vs {{.R.Reference}} (95% CI)</th><th></th></tr>
{{range .R.Sides}}{{$s := .}}{{range .Variants}}<tr><td>{{$s.Name}}</td><td>{{.Name}}</td><td>{{if .Measured}}{{printf "%.2f" .CreateP50Ms}}{{else}}not measured{{end}}</td><td>{{.VsReference}}</td><td>{{if .Recovers}}<span class="recovers">recovers</span>{{end}}</td></tr>
{{end}}{{end}}</table>
{{end}}<p><i>{{.R.Method}}</i></p>
{{with .Schema}}{{template "schema" .}}
{{end}}{{with .Queries}}{{template "queries" .}}
{{end}}{{with .R.InPlace}}<h2>In-place upgrade</h2>
{{with .Datadir}}<ul>{{range .DowntimeLines}}<li>{{.}}</li>
{{end}}{{range .Problems}}<li><b>critical</b>: {{.What}} Fix: {{.Fix}}</li>
{{end}}{{with .Recovery}}<li><b>warning</b>: {{.}}</li>
{{end}}{{with .Sampled}}<li>{{.}}</li>
{{end}}{{range .Steps}}<li>{{.Name}}: {{printf "%.1f" .DurationS}} s{{with .Note}} ({{.}}){{end}}{{range .Log}}<br><code>{{.}}</code>{{end}}</li>
{{end}}</ul>
{{end}}<p>{{.Source}} -&gt; {{.Target}}, slow shutdown: {{.SlowShutdown}}.</p>
<p class="{{if .Clean}}clean{{else}}dropped{{end}}"><b>{{.Verdict}}</b></p>
<ul>
{{with .GroupsText}}<li>{{.}}</li>
{{end}}{{if .UpgradeTool}}<li><code>{{.UpgradeTool}}</code>: {{printf "%.1f" .UpgradeDurationS}} s, {{.TablesChecked}} table(s) checked, {{len .TablesFailed}} failed{{range .TablesFailed}} <code>{{.}}</code>{{end}}</li>{{else}}<li>no upgrade tool: the server upgrades itself at start</li>{{end}}
{{range .FirstStartLog}}<li>first start: <code>{{.}}</code></li>
{{end}}{{range .RestartLog}}<li>restart: <code>{{.}}</code></li>
{{end}}</ul>
{{if .Objects}}<table><tr><th>object</th><th>kind</th><th>after the upgrade</th><th>message</th></tr>
{{range .Objects}}<tr class="{{if ne .Status "ok"}}dropped{{end}}"><td><code>{{.Schema}}.{{.Name}}</code>{{$.R.InPlace.SharedText .}}</td><td>{{.Kind}}</td><td>{{.Status}}</td><td>{{.Message}}</td></tr>
{{end}}</table>{{end}}
{{if .UpgradeOutput}}<details><summary>{{.UpgradeTool}} output</summary><pre>{{.UpgradeOutput}}</pre></details>{{end}}
{{end}}{{with .R.Replication}}{{template "replication" .}}
{{end}}{{if .R.Findings}}<h2>Findings on the target: statements, objects, today's settings ({{.Counts}})</h2>
<ul>{{range .Findings}}<li><b>{{.Severity}}</b>: {{.Title}} <code>{{.ID}}</code></li>{{end}}{{with .Folded}}<li>{{.}}</li>{{end}}</ul>{{end}}
<h2>my.cnf for the target</h2>
<pre>{{.R.MyCnf}}</pre>
{{if .R.Notes}}<h2>Notes</h2><ul>{{range .R.Notes}}<li>{{.}}</li>{{end}}</ul>{{end}}
</body>
</html>
`)).Parse(htmlSchemaSection)).Parse(htmlQueriesSection + htmlVerdictSection)).Parse(htmlReplicationSection))
