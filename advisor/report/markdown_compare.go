package report

import (
	"fmt"
	"io"
	"strings"
)

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
