package report

import "fmt"

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
