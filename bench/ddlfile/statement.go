package ddlfile

import (
	"strings"
	"unicode/utf8"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// defaultMode is how mysqldump output is written and how the calibration's
// session reads it: backslash escapes on, double quotes delimit strings
// (sqlfile reads a file's statements in it too).
var defaultMode = sqlfile.SQLMode{}

// rawStatement is one statement of the file, before classification.
type rawStatement struct {
	toks  []sqlfile.Token       // the statement's tokens, without the ending ';'
	conds []sqlfile.CondComment // executable comments, indexed by Token.Cond
	sql   string                // text from the first to the last token, comments at the ends trimmed
	start int                   // offset of sql in the file
	line  int                   // line of the first token
}

// newRawStatement builds a statement from its tokens (at least one).
func newRawStatement(src string, toks []sqlfile.Token, conds []sqlfile.CondComment) rawStatement {
	first, last := toks[0], toks[len(toks)-1]
	return rawStatement{toks: toks, conds: conds, sql: src[first.Pos():last.End()], start: first.Pos(), line: first.Line()}
}

// lexicalProblem returns why a statement cannot be classified safely from
// its text alone, or "" when it can. It checks only the primary reading.
func (st rawStatement) lexicalProblem() string {
	for _, t := range st.toks {
		switch {
		case t.Kind() == sqlfile.TokIssue:
			return t.Text()
		case t.Kind() == sqlfile.TokPunct && t.Text() == `\`:
			return `backslash outside a string (a mysql client command such as \g or \d is not SQL)`
		}
	}
	if strings.IndexByte(st.sql, 0) >= 0 {
		return "NUL byte in the statement"
	}
	if !utf8.ValidString(st.sql) {
		return "the statement is not valid UTF-8 (the calibration sends statements as utf8mb4)"
	}
	return ""
}
