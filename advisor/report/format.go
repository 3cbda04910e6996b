package report

import (
	"fmt"
	"strings"
)

// Format is the form a report is written in: --format picks Text, JSON or
// Markdown for standard output; --html writes the HTML form to a file.
type Format int

// The report formats.
const (
	Text Format = iota
	JSON
	Markdown
	HTML
)

// ParseFormat reads a --format name: text, json, markdown (or md). HTML is
// not one of them: it goes to the --html file.
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

func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case JSON:
		return "JSON"
	case Markdown:
		return "Markdown"
	case HTML:
		return "HTML"
	}
	return fmt.Sprintf("format %d", int(f))
}

// TextStyle controls the human report.
type TextStyle struct {
	Color bool
	// Verbose lists in full what the reports fold: the drift of defaults
	// nothing of the user's touches, a verdict item's every member.
	Verbose bool
}
