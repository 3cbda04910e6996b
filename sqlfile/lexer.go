package sqlfile

import (
	"strings"
)

// SQLMode holds the sql_mode flags that change how the server lexes text.
type SQLMode struct {
	NoBackslashEscapes bool // NO_BACKSLASH_ESCAPES: '\' is an ordinary character in strings
	ANSIQuotes         bool // ANSI_QUOTES: "x" is an identifier, not a string
}

// String names the mode for messages.
func (m SQLMode) String() string {
	var parts []string
	if m.NoBackslashEscapes {
		parts = append(parts, "NO_BACKSLASH_ESCAPES")
	}
	if m.ANSIQuotes {
		parts = append(parts, "ANSI_QUOTES")
	}
	if len(parts) == 0 {
		return "the default sql_mode"
	}
	return "sql_mode " + strings.Join(parts, ",")
}

// lexer splits SQL text into tokens the way the MySQL/MariaDB server lexer
// does, as far as statement boundaries, comments, quoting and names go.
type lexer struct {
	src         string
	mode        SQLMode
	i           int
	line        int
	atLineStart bool
	cond        int  // index of the open executable comment, -1 if none
	bodies      bool // ';' may stand inside an executable comment (a stored program's body)
	conds       []CondComment
	toks        []Token
}

// Lex tokenises src, read under mode, counting lines from line (the line
// of the file src starts at). Lexing stops at the first unterminated
// string, identifier or comment, which becomes the last token (a
// TokIssue).
func Lex(src string, mode SQLMode, line int) ([]Token, []CondComment) {
	return lexWith(&lexer{src: src, mode: mode, line: line, atLineStart: true, cond: -1})
}

// LexStatement tokenises one statement the mysql client has already cut at
// its delimiter: a ';' inside an executable comment is part of a stored
// program's body (mysqldump wraps trigger bodies in /*!50003 ... */).
// Lines are counted from line.
func LexStatement(src string, line int) ([]Token, []CondComment) {
	return lexStatementInto(nil, src, line)
}

// lexStatementInto is LexStatement appending the tokens to buf[:0], for a
// reader of many statements that reuses one array.
func lexStatementInto(buf []Token, src string, line int) ([]Token, []CondComment) {
	return lexWith(&lexer{src: src, line: line, atLineStart: true, cond: -1, bodies: true, toks: buf[:0]})
}

func lexWith(lx *lexer) ([]Token, []CondComment) {
	src := lx.src
	if lx.toks == nil { // about one token per five bytes of DDL: one allocation, not a doubling series
		lx.toks = make([]Token, 0, len(src)/5+1)
	}
	for lx.i < len(lx.src) && lx.step() {
	}
	if lx.cond >= 0 {
		lx.issueAt(lx.i, len(src), IssueUnterminatedComment, "unterminated conditional comment /*! ... */")
	}
	return lx.toks, lx.conds
}

// step consumes one token or one stretch of whitespace or comment. It
// returns false when lexing must stop.
func (lx *lexer) step() bool {
	c := lx.src[lx.i]
	switch {
	case c == '\n':
		lx.line++
		lx.atLineStart = true
		lx.i++
	case IsSpace(c):
		lx.i++
	case c == '#' || StartsDashComment(lx.src, lx.i):
		lx.lineComment()
	case strings.HasPrefix(lx.src[lx.i:], "/*"):
		return lx.blockComment()
	case lx.cond >= 0 && strings.HasPrefix(lx.src[lx.i:], "*/"):
		lx.emit(TokCondClose, lx.i, lx.i+2)
		lx.cond = -1
	case c == '\'' || (c == '"' && !lx.mode.ANSIQuotes):
		return lx.quoted(TokString, !lx.mode.NoBackslashEscapes)
	case c == '`' || (c == '"' && lx.mode.ANSIQuotes):
		return lx.quoted(TokIdent, false)
	case IsWordByte(c):
		j := lx.i
		for j < len(lx.src) && IsWordByte(lx.src[j]) {
			j++
		}
		lx.emit(TokWord, lx.i, j)
	case c == ';' && lx.cond >= 0 && !lx.bodies:
		lx.issueAt(lx.i, lx.i+1, IssueOther, "semicolon inside a conditional comment /*! ... */")
		lx.i++
	default:
		lx.emit(TokPunct, lx.i, lx.i+1)
	}
	return true
}

// lineComment skips a -- or # comment up to (not including) the newline.
func (lx *lexer) lineComment() {
	if lx.cond >= 0 {
		// Inside a conditional comment the server that runs it ends the line
		// comment at the newline, a server that skips it at the first */.
		lx.issueAt(lx.i, lx.i+1, IssueOther, "line comment inside a conditional comment /*! ... */")
	}
	j := strings.IndexByte(lx.src[lx.i:], '\n')
	if j < 0 {
		lx.i = len(lx.src)
		return
	}
	lx.i += j
}

// blockComment handles "/*": a plain comment is skipped, an executable one
// opens a TokCondOpen whose contents are lexed as code.
func (lx *lexer) blockComment() bool {
	rest := lx.src[lx.i:]
	executable := strings.HasPrefix(rest, "/*!") || strings.HasPrefix(rest, "/*M!")
	if !executable || strings.HasPrefix(rest, sandboxMarker) {
		return lx.plainComment()
	}
	if lx.cond >= 0 {
		lx.issueAt(lx.i, lx.i+3, IssueOther, "nested conditional comment")
	}
	start := lx.i
	cc := CondComment{mariadbOnly: rest[2] == 'M'}
	lx.i += 3
	if cc.mariadbOnly {
		lx.i++
	}
	cc.version, lx.i = VersionAt(lx.src, lx.i)
	lx.conds = append(lx.conds, cc)
	lx.cond = len(lx.conds) - 1
	lx.emit(TokCondOpen, start, lx.i)
	return true
}

// plainComment skips a /* ... */ comment; plain comments do not nest.
func (lx *lexer) plainComment() bool {
	j := strings.Index(lx.src[lx.i+2:], "*/")
	if j < 0 {
		lx.issueAt(lx.i, len(lx.src), IssueUnterminatedComment, "unterminated comment /* ...")
		return false
	}
	end := lx.i + 2 + j + 2
	lx.countLines(lx.i, end)
	lx.i = end
	return true
}

// quoted consumes a string or quoted identifier. The closing quote may be
// doubled to stand for itself; escapes says whether a backslash escapes the
// next byte.
func (lx *lexer) quoted(kind TokenKind, escapes bool) bool {
	start := lx.i
	if end := QuoteEnd(lx.src, start, escapes); end >= 0 {
		lx.finishQuoted(kind, start, end)
		return true
	}
	what := "string"
	if kind == TokIdent {
		what = "quoted identifier"
	}
	lx.issueAt(start, len(lx.src), IssueUnterminatedString, "unterminated "+what)
	return false
}

// finishQuoted emits a quoted token ending at end and checks that, inside a
// conditional comment, it holds no comment delimiters: a server that skips
// the comment does not see the quotes and would end the comment there.
func (lx *lexer) finishQuoted(kind TokenKind, start, end int) {
	t := lx.emit(kind, start, end)
	if kind == TokIdent {
		t.val = UnquoteIdent(t.text)
	}
	if lx.cond >= 0 && (strings.Contains(t.text, "*/") || strings.Contains(t.text, "/*")) {
		lx.issueAt(start, end, IssueOther, "comment delimiter inside a quoted text in a conditional comment")
	}
}

// emit appends a token spanning src[start:end] and moves the cursor past it.
func (lx *lexer) emit(kind TokenKind, start, end int) *Token {
	lx.toks = append(lx.toks, Token{kind: kind, text: lx.src[start:end], pos: start, end: end,
		line: lx.line, cond: lx.cond, firstOnLine: lx.atLineStart})
	lx.atLineStart = false
	lx.countLines(start, end)
	lx.i = end
	return &lx.toks[len(lx.toks)-1]
}

// issueAt records a lexical problem as a token.
func (lx *lexer) issueAt(start, end int, kind IssueKind, reason string) {
	lx.toks = append(lx.toks, Token{kind: TokIssue, issue: kind, text: reason, pos: start, end: end,
		line: lx.line, cond: lx.cond, firstOnLine: lx.atLineStart})
}

// countLines advances the line counter over src[start:end].
func (lx *lexer) countLines(start, end int) {
	if n := strings.Count(lx.src[start:end], "\n"); n > 0 {
		lx.line += n
		lx.atLineStart = false
	}
}

// defaultMode is how mysqldump output is written: backslash escapes on,
// double quotes delimit strings.
var defaultMode = SQLMode{}
