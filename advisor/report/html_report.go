package report

import (
	"fmt"
	"html/template"
	"io"
	"strings"
)

// reportHTML writes the report as one self-contained HTML5 page that reads
// offline: inline CSS, inline SVG charts, no JavaScript, no fonts or other
// resources fetched from anywhere. It has the sections of the Markdown
// report plus two charts of the calibration: CREATE TABLE p50 per variant
// and the speedup of each variant with its 95% interval. html/template
// escapes every value from the report. The output depends only on the
// report, so it can be compared with a golden file.
func reportHTML(w io.Writer, r *Report, style TextStyle) error {
	return htmlReport.Execute(w, newHTMLView(r, style.Verbose))
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
	Schema           *htmlSchema
	Queries          *htmlQueries
	Bench            *htmlBench
	Counts           string
	Groups           []htmlGroup
	MyCnf            string
	Notes            []string
	Footer           string
	// Verdict is the page's first section (nil when the report judges no
	// target); Folded the line the folded drift findings become.
	Verdict *htmlVerdict
	Folded  string
	// SchemaOnly is a schema check without settings: the page shows the
	// schema section and the notes, not the sections nothing filled.
	SchemaOnly bool
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
	Tenants string // tenantsCostText, "" for another workload
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
func newHTMLView(r *Report, verbose bool) htmlView {
	listed, folded := foldFindings(r.Findings, r.touched(), verbose)
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
		Schema:           newHTMLSchema(r.Schema),
		Queries:          newHTMLQueries(r.Queries),
		Bench:            newHTMLBench(r.Benchmark),
		MyCnf:            strings.TrimRight(r.MyCnf, "\n"),
		Notes:            r.Notes,
		Footer:           footerText(r),
		SchemaOnly:       schemaOnly(r),
		Verdict:          newHTMLVerdict(r.Verdict, verbose),
	}
	if len(folded) > 0 {
		v.Folded = foldedLine(len(folded))
	}
	if r.Target != nil {
		v.Target = flavorName(r.Target.Flavor) + " " + r.Target.Version
	}
	v.Counts = findingCounts(severityGroups(r.Findings))
	v.Groups = htmlGroups(severityGroups(listed))
	return v
}

func htmlSettings(settings map[string]SettingInfo) []htmlSetting {
	var out []htmlSetting
	for _, name := range settingNames(settings) {
		s := settings[name]
		out = append(out, htmlSetting{Name: name, Value: s.Value, Origin: s.OriginText()})
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
	hb := &htmlBench{Summary: calibrationSummary(b), Method: b.Method, Stop: stopReasonText(b), Tenants: tenantsCostText(b),
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

// htmlReport is the page: one self-contained document with inline CSS and
// the SVG charts inline, loading nothing and running no script.
var htmlReport = template.Must(template.Must(template.Must(template.New("report").Parse(htmlTemplate)).Parse(htmlSchemaSection)).Parse(htmlQueriesSection + htmlVerdictSection))
