package sqlfile

import (
	"strings"
	"unicode/utf8"
)

// rawStatement is one statement of the file, before classification.
type rawStatement struct {
	toks  []Token       // the statement's tokens, without the ending ';'
	conds []CondComment // executable comments, indexed by token.cond
	sql   string        // text from the first to the last token, comments at the ends trimmed
	start int           // offset of sql in the file
	line  int           // line of the first token
}

// splitStatements lexes a whole file and cuts it into statements at every
// ';' that is outside strings, quoted identifiers and comments. Empty
// statements (";;", comments only) are dropped; the last statement needs no
// ';'.
func splitStatements(src string) []rawStatement {
	toks, conds := Lex(src, defaultMode, 1)
	var out []rawStatement
	start := 0
	flush := func(end int) {
		if end > start {
			out = append(out, newRawStatement(src, toks[start:end], conds))
		}
		start = end + 1
	}
	for i, t := range toks {
		if t.kind == TokPunct && t.text == ";" {
			flush(i)
		}
	}
	flush(len(toks))
	return out
}

// defaultMode is how mysqldump output is written and how the calibration's
// session reads it: backslash escapes on, double quotes delimit strings.
var defaultMode = SQLMode{}

// newRawStatement builds a statement from its tokens (at least one).
func newRawStatement(src string, toks []Token, conds []CondComment) rawStatement {
	first, last := toks[0], toks[len(toks)-1]
	return rawStatement{toks: toks, conds: conds, sql: src[first.pos:last.end], start: first.pos, line: first.line}
}

// lexicalProblem returns why a statement cannot be classified safely from
// its text alone, or "" when it can. It checks only the primary reading.
func (st rawStatement) lexicalProblem() string {
	for _, t := range st.toks {
		switch {
		case t.kind == TokIssue:
			return t.text
		case t.kind == TokPunct && t.text == `\`:
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
