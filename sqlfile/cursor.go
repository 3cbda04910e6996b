package sqlfile

import "strings"

// cursor walks the significant tokens of one reading of a statement.
type cursor struct {
	toks []token
	i    int
}

// significant returns the tokens a server executing the comments keep(c)
// says yes to would see: words, identifiers, strings and punctuation.
func significant(toks []token, keep func(cond int) bool) []token {
	out := make([]token, 0, len(toks))
	for _, t := range toks {
		switch t.kind {
		case tokCondOpen, tokCondClose, tokIssue:
			continue
		}
		if t.cond >= 0 && !keep(t.cond) {
			continue
		}
		out = append(out, t)
	}
	return out
}

func (c *cursor) done() bool { return c.i >= len(c.toks) }

// peek returns the token at offset k from the cursor, or an empty token.
func (c *cursor) peek(k int) token {
	if c.i+k < 0 || c.i+k >= len(c.toks) {
		return token{kind: tokIssue}
	}
	return c.toks[c.i+k]
}

func (c *cursor) next() token {
	t := c.peek(0)
	c.i++
	return t
}

// isWord reports whether the token at offset k is the keyword w.
func (c *cursor) isWord(k int, w string) bool { return isWord(c.peek(k), w) }

// acceptWord consumes the keyword w if it is next.
func (c *cursor) acceptWord(w string) bool {
	if c.isWord(0, w) {
		c.i++
		return true
	}
	return false
}

// acceptWords consumes the keyword sequence ws if all of it is next.
func (c *cursor) acceptWords(ws ...string) bool {
	for k, w := range ws {
		if !c.isWord(k, w) {
			return false
		}
	}
	c.i += len(ws)
	return true
}

// acceptAnyWord consumes one of the keywords ws if it is next.
func (c *cursor) acceptAnyWord(ws ...string) bool {
	for _, w := range ws {
		if c.acceptWord(w) {
			return true
		}
	}
	return false
}

// isPunct reports whether the token at offset k is the punctuation p.
func (c *cursor) isPunct(k int, p string) bool { return isPunct(c.peek(k), p) }

// rest returns the tokens from the cursor on.
func (c *cursor) rest() []token {
	if c.i >= len(c.toks) {
		return nil
	}
	return c.toks[c.i:]
}

func isWord(t token, w string) bool { return t.kind == tokWord && strings.EqualFold(t.text, w) }

func isPunct(t token, p string) bool { return t.kind == tokPunct && t.text == p }

// isName reports whether t can be an identifier: a bare word or a quoted
// identifier.
func isName(t token) bool { return t.kind == tokWord || t.kind == tokIdent }

// nameOf returns the identifier t stands for.
func nameOf(t token) string {
	if t.kind == tokIdent {
		return t.val
	}
	return t.text
}

// depths returns, for every token, its parenthesis depth (a '(' and its
// ')' are at the outer depth). Unbalanced text never goes below zero.
func depths(toks []token) []int {
	d := make([]int, len(toks))
	cur := 0
	for i, t := range toks {
		if isPunct(t, ")") && cur > 0 {
			cur--
		}
		d[i] = cur
		if isPunct(t, "(") {
			cur++
		}
	}
	return d
}

// splitTopLevel cuts toks at the punctuation sep outside parentheses.
func splitTopLevel(toks []token, sep string) [][]token {
	var parts [][]token
	d := depths(toks)
	start := 0
	for i, t := range toks {
		if d[i] == 0 && isPunct(t, sep) {
			parts = append(parts, toks[start:i])
			start = i + 1
		}
	}
	return append(parts, toks[start:])
}

// nextToken returns the token after index i, or an empty token.
func nextToken(toks []token, i int) token {
	if i+1 < len(toks) {
		return toks[i+1]
	}
	return token{kind: tokIssue}
}
