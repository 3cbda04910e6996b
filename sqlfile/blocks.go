package sqlfile

import "strings"

// blockTracker follows the compound statements of a stored program's body
// (BEGIN ... END, IF ... END IF, CASE ... END [CASE], LOOP, WHILE, REPEAT)
// over a client statement's tokens, so that the ';' inside them are not
// taken for the end of a server statement. IF and REPEAT are also
// functions: IF opens a block only where a statement may start and a THEN
// follows its condition, REPEAT only where it is not called with '('.
type blockTracker struct {
	toks  []Token
	i     int  // the token being read
	depth int  // open blocks
	start bool // the token is the first of a server statement
}

// closers are the words END may carry: END IF, END CASE, ...
var closers = map[string]bool{"IF": true, "CASE": true, "LOOP": true, "WHILE": true, "REPEAT": true}

// word reads one upper-cased word.
func (b *blockTracker) word(w string) {
	switch w {
	case "BEGIN":
		if b.opensBegin() {
			b.depth++
		}
	case "CASE", "LOOP":
		b.depth++
	case "IF":
		b.openBefore("THEN")
	case "WHILE":
		b.openBefore("DO")
	case "REPEAT":
		if !b.inExpression() && !IsPunct(b.nextCode(), "(") {
			b.depth++
		}
	case "END":
		b.closeBlock()
	}
}

// opensBegin tells a block's BEGIN from a transaction's: BEGIN [WORK]
// starting a statement (MariaDB's BEGIN NOT ATOMIC opens a block there) and
// XA BEGIN start a transaction.
func (b *blockTracker) opensBegin() bool {
	if b.start {
		return IsWord(b.nextCode(), "NOT")
	}
	return !IsWord(b.prevCode(), "XA")
}

// openBefore opens a block for IF or WHILE when the word that ends its
// condition (THEN, DO) follows, and moves past the condition.
func (b *blockTracker) openBefore(end string) {
	if b.inExpression() {
		return
	}
	if j := b.ahead(end); j >= 0 {
		b.depth++
		b.i = j
	}
}

// closeBlock reads END: it closes the innermost block, with the word that
// names it (END IF, END LOOP, ...). An END outside any block is a name.
func (b *blockTracker) closeBlock() {
	if b.depth == 0 {
		return
	}
	b.depth--
	if j := b.nextCodeIndex(b.i); j >= 0 && b.toks[j].kind == TokWord && closers[strings.ToUpper(b.toks[j].text)] {
		b.i = j
	}
}

// inExpression reports a word read where an expression goes: after an
// operator, '(' or ',', or a keyword that takes an expression.
func (b *blockTracker) inExpression() bool {
	p := b.prevCode()
	switch p.kind {
	case TokPunct:
		return p.text != ";" && p.text != ":" && p.text != ")"
	case TokWord:
		return expressionKeywords[strings.ToUpper(p.text)]
	}
	return false
}

// expressionKeywords are followed by an expression, never by a statement.
var expressionKeywords = map[string]bool{
	"SELECT": true, "RETURN": true, "WHEN": true, "AND": true, "OR": true, "XOR": true, "NOT": true,
	"IS": true, "IN": true, "LIKE": true, "BY": true, "ON": true, "WHERE": true, "HAVING": true,
	"DIV": true, "MOD": true, "BETWEEN": true, "DEFAULT": true, "VALUES": true, "VALUE": true, "AS": true,
	"DISTINCT": true, "ALL": true, "UNTIL": true, "ELSEIF": true, "INTERVAL": true,
}

// ahead returns the index of the word end after the cursor, at the same
// parenthesis depth and before the statement or its enclosing clause
// ends; -1 when it does not come.
func (b *blockTracker) ahead(end string) int {
	depth := 0
	for j := b.i + 1; j < len(b.toks); j++ {
		t := b.toks[j]
		switch {
		case IsPunct(t, "("):
			depth++
		case IsPunct(t, ")"):
			if depth--; depth < 0 {
				return -1
			}
		case depth > 0 || t.kind != TokWord && !IsPunct(t, ";"):
		case IsPunct(t, ";"):
			return -1
		case IsWord(t, end):
			return j
		case stopsCondition[strings.ToUpper(t.text)]:
			return -1
		}
	}
	return -1
}

// stopsCondition end the expression a condition could be part of.
var stopsCondition = map[string]bool{"END": true, "ELSE": true, "ELSEIF": true, "WHEN": true}

// prevCode returns the code token before the cursor, or an empty token.
func (b *blockTracker) prevCode() Token {
	for j := b.i - 1; j >= 0; j-- {
		if isCode(b.toks[j]) {
			return b.toks[j]
		}
	}
	return Token{kind: TokIssue}
}

// nextCode returns the code token after the cursor, or an empty token.
func (b *blockTracker) nextCode() Token {
	if j := b.nextCodeIndex(b.i); j >= 0 {
		return b.toks[j]
	}
	return Token{kind: TokIssue}
}

// nextCodeIndex returns the index of the code token after i, or -1.
func (b *blockTracker) nextCodeIndex(i int) int {
	for j := i + 1; j < len(b.toks); j++ {
		if isCode(b.toks[j]) {
			return j
		}
	}
	return -1
}
