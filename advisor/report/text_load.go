package report

// load prints the server's load during the calibration (loadLines), when
// there is one.
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
