package report

import "strings"

// load writes the server's load during the calibration (loadLines) as a
// list, when there is one.
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
