package report

import (
	"github.com/fatih/color"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// readinessMark is the text mark of a readiness: [XX] blocked, [!!]
// changes, [OK] ready, [??] unverified.
func readinessMark(readiness string) string {
	return map[string]string{Blocked: "[XX]", Changes: "[!!]", Ready: "[OK]", Unverified: "[??]"}[readiness]
}

// verdict prints the verdict: its line, then the blockers, then what
// changes, each item with its members and their fixes.
func (p *printer) verdict(v *Verdict) {
	if v == nil {
		return
	}
	p.line("%s %s", p.mark(readinessMark(v.Readiness)), p.paint(color.Bold, v.Summary))
	for _, part := range []struct {
		title, mark string
		items       []VerdictItem
	}{{"Blockers (fail on the target: fix them before the upgrade):", "[XX]", v.Blockers}, {"What changes (runs, but behaves differently):", "[!!]", v.Changes}} {
		if len(part.items) == 0 {
			continue
		}
		p.line("%s", part.title)
		for _, it := range part.items {
			p.line("%s %s", p.mark(part.mark), it.Text)
			p.verdictExamples(it.Examples)
		}
	}
	p.line("")
}

// verdictExamples prints an item's members, a fix under each; a fix all
// members share is printed once, after them.
func (p *printer) verdictExamples(xs []VerdictExample) {
	shared := sharedFix(xs)
	shown, more := examplesShown(xs, p.style.Verbose)
	for _, x := range shown {
		p.line("       %s", x.Text)
		if x.Fix != "" && shared == "" {
			p.line("         fix: %s", x.Fix)
		}
		if x.Note != "" {
			p.line("         %s", x.Note)
		}
	}
	if more > 0 {
		p.line("       ... and %d more ("+flagname.Verbose+" or JSON lists them)", more)
	}
	if shared != "" {
		p.line("         fix: %s", shared)
	}
}

// findingsList prints findings under their count, the drift of defaults
// nothing touches folded into one line unless --verbose.
func (p *printer) findingsList(fs []FindingInfo, touched map[string]bool, each func(FindingInfo)) {
	listed, folded := foldFindings(fs, touched, p.style.Verbose)
	for _, f := range listed {
		each(f)
	}
	if len(folded) > 0 {
		p.line("%s %s", p.paint(color.FgCyan, "[--]"), foldedLine(len(folded)))
	}
}
