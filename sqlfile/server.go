package sqlfile

import "strings"

// The server's cut: the mysql client sends everything up to its delimiter
// as one text, with multi-statements on, and the server runs every
// statement in it, one after the other. A stored program's body is one
// statement however many ';' it holds (BEGIN ... END, IF ... END IF, ...),
// so an install script's
//
//	DELIMITER $$
//	DROP PROCEDURE IF EXISTS p; CREATE PROCEDURE p() BEGIN ...; END$$
//
// is two server statements: the DROP and the whole CREATE PROCEDURE.

// serverStatements cuts every client statement into the statements the
// server runs, each with its own text, offset and line. A client statement
// that holds one server statement is returned as it is.
func serverStatements(stmts []ClientStatement) []ClientStatement {
	out := make([]ClientStatement, 0, len(stmts))
	for i, cs := range stmts {
		cs.client = i + 1
		out = append(out, SplitServer(cs)...)
	}
	return out
}

// SplitServer cuts one client statement at the ';' that end a server
// statement: outside strings, comments and compound-statement bodies.
func SplitServer(cs ClientStatement) []ClientStatement {
	toks, _ := Lex(cs.Text, defaultMode, cs.Line)
	cuts := serverCuts(toks)
	if len(cuts) == 0 {
		return []ClientStatement{cs}
	}
	var out []ClientStatement
	from := 0
	for _, cut := range append(cuts, len(toks)) {
		if part, ok := statementOf(cs, toks[from:cut]); ok {
			out = append(out, part)
		} else if from == cut && cut < len(toks) && hasCodeAfter(toks, cut) {
			// An empty statement (the text starts with a ';', or two follow
			// each other) with a statement after it: the server refuses it
			// (1064), and the rest of the text does not run. Only the ';' at
			// the text's end are stripped (alloc_query).
			empty, _ := statementOf(cs, toks[cut:cut+1])
			out = append(out, empty)
		}
		from = cut + 1
	}
	return out
}

// hasCodeAfter reports whether a token after the ';' at toks[cut] is code.
func hasCodeAfter(toks []Token, cut int) bool {
	for _, t := range toks[cut+1:] {
		if isCode(t) && !(t.kind == TokPunct && t.text == ";") {
			return true
		}
	}
	return false
}

// statementOf is the client statement's text from the first to the last
// token of part; false when part holds no token.
func statementOf(cs ClientStatement, part []Token) (ClientStatement, bool) {
	if len(part) == 0 {
		return ClientStatement{}, false
	}
	first, last := part[0], part[len(part)-1]
	return ClientStatement{Text: cs.Text[first.pos:last.end], start: cs.start + first.pos, Line: first.line, clientLine: cs.Line, client: cs.client}, true
}

// serverCuts returns the indexes of the ';' tokens that end a server
// statement. A ';' inside an executable comment is never a cut: a server
// that skips the comment would not see it.
func serverCuts(toks []Token) []int {
	var cuts []int
	b := blockTracker{toks: toks, start: true}
	for b.i = 0; b.i < len(toks); b.i++ {
		t := toks[b.i]
		switch {
		case t.kind == TokPunct && t.text == ";":
			if b.depth() == 0 && t.cond < 0 {
				cuts = append(cuts, b.i)
				b.start = true
			}
			continue
		case t.kind == TokWord:
			b.word(strings.ToUpper(t.text))
		}
		if isCode(t) {
			b.start = false
		}
	}
	return cuts
}
