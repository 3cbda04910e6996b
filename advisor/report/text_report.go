package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// text writes the human report, MySQLTuner-style markers included:
// [OK] nothing to act on, [!!] warning or critical, [--] information.
func text(w io.Writer, r *Report, style TextStyle) error {
	p := &printer{w: w, style: style}
	if schemaOnly(r) {
		p.line("%s", p.paint(color.Bold, fmt.Sprintf("upgrade-advisor %s — schema check", r.Tool.Version)))
		p.verdict(r.Verdict)
		p.schema(r)
		p.queries(r.Queries)
		return p.err
	}
	p.header(r)
	p.settings(r)
	p.config(r)
	p.schema(r)
	p.queries(r.Queries)
	p.workload(r)
	p.benchmark(r)
	p.load(r)
	p.findings(r)
	p.snippet(r)
	for _, n := range r.Notes {
		p.line("[--] Note: %s", n)
	}
	return p.err
}

func (p *printer) header(r *Report) {
	p.line("%s", p.paint(color.Bold, fmt.Sprintf("upgrade-advisor %s — %s of %s", r.Tool.Version, r.Command, r.Server.Address)))
	p.verdict(r.Verdict)
	s := r.Server
	p.line("[--] Server: %s", serverSummary(s))
	if r.Target != nil {
		p.line("[--] Target: %s %s", flavorName(r.Target.Flavor), r.Target.Version)
	}
}

func (p *printer) settings(r *Report) {
	if len(r.Settings) == 0 {
		return
	}
	p.line("[--] Settings (value, where it comes from):")
	for _, name := range keySettings {
		if s, ok := r.Settings[name]; ok {
			p.line("       %-32s %-14s %s", name, s.Value, s.OriginText())
		}
	}
}

func (p *printer) config(r *Report) {
	if len(r.Config) == 0 {
		return
	}
	p.line("[--] Server options from " + flagname.Config + " (file:line [section]):")
	for _, o := range r.Config {
		value := o.Value
		if o.Loose {
			value += " (loose)"
		}
		p.line("       %-32s %-14s %s:%d [%s]", o.Name, value, o.File, o.Line, o.Section)
	}
}

func (p *printer) workload(r *Report) {
	p.line("[--] Workload: %s — %s", p.paint(color.Bold, r.Workload.Class), r.Workload.Reason)
}

func (p *printer) benchmark(r *Report) {
	b := r.Benchmark
	if b == nil {
		return
	}
	p.line("[--] Calibration: %s; %d measured rounds of %d tables in %.1f s (%.1f s of measured rounds)",
		b.Workload, b.Rounds, b.TablesPerRound, b.DurationS, b.MeasuredS)
	if b.Warmup != nil {
		p.line("       after %s", b.Warmup.Text)
	}
	p.line("       %-22s %-19s %-19s %s", "variant", "CREATE p50/p95 ms", "DROP p50/p95 ms", "CREATE speedup (95% CI)")
	longest := 0.0
	for _, v := range b.Variants {
		if v.Measured {
			longest = max(longest, v.CreateMs.P50)
		}
	}
	for _, v := range b.Variants {
		if !v.Measured {
			p.line("       %-22s not measured: %s%s", v.Name, v.Reason, flagHint(v.Flag))
			continue
		}
		p.line("       %-22s %-19s %-19s %-22s %s", v.Name,
			fmt.Sprintf("%.2f / %.2f", v.CreateMs.P50, v.CreateMs.P95),
			fmt.Sprintf("%.2f / %.2f", v.DropMs.P50, v.DropMs.P95),
			speedupCell(v), bar(v.CreateMs.P50, longest, 20))
	}
	p.line("       (%s)", b.Method)
	p.line("       stopped on %s", stopReasonText(b))
	if t := tenantsCostText(b); t != "" {
		p.line("       %s", t)
	}
}

func speedupCell(v VariantInfo) string {
	if v.Name == bench.Baseline {
		return "1.00x"
	}
	return effectText(v.Speedup)
}

// bar draws a per-statement time as a bar scaled to the longest.
func bar(value, longest float64, width int) string {
	if longest <= 0 {
		return ""
	}
	n := int(value/longest*float64(width) + 0.5)
	return strings.Repeat("█", max(n, 1))
}

func (p *printer) findings(r *Report) {
	counts := map[string]int{}
	for _, f := range r.Findings {
		counts[f.Severity]++
	}
	p.line("")
	p.line("%s", p.paint(color.Bold, fmt.Sprintf("Findings: %d critical, %d warning, %d info", counts["critical"], counts["warning"], counts["info"])))
	if counts["critical"]+counts["warning"] == 0 {
		p.line("%s nothing needs action at warning level or above", p.paint(color.FgGreen, "[OK]"))
	}
	p.findingsList(r.Findings, r.touched(), p.finding)
}

func (p *printer) finding(f FindingInfo) {
	marker := p.paint(color.FgCyan, "[--]")
	switch f.Severity {
	case "critical":
		marker = p.paint(color.FgRed, "[!!]")
	case "warning":
		marker = p.paint(color.FgYellow, "[!!]")
	}
	p.line("%s %s: %s  (%s)", marker, f.Severity, f.Title, f.ID)
	p.line("       %s", f.Detail)
	for _, s := range f.Recommendation.SQL {
		p.line("       SQL: %s", s)
	}
	for _, t := range f.Recommendation.Tradeoffs {
		p.line("       trade-off: %s", t)
	}
}

func (p *printer) snippet(r *Report) {
	p.line("")
	p.line("%s", p.paint(color.Bold, "my.cnf snippet:"))
	for _, l := range strings.Split(strings.TrimRight(r.MyCnf, "\n"), "\n") {
		p.line("    %s", l)
	}
}
