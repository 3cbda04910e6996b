package report

import (
	"fmt"
	"io"
	"strings"
)

// compareJSON writes the comparison as indented JSON.
func compareJSON(w io.Writer, r *CompareReport) error { return writeJSON(w, r) }

// compareText writes the comparison for a terminal.
func compareText(w io.Writer, r *CompareReport, style TextStyle) error {
	p := &printer{w: w, style: style}
	p.line("upgrade-advisor %s — compare", r.Tool.Version)
	p.verdict(r.Verdict)
	for _, s := range []struct {
		role string
		side CompareSide
	}{{"source", r.Source}, {"target", r.Target}} {
		p.line("[--] %s: %s %s — %s", s.role, flavorName(s.side.Server.Flavor), s.side.Server.Version, s.side.Endpoint)
	}
	p.line("[--] %d measured rounds, interleaved, %.1f s (stopped on %s)", r.Rounds, r.DurationS, r.StopReason)
	p.line("       %-22s %-14s %-14s %-24s %s", "variant", "source ms p50", "target ms p50", "target/source (95% CI)", "target vs source baseline")
	for _, v := range r.Variants {
		p.line("       %-22s %-14s %-14s %-24s %s", v.Name, createCell(v.Source), createCell(v.Target), v.Regression.String(), recoveryCell(v))
	}
	p.line("       (%s)", r.Method)
	p.line("")
	mark := "[!!]"
	if !r.targetSlower() {
		mark = "[--]" // nothing to recover: nothing to act on
	}
	for _, s := range r.Summary {
		p.line("%s %s", p.mark(mark), s)
	}
	for _, n := range r.Notes {
		p.line("[--] Note: %s", n)
	}
	return p.err
}

// compareMarkdown writes the comparison for a ticket or pull request.
func compareMarkdown(w io.Writer, r *CompareReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# upgrade-advisor compare\n\n")
	v := &mdWriter{}
	v.verdict(r.Verdict)
	b.WriteString(v.b.String())
	fmt.Fprintf(&b, "- **Source:** %s %s — `%s`\n", flavorName(r.Source.Server.Flavor), r.Source.Server.Version, r.Source.Endpoint)
	fmt.Fprintf(&b, "- **Target:** %s %s — `%s`\n", flavorName(r.Target.Server.Flavor), r.Target.Server.Version, r.Target.Endpoint)
	fmt.Fprintf(&b, "- %d measured rounds, interleaved, %.1f s (stopped on %s)\n\n", r.Rounds, r.DurationS, r.StopReason)
	b.WriteString("| variant | source CREATE ms p50 | target CREATE ms p50 | target / source (95% CI) | target vs source baseline |\n|---|---|---|---|---|\n")
	for _, v := range r.Variants {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", v.Name, createCell(v.Source), createCell(v.Target), v.Regression.String(), recoveryCell(v))
	}
	fmt.Fprintf(&b, "\n_%s_\n\n## Summary\n\n", r.Method)
	for _, s := range r.Summary {
		fmt.Fprintf(&b, "- %s\n", s)
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n## Notes\n\n")
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
