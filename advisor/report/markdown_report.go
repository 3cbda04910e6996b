package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// markdown writes the report as GitHub-flavoured Markdown for a
// ticket or a pull request: headings, tables and bullet lists, no raw HTML.
// Every value taken from the report is escaped, so server strings and file
// paths cannot break a table or inject markup. The output depends only on
// the report (map keys are sorted), so it can be compared with a golden file.
func markdown(w io.Writer, r *Report, style TextStyle) error {
	m := &mdWriter{verbose: style.Verbose}
	if schemaOnly(r) {
		m.heading(1, "upgrade-advisor "+r.Tool.Version+": schema check")
		m.verdict(r.Verdict)
		m.schema(r)
		m.queries(r.Queries)
		_, err := io.WriteString(w, m.b.String())
		return err
	}
	m.title(r)
	m.verdict(r.Verdict)
	m.overview(r)
	m.settings(r)
	m.config(r)
	m.schema(r)
	m.queries(r.Queries)
	m.calibration(r)
	m.load(r)
	m.findings(r)
	m.snippet(r)
	m.notes(r)
	m.footer(r)
	_, err := io.WriteString(w, m.b.String())
	return err
}

func (m *mdWriter) title(r *Report) {
	m.heading(1, fmt.Sprintf("upgrade-advisor %s: %s", mdText(r.Command), mdText(r.Server.Address)))
}

func (m *mdWriter) overview(r *Report) {
	m.heading(2, "Server and workload")
	m.line("- **Server:** " + mdText(serverSummary(r.Server)))
	m.line("- **Address:** " + mdCode(r.Server.Address))
	if r.Server.ReadOnly {
		m.line("- **Read-only:** yes")
	}
	if r.Target != nil {
		m.line("- **Target:** " + mdText(flavorName(r.Target.Flavor)+" "+r.Target.Version))
	}
	wl := r.Workload
	m.line("- **Workload:** " + mdCode(wl.Class) + reasonSuffix(wl.Reason))
	m.line("  - decided by " + mdText(workloadSource(wl)))
	if obs := workloadObserved(wl); obs != "" {
		m.line("  - observed: " + mdText(obs))
	}
	m.line("")
}

func (m *mdWriter) settings(r *Report) {
	names := settingNames(r.Settings)
	if len(names) == 0 {
		return
	}
	m.heading(2, "Key settings")
	rows := make([][]string, 0, len(names))
	for _, name := range names {
		s := r.Settings[name]
		rows = append(rows, []string{mdCodeCell(name), mdCodeCell(s.Value), mdText(s.OriginText())})
	}
	m.table([]string{"setting", "value", "origin"}, []string{"---", "---", "---"}, rows)
}

func (m *mdWriter) config(r *Report) {
	if len(r.Config) == 0 {
		return
	}
	m.heading(2, "Server options from "+flagname.Config)
	rows := make([][]string, 0, len(r.Config))
	for _, o := range r.Config {
		rows = append(rows, []string{mdCodeCell(o.Name), mdCodeCell(o.Value) + looseNote(o.Loose),
			mdCodeCell(fmt.Sprintf("%s:%d", o.File, o.Line)), mdCodeCell("[" + o.Section + "]")})
	}
	m.table([]string{"option", "value", "file:line", "section"}, []string{"---", "---", "---", "---"}, rows)
}

func looseNote(loose bool) string {
	if loose {
		return " (loose)"
	}
	return ""
}

func (m *mdWriter) calibration(r *Report) {
	b := r.Benchmark
	if b == nil {
		return
	}
	m.heading(2, "Calibration")
	m.line(mdText(calibrationSummary(b)))
	m.line("")
	rows := make([][]string, 0, len(b.Variants))
	for _, v := range b.Variants {
		rows = append(rows, variantRow(v))
	}
	m.table([]string{"variant", "mechanism", "CREATE p50 / p95 ms", "DROP p50 / p95 ms", "CREATE speedup (95% CI)"},
		[]string{"---", "---", "--:", "--:", "---"}, rows)
	m.line("- **Method:** " + mdText(b.Method))
	m.line("- **Stopped on:** " + mdText(stopReasonText(b)))
	if t := tenantsCostText(b); t != "" {
		m.line("- **All the tenants:** " + mdText(t))
	}
	m.line("")
}

// variantRow is a calibration table row; a variant that was not measured
// says why and which flag would measure it.
func variantRow(v VariantInfo) []string {
	if !isMeasured(v) {
		return []string{mdCodeCell(v.Name), mdText(v.Mechanism), "—", "—", mdText(notMeasuredText(v))}
	}
	return []string{mdCodeCell(v.Name), mdText(v.Mechanism), msPair(v.CreateMs), msPair(v.DropMs), mdText(speedupText(v))}
}

func (m *mdWriter) findings(r *Report) {
	m.heading(2, "Findings: "+mdText(findingCounts(severityGroups(r.Findings))))
	listed, folded := foldFindings(r.Findings, r.touched(), m.verbose)
	for _, g := range severityGroups(listed) {
		m.heading(3, fmt.Sprintf("%s (%d)", g.Label, len(g.Findings)))
		if len(g.Findings) == 0 {
			m.line("None.")
			m.line("")
		}
		for _, f := range g.Findings {
			m.finding(f)
		}
	}
	if len(folded) > 0 {
		m.line("_" + mdText(foldedLine(len(folded))) + "_")
		m.line("")
	}
}

func (m *mdWriter) finding(f FindingInfo) {
	m.heading(4, mdText(f.Title))
	m.line("- **ID:** " + mdCode(f.ID))
	if f.Detail != "" {
		m.line("- " + mdText(f.Detail))
	}
	if s := f.MeasuredSpeedup; s != nil {
		m.line("- **Measured:** " + mdCode(s.Variant) + " " + mdText(measuredText(s)))
	}
	m.list("SQL", f.Recommendation.SQL, mdCode)
	m.list("Trade-offs", f.Recommendation.Tradeoffs, mdText)
	m.line("")
}

func (m *mdWriter) snippet(r *Report) {
	m.heading(2, "my.cnf snippet")
	body := strings.TrimRight(r.MyCnf, "\n")
	fence := codeFence(body)
	m.line(fence + "ini")
	if body != "" {
		m.line(body)
	}
	m.line(fence)
	m.line("")
}

func (m *mdWriter) notes(r *Report) {
	if len(r.Notes) == 0 {
		return
	}
	m.heading(2, "Notes")
	for _, n := range r.Notes {
		m.line("- " + mdText(n))
	}
	m.line("")
}

func (m *mdWriter) footer(r *Report) {
	m.line("---")
	m.line("")
	m.line(mdText(footerText(r)))
}

// reasonSuffix is " — reason" in Markdown, or nothing without a reason.
func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return " — " + mdText(reason)
}
