package sqlfile

import "strings"

// Cursor walks the significant tokens of one reading of a statement.
type Cursor struct {
	toks []Token
	i    int
}

// Significant returns the tokens a server executing the comments keep(c)
// says yes to would see: words, identifiers, strings and punctuation.
func Significant(toks []Token, keep func(cond int) bool) []Token {
	out := make([]Token, 0, len(toks))
	for _, t := range toks {
		switch t.kind {
		case TokCondOpen, TokCondClose, TokIssue:
			continue
		}
		if t.cond >= 0 && !keep(t.cond) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// NewCursor returns a cursor at the first of toks.
func NewCursor(toks []Token) *Cursor { return &Cursor{toks: toks} }

// Tokens returns every token the cursor walks, before it and after.
func (c *Cursor) Tokens() []Token { return c.toks }

// Done reports whether the cursor is past the last token.
func (c *Cursor) Done() bool { return c.i >= len(c.toks) }

// Peek returns the token at offset k from the cursor, or an empty token.
func (c *Cursor) Peek(k int) Token {
	if c.i+k < 0 || c.i+k >= len(c.toks) {
		return Token{kind: TokIssue}
	}
	return c.toks[c.i+k]
}

// Next returns the token at the cursor, or an empty token, and moves past
// it.
func (c *Cursor) Next() Token {
	t := c.Peek(0)
	c.i++
	return t
}

// IsWord reports whether the token at offset k is the keyword w.
func (c *Cursor) IsWord(k int, w string) bool { return IsWord(c.Peek(k), w) }

// AcceptWord consumes the keyword w if it is next.
func (c *Cursor) AcceptWord(w string) bool {
	if c.IsWord(0, w) {
		c.i++
		return true
	}
	return false
}

// AcceptWords consumes the keyword sequence ws if all of it is next.
func (c *Cursor) AcceptWords(ws ...string) bool {
	for k, w := range ws {
		if !c.IsWord(k, w) {
			return false
		}
	}
	c.i += len(ws)
	return true
}

// AcceptAnyWord consumes one of the keywords ws if it is next.
func (c *Cursor) AcceptAnyWord(ws ...string) bool {
	for _, w := range ws {
		if c.AcceptWord(w) {
			return true
		}
	}
	return false
}

// IsPunct reports whether the token at offset k is the punctuation p.
func (c *Cursor) IsPunct(k int, p string) bool { return IsPunct(c.Peek(k), p) }

// Rest returns the tokens from the cursor on.
func (c *Cursor) Rest() []Token {
	if c.i >= len(c.toks) {
		return nil
	}
	return c.toks[c.i:]
}

func IsWord(t Token, w string) bool { return t.kind == TokWord && strings.EqualFold(t.text, w) }

func IsPunct(t Token, p string) bool { return t.kind == TokPunct && t.text == p }

// IsName reports whether t can be an identifier: a bare word or a quoted
// identifier.
func IsName(t Token) bool { return t.kind == TokWord || t.kind == TokIdent }

// NameOf returns the identifier t stands for.
func NameOf(t Token) string {
	if t.kind == TokIdent {
		return t.val
	}
	return t.text
}

// Depths returns, for every token, its parenthesis depth (a '(' and its
// ')' are at the outer depth). Unbalanced text never goes below zero.
func Depths(toks []Token) []int {
	d := make([]int, len(toks))
	cur := 0
	for i, t := range toks {
		if IsPunct(t, ")") && cur > 0 {
			cur--
		}
		d[i] = cur
		if IsPunct(t, "(") {
			cur++
		}
	}
	return d
}

// SplitTopLevel cuts toks at the punctuation sep outside parentheses.
func SplitTopLevel(toks []Token, sep string) [][]Token {
	var parts [][]Token
	d := Depths(toks)
	start := 0
	for i, t := range toks {
		if d[i] == 0 && IsPunct(t, sep) {
			parts = append(parts, toks[start:i])
			start = i + 1
		}
	}
	return append(parts, toks[start:])
}

// NextToken returns the token after index i, or an empty token.
func NextToken(toks []Token, i int) Token {
	if i+1 < len(toks) {
		return toks[i+1]
	}
	return Token{kind: TokIssue}
}

// exprText is the source text of tokens, separated by single spaces where
// the source had space.
func exprText(toks []Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.pos > toks[i-1].end {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}
