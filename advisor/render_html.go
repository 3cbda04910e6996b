package advisor

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// RenderHTML writes the report as one self-contained HTML5 page that reads
// offline: inline CSS, inline SVG charts, no JavaScript, no fonts or other
// resources fetched from anywhere. It has the sections of the Markdown
// report plus two charts of the calibration: CREATE TABLE p50 per variant
// and the speedup of each variant with its 95% interval. html/template
// escapes every value from the report. The output depends only on the
// report, so it can be compared with a golden file.
func RenderHTML(w io.Writer, r *Report) error {
	return htmlReport.Execute(w, newHTMLView(r))
}

// htmlView is everything the template shows, computed in Go so the
// template only lays it out.
type htmlView struct {
	Title            string
	Tool             string
	Server           string
	Address          string
	ReadOnly         bool
	Target           string
	Workload         WorkloadInfo
	WorkloadSource   string
	WorkloadObserved string
	Settings         []htmlSetting
	Config           []htmlConfig
	Bench            *htmlBench
	Counts           string
	Groups           []htmlGroup
	MyCnf            string
	Notes            []string
	Footer           string
}

type htmlSetting struct {
	Name, Value, Origin string
}

type htmlConfig struct {
	Name, Value, Location, Section string
	Loose                          bool
}

// htmlBench is the calibration section: summary, table and charts.
type htmlBench struct {
	Summary string
	Method  string
	Stop    string
	Rows    []htmlVariantRow
	Time    timeChart
	Speedup *speedupChart
}

type htmlVariantRow struct {
	Name, Mechanism, Create, Drop, Speedup string
	Measured                               bool
}

type htmlGroup struct {
	Label    string
	Class    string
	Findings []htmlFinding
}

type htmlFinding struct {
	FindingInfo
	Class    string
	Measured string
}

// newHTMLView prepares the report for the template.
func newHTMLView(r *Report) htmlView {
	v := htmlView{
		Title:            fmt.Sprintf("upgrade-advisor %s: %s", r.Command, r.Server.Address),
		Tool:             strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version),
		Server:           serverSummary(r.Server),
		Address:          r.Server.Address,
		ReadOnly:         r.Server.ReadOnly,
		Workload:         r.Workload,
		WorkloadSource:   workloadSource(r.Workload),
		WorkloadObserved: workloadObserved(r.Workload),
		Settings:         htmlSettings(r.Settings),
		Config:           htmlConfigs(r.Config),
		Bench:            newHTMLBench(r.Benchmark),
		MyCnf:            strings.TrimRight(r.MyCnf, "\n"),
		Notes:            r.Notes,
		Footer:           footerText(r),
	}
	if r.Target != nil {
		v.Target = flavorName(r.Target.Flavor) + " " + r.Target.Version
	}
	groups := severityGroups(r.Findings)
	v.Counts = findingCounts(groups)
	v.Groups = htmlGroups(groups)
	return v
}

func htmlSettings(settings map[string]rules.Setting) []htmlSetting {
	var out []htmlSetting
	for _, name := range settingNames(settings) {
		s := settings[name]
		out = append(out, htmlSetting{Name: name, Value: s.Value, Origin: string(s.Origin)})
	}
	return out
}

func htmlConfigs(opts []ConfigInfo) []htmlConfig {
	var out []htmlConfig
	for _, o := range opts {
		out = append(out, htmlConfig{Name: o.Name, Value: o.Value, Location: fmt.Sprintf("%s:%d", o.File, o.Line),
			Section: "[" + o.Section + "]", Loose: o.Loose})
	}
	return out
}

// newHTMLBench prepares the calibration section; nil without a benchmark.
func newHTMLBench(b *BenchmarkInfo) *htmlBench {
	if b == nil {
		return nil
	}
	hb := &htmlBench{Summary: calibrationSummary(b), Method: b.Method, Stop: stopReasonText(b),
		Time: newTimeChart(b.Variants), Speedup: newSpeedupChart(b.Variants)}
	for _, v := range b.Variants {
		row := htmlVariantRow{Name: v.Name, Mechanism: v.Mechanism, Measured: isMeasured(v)}
		if row.Measured {
			row.Create, row.Drop, row.Speedup = msPair(v.CreateMs), msPair(v.DropMs), speedupText(v)
		} else {
			row.Speedup = notMeasuredText(v)
		}
		hb.Rows = append(hb.Rows, row)
	}
	return hb
}

func htmlGroups(groups []severityGroup) []htmlGroup {
	out := make([]htmlGroup, 0, len(groups))
	for _, g := range groups {
		hg := htmlGroup{Label: g.Label, Class: severityClass(g.Severity)}
		for _, f := range g.Findings {
			hf := htmlFinding{FindingInfo: f, Class: hg.Class}
			if s := f.MeasuredSpeedup; s != nil {
				hf.Measured = s.Variant + ": " + measuredText(s)
			}
			hg.Findings = append(hg.Findings, hf)
		}
		out = append(out, hg)
	}
	return out
}

// severityClass is the CSS class of a severity badge; severities the
// stylesheet does not know share a neutral colour.
func severityClass(severity string) string {
	switch severity {
	case "critical", "warning", "info":
		return "sev-" + severity
	}
	return "sev-other"
}

// Chart geometry, in SVG user units (pixels at 100% zoom).
const (
	chartWidth    = 720.0
	chartLabelW   = 170.0 // variant names, right-aligned before the plot
	chartRowH     = 30.0
	chartBarH     = 16.0
	chartTop      = 10.0
	timePlotW     = 450.0 // bars; their value labels follow them
	speedPlotW    = 380.0 // whiskers; the numbers go in a column after it
	speedTop      = 24.0  // room for the reference line's label
	speedAxisH    = 28.0  // tick labels under the plot
	capHalfHeight = 7.0
)

// timeChart is a horizontal bar per variant: CREATE TABLE p50 per
// statement, scaled to the longest; a variant that was not measured gets a
// row saying so instead of a bar.
type timeChart struct {
	Width, Height string
	Desc          string
	Rows          []timeBar
}

// timeBar is one row of the time chart: the variant's name, its bar and
// the number after it, or a note when it was not measured.
type timeBar struct {
	Name      string
	Measured  bool
	Baseline  bool
	Title     string
	Y, TextY  string
	LabelX    string
	X, W, H   string
	ValueX    string
	ValueText string
}

// newTimeChart lays out the time chart, one row per variant in report order.
func newTimeChart(variants []VariantInfo) timeChart {
	longest := 0.0
	for _, v := range variants {
		if isMeasured(v) {
			longest = max(longest, v.CreateMs.P50)
		}
	}
	c := timeChart{Width: coord(chartWidth), Height: coord(2*chartTop + chartRowH*float64(len(variants)))}
	var desc []string
	for i, v := range variants {
		top := chartTop + chartRowH*float64(i)
		row := timeBar{Name: v.Name, Measured: isMeasured(v), Baseline: v.Name == bench.Baseline,
			LabelX: coord(chartLabelW - 10), TextY: coord(top + chartRowH/2 + 4), X: coord(chartLabelW)}
		if !row.Measured {
			row.Title = v.Name + ": " + notMeasuredText(v)
			row.ValueText = "not measured (see the table)"
			row.ValueX = coord(chartLabelW + 6)
			desc = append(desc, v.Name+" not measured")
		} else {
			w := scaled(v.CreateMs.P50, longest, timePlotW)
			row.Y, row.W, row.H = coord(top+(chartRowH-chartBarH)/2), coord(w), coord(chartBarH)
			row.ValueText = fmt.Sprintf("%.2f ms", v.CreateMs.P50)
			row.ValueX = coord(chartLabelW + w + 6)
			row.Title = fmt.Sprintf("%s: CREATE TABLE p50 %.2f ms per statement (p95 %.2f ms)", v.Name, v.CreateMs.P50, v.CreateMs.P95)
			desc = append(desc, fmt.Sprintf("%s %.2f ms", v.Name, v.CreateMs.P50))
		}
		c.Rows = append(c.Rows, row)
	}
	c.Desc = "CREATE TABLE p50 per statement, in milliseconds (shorter is faster): " + strings.Join(desc, "; ") + "."
	return c
}

// scaled maps value in [0, longest] to [0, width]; nothing to scale gives 0.
func scaled(value, longest, width float64) float64 {
	if longest <= 0 || value <= 0 || math.IsNaN(value) {
		return 0
	}
	return math.Min(value/longest, 1) * width
}

// speedupChart draws, for every measured variant but the baseline, the
// speedup ratio as a dot and its 95% interval as a whisker with end caps,
// on a linear axis that always includes the 1.0x reference line.
type speedupChart struct {
	Width, Height  string
	Desc           string
	PlotTop        string
	PlotBottom     string
	AxisX1, AxisX2 string
	RefX, RefLabel string
	RefLabelY      string
	GainX          string
	GainLabel      string
	Ticks          []chartTick
	Rows           []whisker
}

// chartTick is a mark on the ratio axis with its label under it.
type chartTick struct {
	X, Label                    string
	GridTop, Top, Bottom, TextY string
}

// whisker is one variant's row: x coordinates of the interval's ends and
// of the ratio, with the numbers written after the plot.
type whisker struct {
	Name              string
	Title             string
	Gain              bool
	Y, CapTop, CapBot string
	TextY             string
	LabelX            string
	Low, Ratio, High  string
	ValueX, ValueText string
}

// newSpeedupChart lays out the speedup chart; nil when no variant but the
// baseline was measured.
func newSpeedupChart(variants []VariantInfo) *speedupChart {
	var shown []VariantInfo
	for _, v := range variants {
		if isMeasured(v) && v.Name != bench.Baseline && v.Speedup != nil {
			shown = append(shown, v)
		}
	}
	if len(shown) == 0 {
		return nil
	}
	axis := newRatioAxis(shown)
	plotBottom := speedTop + chartRowH*float64(len(shown))
	gain := 1 + rules.GainMargin
	c := &speedupChart{
		Width: coord(chartWidth), Height: coord(plotBottom + speedAxisH),
		PlotTop: coord(speedTop - 6), PlotBottom: coord(plotBottom),
		AxisX1: coord(axis.x(axis.lo)), AxisX2: coord(axis.x(axis.hi)),
		RefX: coord(axis.x(1)), RefLabel: "1.0x = no change", RefLabelY: coord(speedTop - 10),
		GainX: coord(axis.x(gain)), GainLabel: fmt.Sprintf("%.2fx", gain),
	}
	for _, t := range axis.ticks() {
		c.Ticks = append(c.Ticks, chartTick{X: coord(axis.x(t)), Label: axis.label(t),
			GridTop: coord(speedTop - 6), Top: coord(plotBottom), Bottom: coord(plotBottom + 4), TextY: coord(plotBottom + 17)})
	}
	var desc []string
	for i, v := range shown {
		c.Rows = append(c.Rows, newWhisker(v, axis, speedTop+chartRowH*float64(i)))
		desc = append(desc, fmt.Sprintf("%s %.2fx (95%% CI %.2f to %.2f)", v.Name, v.Speedup.Ratio, v.Speedup.Low, v.Speedup.High))
	}
	c.Desc = "CREATE TABLE speedup against the baseline with 95% confidence intervals (right of 1.0x is faster): " + strings.Join(desc, "; ") + "."
	return c
}

// newWhisker lays out one variant's row of the speedup chart, top being
// the row's upper edge.
func newWhisker(v VariantInfo, axis ratioAxis, top float64) whisker {
	s := v.Speedup
	cy := top + chartRowH/2
	return whisker{
		Name:  v.Name,
		Title: fmt.Sprintf("%s: CREATE TABLE speedup %.2fx, 95%% CI %.2f-%.2f", v.Name, s.Ratio, s.Low, s.High),
		Gain:  s.Low > 1+rules.GainMargin,
		Y:     coord(cy), CapTop: coord(cy - capHalfHeight), CapBot: coord(cy + capHalfHeight),
		TextY: coord(cy + 4), LabelX: coord(chartLabelW - 10),
		Low: coord(axis.x(s.Low)), Ratio: coord(axis.x(s.Ratio)), High: coord(axis.x(s.High)),
		ValueX:    coord(chartLabelW + speedPlotW + 14),
		ValueText: fmt.Sprintf("%.2fx (%.2f-%.2f)", s.Ratio, s.Low, s.High),
	}
}

// ratioAxis is a linear scale of speedup ratios onto the plot's width,
// from lo to hi, which are multiples of step.
type ratioAxis struct {
	lo, hi, step float64
}

// newRatioAxis spans every interval shown, 1.0x and the gain threshold,
// widened to round tick values.
func newRatioAxis(vs []VariantInfo) ratioAxis {
	lo, hi := 1.0, 1+rules.GainMargin
	for _, v := range vs {
		for _, x := range []float64{v.Speedup.Low, v.Speedup.Ratio, v.Speedup.High} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	step := tickStep(hi - lo)
	lo = math.Floor(lo/step+1e-9) * step
	hi = math.Ceil(hi/step-1e-9) * step
	// Keep a margin so a dot or cap never sits on the frame.
	if hi-maxHigh(vs) < step/4 {
		hi += step
	}
	if minLow(vs)-lo < step/4 && lo-step >= 0 {
		lo -= step
	}
	return ratioAxis{lo: lo, hi: hi, step: step}
}

// maxHigh is the highest upper end of the intervals.
func maxHigh(vs []VariantInfo) float64 {
	m := 0.0
	for _, v := range vs {
		m = math.Max(m, v.Speedup.High)
	}
	return m
}

// minLow is the lowest lower end of the intervals.
func minLow(vs []VariantInfo) float64 {
	m := math.Inf(1)
	for _, v := range vs {
		m = math.Min(m, v.Speedup.Low)
	}
	return m
}

// tickStep is a round step (1, 2 or 5 times a power of ten) that divides
// span into at most eight intervals.
func tickStep(span float64) float64 {
	if span <= 0 || math.IsNaN(span) || math.IsInf(span, 0) {
		return 0.1
	}
	base := math.Pow(10, math.Floor(math.Log10(span/8)))
	for _, m := range []float64{1, 2, 5, 10} {
		if span/(m*base) <= 8 {
			return m * base
		}
	}
	return 10 * base
}

// x is the horizontal position of ratio; values off the axis are clamped
// to its ends.
func (a ratioAxis) x(ratio float64) float64 {
	if a.hi <= a.lo || math.IsNaN(ratio) {
		return chartLabelW
	}
	f := (math.Min(math.Max(ratio, a.lo), a.hi) - a.lo) / (a.hi - a.lo)
	return chartLabelW + f*speedPlotW
}

// ticks are the round values from lo to hi.
func (a ratioAxis) ticks() []float64 {
	var out []float64
	n := int(math.Round((a.hi - a.lo) / a.step))
	for i := 0; i <= n; i++ {
		out = append(out, math.Round((a.lo+float64(i)*a.step)*1000)/1000)
	}
	return out
}

// label writes a tick value with as many decimals as the step needs.
func (a ratioAxis) label(t float64) string {
	decimals := 0
	for step := a.step; step < 0.999 && decimals < 3; step *= 10 {
		decimals++
	}
	return fmt.Sprintf("%.*fx", max(decimals, 1), t)
}

// coord formats an SVG coordinate with one decimal, so the output is
// deterministic and compact.
func coord(v float64) string {
	return fmt.Sprintf("%.1f", v)
}

var htmlReport = template.Must(template.New("report").Parse(htmlTemplate))

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
<h2>Server options from --config</h2>
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
<p class="muted"><span class="label">Stopped on:</span> {{.Stop}}</p>
</section>
{{- end}}

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
</section>

<section>
<h2>my.cnf snippet</h2>
<pre><code>{{.MyCnf}}</code></pre>
</section>
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
