package report

import "io"

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
