package report

import (
	"fmt"
	"io"

	"github.com/fatih/color"
)

// printer writes the text forms (text_*.go) a line at a time, keeping the
// first write error; it paints marks and words in colour when the style asks.
type printer struct {
	w     io.Writer
	style TextStyle
	err   error
}

func (p *printer) line(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format+"\n", args...)
	}
}

func (p *printer) paint(c color.Attribute, s string) string {
	if !p.style.Color {
		return s
	}
	col := color.New(c)
	col.EnableColor()
	return col.Sprint(s)
}

// mark paints a line's mark by what it asks of the reader: [XX] red,
// [!!] yellow, [OK] green, others as they are.
func (p *printer) mark(m string) string {
	switch m {
	case "[XX]":
		return p.paint(color.FgRed, m)
	case "[!!]":
		return p.paint(color.FgYellow, m)
	case "[OK]":
		return p.paint(color.FgGreen, m)
	}
	return m
}
