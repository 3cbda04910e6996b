package sqlfile

import (
	"strconv"
	"strings"
)

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tokWord      tokKind = iota // bare word: keyword, identifier or number chunk
	tokIdent                    // quoted identifier; val holds the unquoted name
	tokString                   // quoted string literal
	tokPunct                    // one byte of punctuation
	tokCondOpen                 // start of an executable comment: /*!, /*!NNNNN, /*M!, /*M!NNNNNN
	tokCondClose                // the */ that ends an executable comment
	tokIssue                    // a lexical problem; text holds the reason
)

// issueKind tells lexical problems apart. In the main reading every problem
// refuses the statement; in another sql_mode's reading an unterminated
// string only means that the server would reject the statement whole.
type issueKind uint8

const (
	issueNone issueKind = iota
	issueUnterminatedString
	issueUnterminatedComment
	issueOther
)

// token is one lexical token of a DDL file. Offsets are byte offsets into
// the lexed text; line is 1-based.
type token struct {
	kind        tokKind
	issue       issueKind
	text        string // source text (the reason for tokIssue)
	val         string // unquoted name, for tokIdent
	pos, end    int
	line        int
	cond        int  // index of the executable comment holding it, -1 outside
	firstOnLine bool // no other token precedes it on its line
}

// condComment describes one executable comment.
type condComment struct {
	version     int  // 0 when the comment carries no version number
	mariadbOnly bool // /*M! ... */: MySQL treats it as a plain comment
}

// versioned reports whether some servers skip the comment: it has a version
// number or is MariaDB-only. Every server runs a plain /*! ... */.
func (cc condComment) versioned() bool { return cc.version > 0 || cc.mariadbOnly }

// String shows how the comment starts, e.g. "/*!50100" or "/*M!".
func (cc condComment) String() string {
	s := "/*!"
	if cc.mariadbOnly {
		s = "/*M!"
	}
	if cc.version > 0 {
		s += strconv.Itoa(cc.version)
	}
	return s
}

// sqlMode holds the sql_mode flags that change how the server lexes text.
type sqlMode struct {
	noBackslashEscapes bool // NO_BACKSLASH_ESCAPES: '\' is an ordinary character in strings
	ansiQuotes         bool // ANSI_QUOTES: "x" is an identifier, not a string
}

// String names the mode for messages.
func (m sqlMode) String() string {
	var parts []string
	if m.noBackslashEscapes {
		parts = append(parts, "NO_BACKSLASH_ESCAPES")
	}
	if m.ansiQuotes {
		parts = append(parts, "ANSI_QUOTES")
	}
	if len(parts) == 0 {
		return "the default sql_mode"
	}
	return "sql_mode " + strings.Join(parts, ",")
}

// sandboxMarker starts the first line of recent mariadb-dump output. The
// version 999999 is never reached, so every server skips it; the text
// inside (\-) is a mysql client command, not SQL.
const sandboxMarker = "/*M!999999"

// lexer splits SQL text into tokens the way the MySQL/MariaDB server lexer
// does, as far as statement boundaries, comments, quoting and names go.
type lexer struct {
	src         string
	mode        sqlMode
	i           int
	line        int
	atLineStart bool
	cond        int  // index of the open executable comment, -1 if none
	bodies      bool // ';' may stand inside an executable comment (a stored program's body)
	conds       []condComment
	toks        []token
}

// lex tokenises src. Lexing stops at the first unterminated string,
// identifier or comment, which becomes the last token (a tokIssue).
func lex(src string, mode sqlMode) ([]token, []condComment) {
	return lexWith(&lexer{src: src, mode: mode, line: 1, atLineStart: true, cond: -1})
}

// lexAt tokenises one statement of a file that starts at line.
func lexAt(src string, mode sqlMode, line int) ([]token, []condComment) {
	return lexWith(&lexer{src: src, mode: mode, line: line, atLineStart: true, cond: -1})
}

// lexStatement tokenises one statement the mysql client has already cut at
// its delimiter: a ';' inside an executable comment is part of a stored
// program's body (mysqldump wraps trigger bodies in /*!50003 ... */).
// Lines are counted from line.
func lexStatement(src string, line int) ([]token, []condComment) {
	return lexWith(&lexer{src: src, line: line, atLineStart: true, cond: -1, bodies: true})
}

func lexWith(lx *lexer) ([]token, []condComment) {
	src := lx.src
	if lx.toks == nil { // about one token per five bytes of DDL: one allocation, not a doubling series
		lx.toks = make([]token, 0, len(src)/5+1)
	}
	for lx.i < len(lx.src) && lx.step() {
	}
	if lx.cond >= 0 {
		lx.issueAt(lx.i, len(src), issueUnterminatedComment, "unterminated conditional comment /*! ... */")
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
		lx.emit(tokCondClose, lx.i, lx.i+2)
		lx.cond = -1
	case c == '\'' || (c == '"' && !lx.mode.ansiQuotes):
		return lx.quoted(tokString, !lx.mode.noBackslashEscapes)
	case c == '`' || (c == '"' && lx.mode.ansiQuotes):
		return lx.quoted(tokIdent, false)
	case IsWordByte(c):
		j := lx.i
		for j < len(lx.src) && IsWordByte(lx.src[j]) {
			j++
		}
		lx.emit(tokWord, lx.i, j)
	case c == ';' && lx.cond >= 0 && !lx.bodies:
		lx.issueAt(lx.i, lx.i+1, issueOther, "semicolon inside a conditional comment /*! ... */")
		lx.i++
	default:
		lx.emit(tokPunct, lx.i, lx.i+1)
	}
	return true
}

// lineComment skips a -- or # comment up to (not including) the newline.
func (lx *lexer) lineComment() {
	if lx.cond >= 0 {
		// Inside a conditional comment the server that runs it ends the line
		// comment at the newline, a server that skips it at the first */.
		lx.issueAt(lx.i, lx.i+1, issueOther, "line comment inside a conditional comment /*! ... */")
	}
	j := strings.IndexByte(lx.src[lx.i:], '\n')
	if j < 0 {
		lx.i = len(lx.src)
		return
	}
	lx.i += j
}

// blockComment handles "/*": a plain comment is skipped, an executable one
// opens a tokCondOpen whose contents are lexed as code.
func (lx *lexer) blockComment() bool {
	rest := lx.src[lx.i:]
	executable := strings.HasPrefix(rest, "/*!") || strings.HasPrefix(rest, "/*M!")
	if !executable || strings.HasPrefix(rest, sandboxMarker) {
		return lx.plainComment()
	}
	if lx.cond >= 0 {
		lx.issueAt(lx.i, lx.i+3, issueOther, "nested conditional comment")
	}
	start := lx.i
	cc := condComment{mariadbOnly: rest[2] == 'M'}
	lx.i += 3
	if cc.mariadbOnly {
		lx.i++
	}
	cc.version, lx.i = VersionAt(lx.src, lx.i)
	lx.conds = append(lx.conds, cc)
	lx.cond = len(lx.conds) - 1
	lx.emit(tokCondOpen, start, lx.i)
	return true
}

// plainComment skips a /* ... */ comment; plain comments do not nest.
func (lx *lexer) plainComment() bool {
	j := strings.Index(lx.src[lx.i+2:], "*/")
	if j < 0 {
		lx.issueAt(lx.i, len(lx.src), issueUnterminatedComment, "unterminated comment /* ...")
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
func (lx *lexer) quoted(kind tokKind, escapes bool) bool {
	start := lx.i
	if end := QuoteEnd(lx.src, start, escapes); end >= 0 {
		lx.finishQuoted(kind, start, end)
		return true
	}
	what := "string"
	if kind == tokIdent {
		what = "quoted identifier"
	}
	lx.issueAt(start, len(lx.src), issueUnterminatedString, "unterminated "+what)
	return false
}

// finishQuoted emits a quoted token ending at end and checks that, inside a
// conditional comment, it holds no comment delimiters: a server that skips
// the comment does not see the quotes and would end the comment there.
func (lx *lexer) finishQuoted(kind tokKind, start, end int) {
	t := lx.emit(kind, start, end)
	if kind == tokIdent {
		t.val = UnquoteIdent(t.text)
	}
	if lx.cond >= 0 && (strings.Contains(t.text, "*/") || strings.Contains(t.text, "/*")) {
		lx.issueAt(start, end, issueOther, "comment delimiter inside a quoted text in a conditional comment")
	}
}

// emit appends a token spanning src[start:end] and moves the cursor past it.
func (lx *lexer) emit(kind tokKind, start, end int) *token {
	lx.toks = append(lx.toks, token{kind: kind, text: lx.src[start:end], pos: start, end: end,
		line: lx.line, cond: lx.cond, firstOnLine: lx.atLineStart})
	lx.atLineStart = false
	lx.countLines(start, end)
	lx.i = end
	return &lx.toks[len(lx.toks)-1]
}

// issueAt records a lexical problem as a token.
func (lx *lexer) issueAt(start, end int, kind issueKind, reason string) {
	lx.toks = append(lx.toks, token{kind: tokIssue, issue: kind, text: reason, pos: start, end: end,
		line: lx.line, cond: lx.cond, firstOnLine: lx.atLineStart})
}

// countLines advances the line counter over src[start:end].
func (lx *lexer) countLines(start, end int) {
	if n := strings.Count(lx.src[start:end], "\n"); n > 0 {
		lx.line += n
		lx.atLineStart = false
	}
}
