package report

import (
	"fmt"
	"io"
)

// Document is a report of any kind, written by Write: a job's *Report
// (audit, inspect, bench, check and the schema check), a *CompareReport, a
// *RehearseReport or a Fleet. Each kind knows its renderers.
type Document interface {
	render(w io.Writer, f Format, style TextStyle) error
}

// Write renders a report of any kind in the format; style applies to a
// job's text report only. A kind without the format says so in the error.
func Write(w io.Writer, d Document, f Format, style TextStyle) error {
	return d.render(w, f, style)
}

// noForm is the error of a kind asked for a format it does not have.
func noForm(kind string, f Format) error {
	return fmt.Errorf("%s has no %s form", kind, f)
}

func (r *Report) render(w io.Writer, f Format, style TextStyle) error {
	switch f {
	case JSON:
		return reportJSON(w, r)
	case Markdown:
		return markdown(w, r)
	case HTML:
		return reportHTML(w, r)
	}
	return text(w, r, style)
}

func (r *CompareReport) render(w io.Writer, f Format, _ TextStyle) error {
	switch f {
	case JSON:
		return compareJSON(w, r)
	case Markdown:
		return compareMarkdown(w, r)
	case HTML:
		return noForm("a comparison", f)
	}
	return compareText(w, r)
}

func (r *RehearseReport) render(w io.Writer, f Format, _ TextStyle) error {
	switch f {
	case JSON:
		return writeJSON(w, r)
	case Markdown:
		return rehearseMarkdown(w, r)
	case HTML:
		return rehearseHTML(w, r)
	}
	return rehearseText(w, r)
}

// render writes one JSON object per host in JSON, the summary table in
// text and Markdown.
func (fl Fleet) render(w io.Writer, f Format, _ TextStyle) error {
	switch f {
	case JSON:
		return fleetJSONLines(w, fl)
	case HTML:
		return noForm("a fleet run", f)
	}
	return fleetText(w, fl)
}
