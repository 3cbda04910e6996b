package querylog

import (
	"fmt"
	"os"
)

// InOrder is a source read statement by statement, in the order it gives
// them: what replays the application's writes needs, where Read keeps
// only samples of each class.
type InOrder struct {
	Source     string
	Format     Format
	Statements []Statement
	Skipped    Skipped
	Notes      []string
}

// ReadFileInOrder reads the log or statement file at path (gzip-compressed
// or not) and returns every statement it holds in order, with its
// session's schema and settings.
func ReadFileInOrder(path string, format Format) (*InOrder, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the queries: %w", err)
	}
	defer f.Close()
	out := &InOrder{Source: path}
	tagged := 0
	out.Skipped, out.Notes, out.Format, err = scan(path, f, format, func(s Statement) {
		if isTagged(s.Text) {
			tagged++ // the tool's own statements, as Read sets them aside
			return
		}
		out.Statements = append(out.Statements, s)
	})
	out.Skipped.Tagged += tagged
	if err != nil {
		return nil, err
	}
	return out, nil
}
