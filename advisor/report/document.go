package report

import (
	"fmt"
	"io"
)

// Document is a report of any kind, written by Write: a job's *Report
// (audit, inspect, bench, check and the schema check), a *CompareReport, a
// *RehearseReport or a Fleet. Each kind lists its renderers.
type Document interface {
	render(w io.Writer, f Format, style TextStyle) error
}

// Write renders a report of any kind in the format; style applies to the
// text forms. A kind without the format says so in the error.
func Write(w io.Writer, d Document, f Format, style TextStyle) error {
	return d.render(w, f, style)
}

// forms are the renderers of one kind of report, one per format it has;
// a nil renderer is a format the kind does not have.
type forms[T any] struct {
	kind                       string // for the error, e.g. "a comparison"
	text, json, markdown, html func(io.Writer, T) error
}

func (fs forms[T]) write(w io.Writer, d T, f Format) error {
	render := map[Format]func(io.Writer, T) error{Text: fs.text, JSON: fs.json, Markdown: fs.markdown, HTML: fs.html}[f]
	if render == nil {
		return fmt.Errorf("%s has no %s form", fs.kind, f)
	}
	return render(w, d)
}

func (r *Report) render(w io.Writer, f Format, style TextStyle) error {
	styled := func(w io.Writer, r *Report) error { return text(w, r, style) }
	md := func(w io.Writer, r *Report) error { return markdown(w, r, style) }
	page := func(w io.Writer, r *Report) error { return reportHTML(w, r, style) }
	return forms[*Report]{kind: "a report", text: styled, json: reportJSON, markdown: md, html: page}.write(w, r, f)
}

func (r *CompareReport) render(w io.Writer, f Format, style TextStyle) error {
	styled := func(w io.Writer, r *CompareReport) error { return compareText(w, r, style) }
	return forms[*CompareReport]{kind: "a comparison", text: styled, json: compareJSON, markdown: compareMarkdown}.write(w, r, f)
}

func (r *RehearseReport) render(w io.Writer, f Format, style TextStyle) error {
	styled := func(w io.Writer, r *RehearseReport) error { return rehearseText(w, r, style) }
	md := func(w io.Writer, r *RehearseReport) error { return rehearseMarkdown(w, r, style) }
	page := func(w io.Writer, r *RehearseReport) error { return rehearseHTML(w, r, style) }
	return forms[*RehearseReport]{kind: "a rehearsal", text: styled, json: rehearseJSON, markdown: md, html: page}.write(w, r, f)
}

// render writes one JSON object per host in JSON, the summary table in
// text and in Markdown.
func (fl Fleet) render(w io.Writer, f Format, _ TextStyle) error {
	return forms[Fleet]{kind: "a fleet run", text: fleetText, json: fleetJSONLines, markdown: fleetText}.write(w, fl, f)
}
