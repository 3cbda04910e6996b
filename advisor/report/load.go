package report

import (
	"strings"
)

func (p *printer) load(r *Report) {
	if r.Load == nil {
		return
	}
	marker := "[--]"
	if r.Load.Disturbed {
		marker = "[!!]"
	}
	lines := loadLines(r.Load)
	p.line("%s Server load: %s", marker, lines[0])
	for _, l := range lines[1:] {
		p.line("       %s", l)
	}
}

func (m *mdWriter) load(r *Report) {
	if r.Load == nil {
		return
	}
	m.heading(2, "Server load during the calibration")
	for _, l := range loadLines(r.Load) {
		m.line("- " + mdText(strings.ToUpper(l[:1])+l[1:]))
	}
	m.line("")
}
