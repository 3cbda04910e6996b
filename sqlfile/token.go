package sqlfile

import "strconv"

// TokenKind is the kind of a lexical token.
type TokenKind uint8

// The kinds of tokens.
const (
	TokWord      TokenKind = iota // bare word: keyword, identifier or number chunk
	TokIdent                      // quoted identifier; val holds the unquoted name
	TokString                     // quoted string literal
	TokPunct                      // one byte of punctuation
	TokCondOpen                   // start of an executable comment: /*!, /*!NNNNN, /*M!, /*M!NNNNNN
	TokCondClose                  // the */ that ends an executable comment
	TokIssue                      // a lexical problem; text holds the reason
)

// IssueKind tells lexical problems apart. In the main reading every problem
// refuses the statement; in another sql_mode's reading an unterminated
// string only means that the server would reject the statement whole.
type IssueKind uint8

// The kinds of lexical problems.
const (
	IssueNone IssueKind = iota
	IssueUnterminatedString
	IssueUnterminatedComment
	IssueOther
)

// Token is one lexical token of a SQL file. Offsets are byte offsets into
// the lexed text; line is 1-based.
type Token struct {
	kind        TokenKind
	issue       IssueKind
	text        string // source text (the reason for TokIssue)
	val         string // unquoted name, for TokIdent
	pos, end    int
	line        int
	cond        int  // index of the executable comment holding it, -1 outside
	firstOnLine bool // no other token precedes it on its line
}

// Kind is the token's kind.
func (t Token) Kind() TokenKind { return t.kind }

// Issue tells the problem of a TokIssue apart.
func (t Token) Issue() IssueKind { return t.issue }

// Text is the token's source text; for a TokIssue, the reason.
func (t Token) Text() string { return t.text }

// Pos is the byte offset of the token's first byte in the lexed text.
func (t Token) Pos() int { return t.pos }

// End is the byte offset just past the token in the lexed text.
func (t Token) End() int { return t.end }

// Line is the line of the token's first byte.
func (t Token) Line() int { return t.line }

// Cond is the index of the executable comment that holds the token (in the
// CondComment list Lex returns), -1 outside one.
func (t Token) Cond() int { return t.cond }

// CondComment describes one executable comment.
type CondComment struct {
	version     int  // 0 when the comment carries no version number
	mariadbOnly bool // /*M! ... */: MySQL treats it as a plain comment
}

// Versioned reports whether some servers skip the comment: it has a version
// number or is MariaDB-only. Every server runs a plain /*! ... */.
func (cc CondComment) Versioned() bool { return cc.version > 0 || cc.mariadbOnly }

// String shows how the comment starts, e.g. "/*!50100" or "/*M!".
func (cc CondComment) String() string {
	s := "/*!"
	if cc.mariadbOnly {
		s = "/*M!"
	}
	if cc.version > 0 {
		s += strconv.Itoa(cc.version)
	}
	return s
}

// isCode reports a token the server reads as part of a statement.
func isCode(t Token) bool {
	return t.kind != TokCondOpen && t.kind != TokCondClose && t.kind != TokIssue
}
