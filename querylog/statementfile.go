package querylog

import (
	"io"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// readStatementFile reads a plain file of statements, cut as the mysql
// client cuts it (sqlfile.SplitClient): one session, whose USE and SET
// statements are followed. The client commands it refuses come back as
// notes.
func readStatementFile(name string, r io.Reader, emit func(Statement)) (Skipped, []string, error) {
	stmts, rejects, err := sqlfile.SplitClient(name, r)
	if err != nil {
		return Skipped{}, nil, err
	}
	var notes []string
	for _, rj := range rejects {
		notes = append(notes, rj.Error())
	}
	var skipped Skipped
	ss := newSessions()
	s := ss.of(0)
	for _, st := range stmts {
		text := strings.TrimSpace(st.Text)
		if text == "" {
			skipped.Empty++
			continue
		}
		if ss.apply(s, text) == effectUse {
			skipped.Session++
			continue
		}
		emit(Statement{Text: text, Schema: s.schema, Settings: s.settings, Count: 1, Line: st.Line})
	}
	return skipped, notes, nil
}
