package querylog

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// tokKind is the kind of a token of a logged statement.
type tokKind uint8

const (
	tokWord    tokKind = iota // bare word: keyword or identifier
	tokIdent                  // `quoted identifier`
	tokLiteral                // string, number, hex or bit value
	tokParam                  // a ? placeholder
	tokOp                     // punctuation or an operator of several bytes
)

// token is one token of a statement; text is its source text.
type token struct {
	kind tokKind
	text string
	pos  int // byte offset of text in the statement
}

// operators are the punctuation runs lexed as one token.
var operators = []string{"@@", "<=>", "->>", "<=", ">=", "<>", "!=", ":=", "||", "&&", "<<", ">>", "->"}

// signWords are the keywords after which a '-' or '+' before a number is
// the number's sign, not an operator.
var signWords = map[string]bool{
	"select": true, "where": true, "and": true, "or": true, "not": true, "by": true, "when": true,
	"then": true, "else": true, "between": true, "in": true, "values": true, "value": true,
	"like": true, "limit": true, "offset": true, "set": true, "having": true, "on": true,
	"return": true, "is": true, "xor": true, "div": true, "mod": true, "interval": true,
}

// lexer cuts a statement into tokens the way the server reads it as far as
// quoting, comments and literals go. Plain comments (and optimizer hints)
// are dropped; the contents of executable comments /*!NNNNN ... */ are
// code.
type lexer struct {
	src    string
	i      int
	inExec bool // inside /*! ... */: the next */ closes it
	toks   []token
}

// lexStatement returns the tokens of src.
func lexStatement(src string, buf []token) []token {
	lx := lexer{src: src, toks: buf[:0]}
	for lx.i < len(lx.src) {
		lx.step()
	}
	return lx.toks
}

func (lx *lexer) step() {
	c := lx.src[lx.i]
	switch {
	case c == '\n' || sqlfile.IsSpace(c):
		lx.i++
	case c == '#' || (c == '-' && sqlfile.StartsDashComment(lx.src, lx.i)):
		lx.skipLine()
	case c == '/' && lx.at(1) == '*':
		lx.comment()
	case c == '*' && lx.at(1) == '/' && lx.inExec:
		lx.inExec = false
		lx.i += 2
	case c == '\'' || c == '"':
		lx.quoted(tokLiteral, lx.i)
	case c == '`':
		lx.quoted(tokIdent, lx.i)
	case c == '?':
		lx.emit(tokParam, lx.i, lx.i+1)
	case isDigit(c) || (c == '.' && isDigit(lx.at(1)) && !lx.afterName()):
		lx.number(lx.i)
	case (c == '-' || c == '+') && (isDigit(lx.at(1)) || (lx.at(1) == '.' && isDigit(lx.at(2)))) && lx.signPosition():
		lx.number(lx.i)
	case sqlfile.IsWordByte(c):
		lx.word()
	default:
		lx.operator()
	}
}

// at returns the byte k past the cursor, 0 past the end.
func (lx *lexer) at(k int) byte {
	if lx.i+k < len(lx.src) {
		return lx.src[lx.i+k]
	}
	return 0
}

func (lx *lexer) emit(kind tokKind, start, end int) {
	lx.toks = append(lx.toks, token{kind: kind, text: lx.src[start:end], pos: start})
	lx.i = end
}

func (lx *lexer) skipLine() {
	for lx.i < len(lx.src) && lx.src[lx.i] != '\n' {
		lx.i++
	}
}

// comment skips a plain comment or opens an executable one.
func (lx *lexer) comment() {
	if lx.at(2) == '!' || (lx.at(2) == 'M' && lx.at(3) == '!') {
		lx.i += 3
		if lx.src[lx.i-1] == 'M' {
			lx.i++
		}
		_, lx.i = sqlfile.VersionAt(lx.src, lx.i)
		lx.inExec = true
		return
	}
	end := indexFrom(lx.src, "*/", lx.i+2)
	if end < 0 {
		lx.i = len(lx.src)
		return
	}
	lx.i = end + 2
}

// quoted consumes a quoted text at the cursor (from start: an introducer
// before it); an unterminated one runs to the end.
func (lx *lexer) quoted(kind tokKind, start int) {
	end := sqlfile.QuoteEnd(lx.src, lx.i, lx.src[lx.i] != '`')
	if end < 0 {
		end = len(lx.src)
	}
	lx.emit(kind, start, end)
}

// number consumes a numeric literal (with its sign when it has one):
// decimal, exponent, 0x hex and 0b bits. Digits running into letters make
// a name (MySQL allows names such as 1abc), lexed as a word.
func (lx *lexer) number(start int) {
	j := lx.i
	if lx.src[j] == '-' || lx.src[j] == '+' {
		j++
	}
	if lx.src[j] == '0' && j+1 < len(lx.src) && (lx.src[j+1] == 'x' || lx.src[j+1] == 'b') {
		k := j + 2
		for k < len(lx.src) && sqlfile.IsWordByte(lx.src[k]) {
			k++
		}
		lx.emit(tokLiteral, start, k)
		return
	}
	for j < len(lx.src) && isDigit(lx.src[j]) {
		j++
	}
	if j < len(lx.src) && lx.src[j] == '.' {
		j++
		for j < len(lx.src) && isDigit(lx.src[j]) {
			j++
		}
	}
	if j < len(lx.src) && (lx.src[j] == 'e' || lx.src[j] == 'E') {
		k := j + 1
		if k < len(lx.src) && (lx.src[k] == '-' || lx.src[k] == '+') {
			k++
		}
		if k < len(lx.src) && isDigit(lx.src[k]) {
			for j = k; j < len(lx.src) && isDigit(lx.src[j]); j++ {
			}
		}
	}
	if j < len(lx.src) && sqlfile.IsWordByte(lx.src[j]) && lx.src[start] != '-' && lx.src[start] != '+' {
		lx.word() // a name that starts with digits
		return
	}
	lx.emit(tokLiteral, start, j)
}

// word consumes a bare word; a charset introducer (_utf8mb4'x'), N'x',
// X'ff' and B'01' are literals with the string they introduce.
func (lx *lexer) word() {
	start := lx.i
	j := lx.i
	for j < len(lx.src) && sqlfile.IsWordByte(lx.src[j]) {
		j++
	}
	if j < len(lx.src) && lx.src[j] == '\'' && isIntroducer(lx.src[start:j]) {
		lx.i = j
		lx.quoted(tokLiteral, start)
		return
	}
	lx.emit(tokWord, start, j)
}

func isIntroducer(w string) bool {
	if w[0] == '_' {
		return true
	}
	if len(w) == 1 {
		switch w[0] {
		case 'n', 'N', 'x', 'X', 'b', 'B':
			return true
		}
	}
	return false
}

// operator consumes an operator of several bytes or one byte of punctuation.
func (lx *lexer) operator() {
	rest := lx.src[lx.i:]
	switch rest[0] {
	case '@', '<', '>', '!', ':', '|', '&', '-':
	default:
		lx.emit(tokOp, lx.i, lx.i+1) // no operator of several bytes starts with it
		return
	}
	for _, op := range operators {
		if len(rest) >= len(op) && rest[:len(op)] == op {
			lx.emit(tokOp, lx.i, lx.i+len(op))
			return
		}
	}
	lx.emit(tokOp, lx.i, lx.i+1)
}

// signPosition reports whether a '-' or '+' at the cursor is a sign: at the
// start, after an operator other than ')', or after a keyword that takes an
// expression.
func (lx *lexer) signPosition() bool {
	if len(lx.toks) == 0 {
		return true
	}
	prev := lx.toks[len(lx.toks)-1]
	switch prev.kind {
	case tokOp:
		return prev.text != ")"
	case tokWord:
		return signWords[lowerASCII(prev.text)]
	}
	return false
}

// afterName reports whether the previous token ends right at the cursor and
// is a name: then '.' is a qualifier (t.5col), not a decimal point.
func (lx *lexer) afterName() bool {
	if len(lx.toks) == 0 {
		return false
	}
	prev := lx.toks[len(lx.toks)-1]
	return (prev.kind == tokWord || prev.kind == tokIdent) && prev.pos+len(prev.text) == lx.i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// indexFrom returns the offset of sub in s at or after from, or -1.
func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}

// lowerASCII lower-cases ASCII letters, without allocating when there are none.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
