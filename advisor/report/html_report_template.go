package report

import "github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"

// htmlTemplate is the job's page (htmlReport): its stylesheet and its
// sections; the verdict, schema and queries sections it calls by name
// (html_verdict.go, html_schema.go, html_queries.go).
const htmlTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
:root { color-scheme: light; }
body { margin: 0; background: #f6f7f9; color: #1d2430; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 980px; margin: 0 auto; padding: 24px 28px 40px; background: #fff; }
h1 { font-size: 1.5em; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 1.2em; margin: 32px 0 12px; padding-bottom: 4px; border-bottom: 1px solid #d9dde3; }
h3 { font-size: 1.05em; margin: 22px 0 8px; }
h4 { font-size: 1em; margin: 0 0 6px; }
.sub { color: #5b6474; margin: 0; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
code { background: #f0f2f5; padding: 1px 4px; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: #f0f2f5; padding: 12px 14px; border-radius: 6px; overflow-x: auto; line-height: 1.4; }
pre code { background: none; padding: 0; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.facts dt { font-weight: 600; color: #3a4352; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 12px; font-size: 0.93em; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
th { background: #f0f2f5; font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.variant, td.speedup { white-space: nowrap; }
td.missing { color: #8a5a00; font-style: italic; }
.muted { color: #5b6474; font-size: 0.92em; }
figure { margin: 16px 0; }
figcaption { font-weight: 600; margin-bottom: 6px; }
figcaption span { font-weight: normal; color: #5b6474; }
svg.chart { display: block; max-width: 100%; height: auto; }
svg.chart text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: #1d2430; }
svg.chart .name { text-anchor: end; }
svg.chart .value { font-variant-numeric: tabular-nums; }
svg.chart .note { fill: #8a5a00; font-style: italic; }
svg.chart .axis { stroke: #9aa3af; stroke-width: 1; }
svg.chart .grid { stroke: #eceef2; stroke-width: 1; }
svg.chart .tick { text-anchor: middle; fill: #5b6474; }
svg.chart .reflabel { text-anchor: middle; fill: #5b6474; }
svg.chart .bar { fill: #3b73b9; }
svg.chart .bar.baseline { fill: #8b95a5; }
svg.chart .ref { stroke: #1d2430; stroke-width: 1.2; stroke-dasharray: 4 3; }
svg.chart .gainline { stroke: #2e7d32; stroke-width: 1; stroke-dasharray: 1 3; }
svg.chart .ci { stroke: #8a5a00; stroke-width: 2; }
svg.chart .ratio { fill: #8a5a00; }
svg.chart .gain .ci { stroke: #2e7d32; }
svg.chart .gain .ratio { fill: #2e7d32; }
.finding { border: 1px solid #e4e7eb; border-left-width: 4px; border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
.finding.sev-critical { border-left-color: #c62828; }
.finding.sev-warning { border-left-color: #d98200; }
.finding.sev-info { border-left-color: #3b73b9; }
.finding p { margin: 4px 0; }
.finding ul { margin: 4px 0; padding-left: 22px; }
.badge { display: inline-block; font-size: 0.75em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; padding: 1px 7px; border-radius: 10px; margin-right: 6px; vertical-align: 1px; }
.badge.sev-critical { background: #fde2e1; color: #9b1c1c; }
.badge.sev-warning { background: #fff0c2; color: #7a4a00; }
.badge.sev-info { background: #dbe9fb; color: #1d4f91; }
.badge.sev-other { background: #e7e9ee; color: #3a4352; }
.label { font-weight: 600; }
h3.group { padding-left: 8px; border-left: 4px solid #b8bfca; }
h3.group.sev-critical { border-left-color: #c62828; }
h3.group.sev-warning { border-left-color: #d98200; }
h3.group.sev-info { border-left-color: #3b73b9; }
footer { margin-top: 36px; color: #5b6474; font-size: 0.85em; }
@media print { body { background: #fff; } main { padding: 0; } }
</style>
</head>
<body>
<main>
<header>
<h1>{{.Title}}</h1>
<p class="sub">{{.Tool}}</p>
</header>
{{- with .Verdict}}
{{template "verdict" .}}
{{- end}}
{{- if not .SchemaOnly}}

<section>
<h2>Server and workload</h2>
<dl class="facts">
<dt>Server</dt><dd>{{.Server}}</dd>
<dt>Address</dt><dd><code>{{.Address}}</code></dd>
{{- if .ReadOnly}}
<dt>Read-only</dt><dd>yes</dd>
{{- end}}
{{- if .Target}}
<dt>Target</dt><dd>{{.Target}}</dd>
{{- end}}
<dt>Workload</dt><dd><strong>{{.Workload.Class}}</strong>{{with .Workload.Reason}} — {{.}}{{end}}</dd>
<dt>Decided by</dt><dd>{{.WorkloadSource}}</dd>
{{- if .WorkloadObserved}}
<dt>Observed</dt><dd>{{.WorkloadObserved}}</dd>
{{- end}}
</dl>
</section>
{{- end}}
{{- if .Settings}}

<section>
<h2>Key settings</h2>
<table>
<thead><tr><th>setting</th><th>value</th><th>origin</th></tr></thead>
<tbody>
{{- range .Settings}}
<tr><td><code>{{.Name}}</code></td><td><code>{{.Value}}</code></td><td>{{.Origin}}</td></tr>
{{- end}}
</tbody>
</table>
</section>
{{- end}}
{{- if .Config}}

<section>
<h2>Server options from ` + flagname.Config + `</h2>
<table>
<thead><tr><th>option</th><th>value</th><th>file:line</th><th>section</th></tr></thead>
<tbody>
{{- range .Config}}
<tr><td><code>{{.Name}}</code></td><td><code>{{.Value}}</code>{{if .Loose}} (loose){{end}}</td><td><code>{{.Location}}</code></td><td><code>{{.Section}}</code></td></tr>
{{- end}}
</tbody>
</table>
</section>
{{- end}}
{{- with .Schema}}
{{template "schema" .}}
{{- end}}
{{- with .Queries}}
{{template "queries" .}}
{{- end}}
{{- with .Bench}}

<section>
<h2>Calibration</h2>
<p>{{.Summary}}</p>
<figure>
<figcaption>CREATE TABLE p50 per statement <span>(ms; shorter is faster)</span></figcaption>
{{- with .Time}}
<svg class="chart" role="img" aria-labelledby="time-title time-desc" width="{{.Width}}" height="{{.Height}}" viewBox="0 0 {{.Width}} {{.Height}}">
<title id="time-title">CREATE TABLE p50 per statement by variant</title>
<desc id="time-desc">{{.Desc}}</desc>
{{- range .Rows}}
<g class="row" data-variant="{{.Name}}">
<title>{{.Title}}</title>
<text class="name" x="{{.LabelX}}" y="{{.TextY}}">{{.Name}}</text>
{{- if .Measured}}
<rect class="bar{{if .Baseline}} baseline{{end}}" x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}" rx="2"/>
<text class="value" x="{{.ValueX}}" y="{{.TextY}}">{{.ValueText}}</text>
{{- else}}
<text class="note" x="{{.ValueX}}" y="{{.TextY}}">{{.ValueText}}</text>
{{- end}}
</g>
{{- end}}
</svg>
{{- end}}
</figure>
{{- with .Speedup}}
<figure>
<figcaption>CREATE TABLE speedup against the baseline <span>(dot: ratio; whisker: 95% interval; green when the whole interval clears the dotted {{.GainLabel}} line, the smallest gain acted on)</span></figcaption>
<svg class="chart" role="img" aria-labelledby="speedup-title speedup-desc" width="{{.Width}}" height="{{.Height}}" viewBox="0 0 {{.Width}} {{.Height}}">
<title id="speedup-title">CREATE TABLE speedup by variant with 95% confidence intervals</title>
<desc id="speedup-desc">{{.Desc}}</desc>
<line class="axis" x1="{{.AxisX1}}" y1="{{.PlotBottom}}" x2="{{.AxisX2}}" y2="{{.PlotBottom}}"/>
{{- range .Ticks}}
<line class="grid" x1="{{.X}}" y1="{{.GridTop}}" x2="{{.X}}" y2="{{.Top}}"/>
<line class="axis" x1="{{.X}}" y1="{{.Top}}" x2="{{.X}}" y2="{{.Bottom}}"/>
<text class="tick" x="{{.X}}" y="{{.TextY}}">{{.Label}}</text>
{{- end}}
<line class="gainline" x1="{{.GainX}}" y1="{{.PlotTop}}" x2="{{.GainX}}" y2="{{.PlotBottom}}"/>
<line class="ref" x1="{{.RefX}}" y1="{{.PlotTop}}" x2="{{.RefX}}" y2="{{.PlotBottom}}"/>
<text class="reflabel" x="{{.RefX}}" y="{{.RefLabelY}}">{{.RefLabel}}</text>
{{- range .Rows}}
<g class="whisker{{if .Gain}} gain{{end}}" data-variant="{{.Name}}">
<title>{{.Title}}</title>
<text class="name" x="{{.LabelX}}" y="{{.TextY}}">{{.Name}}</text>
<line class="ci" x1="{{.Low}}" y1="{{.Y}}" x2="{{.High}}" y2="{{.Y}}"/>
<line class="ci cap" x1="{{.Low}}" y1="{{.CapTop}}" x2="{{.Low}}" y2="{{.CapBot}}"/>
<line class="ci cap" x1="{{.High}}" y1="{{.CapTop}}" x2="{{.High}}" y2="{{.CapBot}}"/>
<circle class="ratio" cx="{{.Ratio}}" cy="{{.Y}}" r="5"/>
<text class="value" x="{{.ValueX}}" y="{{.TextY}}">{{.ValueText}}</text>
</g>
{{- end}}
</svg>
</figure>
{{- end}}
<table>
<thead><tr><th>variant</th><th>mechanism</th><th class="num">CREATE p50 / p95 ms</th><th class="num">DROP p50 / p95 ms</th><th>CREATE speedup (95% CI)</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr><td class="variant"><code>{{.Name}}</code></td><td>{{.Mechanism}}</td>{{if .Measured}}<td class="num">{{.Create}}</td><td class="num">{{.Drop}}</td><td class="speedup">{{.Speedup}}</td>{{else}}<td class="missing" colspan="3">{{.Speedup}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
<p class="muted"><span class="label">Method:</span> {{.Method}}</p>
<p class="muted"><span class="label">Stopped on:</span> {{.Stop}}</p>{{with .Tenants}}
<p><span class="label">All the tenants:</span> {{.}}</p>{{end}}
</section>
{{- end}}
{{- if not .SchemaOnly}}

<section>
<h2>Findings: {{.Counts}}</h2>
{{- range .Groups}}
<h3 class="group {{.Class}}">{{.Label}} ({{len .Findings}})</h3>
{{- range .Findings}}
<article class="finding {{.Class}}">
<h4><span class="badge {{.Class}}">{{.Severity}}</span>{{.Title}}</h4>
<p class="muted">ID <code>{{.ID}}</code></p>
{{- if .Detail}}
<p>{{.Detail}}</p>
{{- end}}
{{- if .Measured}}
<p><span class="label">Measured:</span> {{.Measured}}</p>
{{- end}}
{{- with .Recommendation.SQL}}
<p class="label">SQL</p>
<ul>
{{- range .}}
<li><code>{{.}}</code></li>
{{- end}}
</ul>
{{- end}}
{{- with .Recommendation.Tradeoffs}}
<p class="label">Trade-offs</p>
<ul>
{{- range .}}
<li>{{.}}</li>
{{- end}}
</ul>
{{- end}}
</article>
{{- else}}
<p class="muted">None.</p>
{{- end}}
{{- end}}
{{- with .Folded}}
<p class="muted">{{.}}</p>
{{- end}}
</section>

<section>
<h2>my.cnf snippet</h2>
<pre><code>{{.MyCnf}}</code></pre>
</section>
{{- end}}
{{- if .Notes}}

<section>
<h2>Notes</h2>
<ul>
{{- range .Notes}}
<li>{{.}}</li>
{{- end}}
</ul>
</section>
{{- end}}

<footer>{{.Footer}}</footer>
</main>
</body>
</html>
`
