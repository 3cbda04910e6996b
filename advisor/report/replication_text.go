package report

import (
	"fmt"
)

// replicationText prints the replication rehearsal, when there is one.
func replicationText(p *printer, rep *Replication) {
	if rep == nil {
		return
	}
	p.line("Replication: %d run(s), %.1f s, the tool's peak memory %.1f MB", len(rep.Runs), rep.DurationS, rep.PeakRSSMB)
	for _, run := range rep.Runs {
		mark := "[OK]"
		if run.Broken() {
			mark = "[!!]"
		}
		p.line("%s %s", p.mark(mark), run.Verdict())
		for _, l := range run.lines() {
			p.line("       %s", l)
		}
	}
	for _, n := range rep.Notes {
		p.line("[--] %s", n)
	}
	p.line("")
}

// replicationMarkdown writes the replication rehearsal, when there is one.
func replicationMarkdown(m *mdWriter, rep *Replication) {
	if rep == nil {
		return
	}
	m.heading(2, "Replication")
	m.line(fmt.Sprintf("%d run(s), %.1f s, the tool's peak memory %.1f MB.", len(rep.Runs), rep.DurationS, rep.PeakRSSMB))
	m.line("")
	for _, run := range rep.Runs {
		m.heading(3, run.Verdict())
		for _, l := range run.lines() {
			m.line("- " + mdText(l))
		}
		m.line("")
	}
	for _, n := range rep.Notes {
		m.line("- " + mdText(n))
	}
	if len(rep.Notes) > 0 {
		m.line("")
	}
}
