package report

import (
	"fmt"
	"strings"
)

// inPlaceDatadirText prints the rehearsal on a copy of a real datadir:
// the downtime first, then the verdict, the problems with their fixes,
// each step with its log lines, and the tables that differ.
func inPlaceDatadirText(p *printer, ip *InPlace) {
	d := ip.Datadir
	p.line("In-place upgrade of a datadir: %s -> %s", ip.Source, ip.Target)
	for _, l := range d.DowntimeLines() {
		p.line("[--] %s", l)
	}
	mark := "[OK]"
	if !ip.Clean {
		mark = "[!!]"
	}
	p.line("%s %s", p.mark(mark), ip.Verdict())
	for _, pr := range d.Problems {
		p.line("%s %s", p.mark("[XX]"), pr.What)
		p.line("       fix: %s", pr.Fix)
	}
	if d.Recovery != "" {
		p.line("%s %s", p.mark("[!!]"), d.Recovery)
	}
	if d.Sampled != "" {
		p.line("[--] %s", d.Sampled)
	}
	for _, st := range d.Steps {
		p.line("       step %s: %.1f s", st.Name, st.DurationS)
		if st.Note != "" {
			p.line("           (%s)", st.Note)
		}
		for _, l := range st.Log {
			p.line("           %s", l)
		}
	}
	for _, t := range d.Tables {
		if line := tableDiffText(t); line != "" {
			p.line("       %s", line)
		}
	}
	p.line("")
}

// tableDiffText says how a table differs after the upgrade, "" when it
// does not.
func tableDiffText(t InPlaceTable) string {
	var parts []string
	if t.CheckBefore != "OK" || t.CheckAfter != "OK" {
		parts = append(parts, fmt.Sprintf("CHECK TABLE %s before, %s after", t.CheckBefore, t.CheckAfter))
	}
	if t.RowsBefore != t.RowsAfter {
		parts = append(parts, fmt.Sprintf("%d row(s) before, %d after", t.RowsBefore, t.RowsAfter))
	}
	if t.ChecksumBefore != t.ChecksumAfter {
		parts = append(parts, fmt.Sprintf("checksum %s before, %s after", t.ChecksumBefore, t.ChecksumAfter))
	}
	if len(parts) == 0 {
		return ""
	}
	return t.Table + ": " + strings.Join(parts, "; ")
}

// inPlaceDatadirMarkdown writes the rehearsal on a copy of a datadir.
func inPlaceDatadirMarkdown(m *mdWriter, ip *InPlace) {
	d := ip.Datadir
	m.line(fmt.Sprintf("A copy of a datadir, %s -> %s.", mdText(ip.Source), mdText(ip.Target)))
	m.line("")
	for _, l := range d.DowntimeLines() {
		m.line("- " + mdText(l))
	}
	m.line("")
	m.line("**" + mdText(ip.Verdict()) + "**")
	m.line("")
	for _, pr := range d.Problems {
		m.line("- **critical**: " + mdText(pr.What) + " Fix: " + mdText(pr.Fix))
	}
	if d.Recovery != "" {
		m.line("- **warning**: " + mdText(d.Recovery))
	}
	if d.Sampled != "" {
		m.line("- " + mdText(d.Sampled))
	}
	for _, st := range d.Steps {
		m.line(fmt.Sprintf("- %s: %.1f s", mdText(st.Name), st.DurationS))
		if st.Note != "" {
			m.line("  - " + mdText(st.Note))
		}
		for _, l := range st.Log {
			m.line("  - `" + strings.ReplaceAll(l, "`", "'") + "`")
		}
	}
	for _, t := range d.Tables {
		if line := tableDiffText(t); line != "" {
			m.line("- " + mdText(line))
		}
	}
	m.line("")
}
