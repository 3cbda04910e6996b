package report

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
