package report

import (
	"fmt"
	"io"
	"strings"
)

// Format is the form of a report on standard output; every command takes
// it from --format.
type Format int

// The report formats.
const (
	Text Format = iota
	JSON
	Markdown
)

// ParseFormat reads a format name: text, json, markdown (or md).
func ParseFormat(name string) (Format, error) {
	switch strings.ToLower(name) {
	case "text":
		return Text, nil
	case "json":
		return JSON, nil
	case "markdown", "md":
		return Markdown, nil
	}
	return Text, fmt.Errorf("unknown report format %q: use text, json or markdown", name)
}

// Write renders a job's report in the format; style applies to text only.
func Write(w io.Writer, r *Report, f Format, style TextStyle) error {
	switch f {
	case JSON:
		return reportJSON(w, r)
	case Markdown:
		return markdown(w, r)
	}
	return text(w, r, style)
}

// WriteCompare renders a comparison in the format.
func WriteCompare(w io.Writer, r *CompareReport, f Format) error {
	switch f {
	case JSON:
		return compareJSON(w, r)
	case Markdown:
		return compareMarkdown(w, r)
	}
	return compareText(w, r)
}

// WriteFleet renders a fleet run: one JSON object per host in JSON, the
// summary table otherwise.
func WriteFleet(w io.Writer, results []HostResult, f Format) error {
	if f == JSON {
		return fleetJSONLines(w, results)
	}
	return fleetText(w, results)
}
