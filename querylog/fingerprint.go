package querylog

import (
	"strings"
	"sync"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Fingerprint returns the class of a statement: literals (strings, numbers,
// hex and bit values) become ?, an IN list of literals becomes in(?+), the
// rows of VALUES made of literals become values(?+), comments are dropped
// (the contents of executable comments kept), words are lower-cased,
// `names` unquoted when they need no quotes, whitespace is normalised and a
// trailing ';' dropped. NULL stays NULL (IS NULL is not = ?), except inside
// a collapsed list.
func Fingerprint(sql string) string {
	fp := fingerprinters.Get().(*fingerprinter)
	defer fingerprinters.Put(fp)
	return fp.fingerprint(sql)
}

// fingerprinter holds the buffers one fingerprint needs, reused.
type fingerprinter struct {
	toks []token
	out  []byte
}

var fingerprinters = sync.Pool{New: func() any { return &fingerprinter{} }}

func (fp *fingerprinter) fingerprint(sql string) string {
	fp.toks = lexStatement(sql, fp.toks)
	toks := fp.toks
	for len(toks) > 0 && toks[len(toks)-1].kind == tokOp && toks[len(toks)-1].text == ";" {
		toks = toks[:len(toks)-1]
	}
	fp.out = fp.out[:0]
	var prev *token
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.kind == tokOp && t.text == "(" && prev != nil && isListWord(prev) {
			if end, ok := literalRows(toks, i); ok {
				fp.out = append(fp.out, "(?+)"...)
				i = end
				prev = &toks[end]
				continue
			}
		}
		fp.write(prev, t)
		prev = t
	}
	return string(fp.out)
}

// isListWord reports the words after which a parenthesised list of
// literals collapses: IN and VALUES/VALUE.
func isListWord(t *token) bool {
	if t.kind != tokWord {
		return false
	}
	switch len(t.text) {
	case 2:
		return strings.EqualFold(t.text, "in")
	case 5:
		return strings.EqualFold(t.text, "value")
	case 6:
		return strings.EqualFold(t.text, "values")
	}
	return false
}

// literalRows checks that toks[open] starts one or more parenthesised lists
// of literals, ? and NULL, separated by commas: (1,'a'),(2,'b'). It returns
// the index of the last ')'.
func literalRows(toks []token, open int) (int, bool) {
	i := open
	last := -1
	for {
		end, ok := literalRow(toks, i)
		if !ok {
			break
		}
		last = end
		if end+2 < len(toks) && isOp(toks[end+1], ",") && isOp(toks[end+2], "(") {
			i = end + 2
			continue
		}
		break
	}
	return last, last >= 0
}

// literalRow checks one (lit, lit, ...) at toks[open] and returns the
// index of its ')'.
func literalRow(toks []token, open int) (int, bool) {
	if open >= len(toks) || !isOp(toks[open], "(") {
		return 0, false
	}
	i := open + 1
	for i < len(toks) {
		if !isValue(toks[i]) {
			return 0, false
		}
		i++
		if i < len(toks) && isOp(toks[i], ")") {
			return i, true
		}
		if i >= len(toks) || !isOp(toks[i], ",") {
			return 0, false
		}
		i++
	}
	return 0, false
}

func isValue(t token) bool {
	return t.kind == tokLiteral || t.kind == tokParam ||
		(t.kind == tokWord && (strings.EqualFold(t.text, "null") || strings.EqualFold(t.text, "default") ||
			strings.EqualFold(t.text, "true") || strings.EqualFold(t.text, "false")))
}

func isOp(t token, op string) bool { return t.kind == tokOp && t.text == op }

// write appends t to the fingerprint with the canonical spacing: one space
// between tokens, none inside parentheses, before ',' and '.', after '.',
// '@' and before a '(' that follows a word (a function call).
func (fp *fingerprinter) write(prev, t *token) {
	if prev != nil && spaceBetween(prev, t) {
		fp.out = append(fp.out, ' ')
	}
	switch t.kind {
	case tokLiteral:
		fp.out = append(fp.out, '?')
	case tokWord:
		fp.out = appendLower(fp.out, t.text)
	case tokIdent:
		fp.out = appendIdent(fp.out, t.text)
	default:
		fp.out = append(fp.out, t.text...)
	}
}

func spaceBetween(prev, t *token) bool {
	if prev.kind == tokOp {
		switch prev.text {
		case "(", ".", "@", "@@":
			return false
		}
	}
	if t.kind == tokOp {
		switch t.text {
		case ")", ",", ".", ";":
			return false
		case "(":
			return prev.kind != tokWord && prev.kind != tokIdent
		}
	}
	return true
}

// appendLower appends s lower-cased (ASCII letters).
func appendLower(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return out
}

// appendIdent appends a `quoted name`: lower-cased without its quotes when
// it is a plain name (letters, digits, _ and $, not only digits), as
// written otherwise.
func appendIdent(out []byte, q string) []byte {
	if len(q) < 3 || q[len(q)-1] != '`' {
		return append(out, q...)
	}
	inner := q[1 : len(q)-1]
	digitsOnly := true
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		if c >= 0x80 || !sqlfile.IsWordByte(c) {
			return append(out, q...)
		}
		if !isDigit(c) {
			digitsOnly = false
		}
	}
	if digitsOnly {
		return append(out, q...)
	}
	return appendLower(out, inner)
}
