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
func serverStatements(stmts []clientStatement) []clientStatement {
	out := make([]clientStatement, 0, len(stmts))
	for _, cs := range stmts {
		out = append(out, splitServer(cs)...)
	}
	return out
}

// splitServer cuts one client statement at the ';' that end a server
// statement: outside strings, comments and compound-statement bodies.
func splitServer(cs clientStatement) []clientStatement {
	toks, _ := lexAt(cs.text, defaultMode, cs.line)
	cuts := serverCuts(toks)
	if len(cuts) == 0 {
		return []clientStatement{cs}
	}
	var out []clientStatement
	from := 0
	for _, cut := range append(cuts, len(toks)) {
		if part, ok := statementOf(cs, toks[from:cut]); ok {
			out = append(out, part)
		}
		from = cut + 1
	}
	return out
}

// statementOf is the client statement's text from the first to the last
// token of part; false when part holds no token.
func statementOf(cs clientStatement, part []token) (clientStatement, bool) {
	if len(part) == 0 {
		return clientStatement{}, false
	}
	first, last := part[0], part[len(part)-1]
	return clientStatement{text: cs.text[first.pos:last.end], start: cs.start + first.pos, line: first.line, clientLine: cs.line}, true
}

// serverCuts returns the indexes of the ';' tokens that end a server
// statement. A ';' inside an executable comment is never a cut: a server
// that skips the comment would not see it.
func serverCuts(toks []token) []int {
	var cuts []int
	b := blockTracker{toks: toks, start: true}
	for b.i = 0; b.i < len(toks); b.i++ {
		t := toks[b.i]
		switch {
		case t.kind == tokPunct && t.text == ";":
			if b.depth == 0 && t.cond < 0 {
				cuts = append(cuts, b.i)
				b.start = true
			}
			continue
		case t.kind == tokWord:
			b.word(strings.ToUpper(t.text))
		}
		if isCode(t) {
			b.start = false
		}
	}
	return cuts
}

// isCode reports a token the server reads as part of a statement.
func isCode(t token) bool {
	return t.kind != tokCondOpen && t.kind != tokCondClose && t.kind != tokIssue
}
