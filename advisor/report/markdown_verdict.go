package report

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// verdict writes the verdict in Markdown: its line in bold, then the
// blockers and what changes as lists.
func (m *mdWriter) verdict(v *Verdict) {
	if v == nil {
		return
	}
	m.line("**" + mdText(v.Summary) + "**")
	m.line("")
	for _, part := range []struct {
		title string
		items []VerdictItem
	}{{"Blockers: fail on the target, fix them before the upgrade", v.Blockers}, {"What changes: runs, but behaves differently", v.Changes}} {
		if len(part.items) == 0 {
			continue
		}
		m.heading(2, part.title)
		for _, it := range part.items {
			m.line("- " + mdText(it.Text))
			m.verdictExamples(it.Examples)
		}
		m.line("")
	}
}

func (m *mdWriter) verdictExamples(xs []VerdictExample) {
	shared := sharedFix(xs)
	shown, more := examplesShown(xs, m.verbose)
	for _, x := range shown {
		s := "  - " + mdCode(x.Text)
		if x.Fix != "" && shared == "" {
			s += ": fix: " + mdText(x.Fix)
		}
		if x.Note != "" {
			s += "; " + mdText(x.Note)
		}
		m.line(s)
	}
	if more > 0 {
		m.line(fmt.Sprintf("  - ... and %d more ("+flagname.Verbose+" or JSON lists them)", more))
	}
	if shared != "" {
		m.line("  - fix: " + mdText(shared))
	}
}
