package sqlfile

import "strings"

// blockTracker follows the compound statements of a stored program's body
// (BEGIN ... END, IF ... END IF, CASE ... END [CASE], LOOP, WHILE, REPEAT)
// over a client statement's tokens, so that the ';' inside them are not
// taken for the end of a server statement. IF and REPEAT are also
// functions: IF opens a block only where a statement may start and a THEN
// follows its condition, REPEAT only where it is not called with '('.
// END is a non-reserved word, a name as often as not (a parameter or a
// column called end): a block's END comes where a statement could start
// (after a ';', or right after BEGIN), a CASE expression's and REPEAT's
// (UNTIL cond END REPEAT) after an expression; an END anywhere else is a
// name.
type blockTracker struct {
	toks  []Token
	i     int         // the token being read
	open  []blockKind // the open blocks, innermost last
	start bool        // the token is the first of a server statement
}

// depth is the number of open blocks.
func (b *blockTracker) depth() int { return len(b.open) }

// blockKind tells where a block's END may come.
type blockKind int

const (
	statementBlock blockKind = iota // END after a ';' or BEGIN
	caseExpression                  // END after an expression
	repeatBlock                     // REPEAT before its UNTIL: no END ends it
	repeatUntil                     // END after UNTIL's condition
)

// push opens a block.
func (b *blockTracker) push(k blockKind) { b.open = append(b.open, k) }

// closers are the words END may carry: END IF, END CASE, ...
var closers = map[string]bool{"IF": true, "CASE": true, "LOOP": true, "WHILE": true, "REPEAT": true}

// word reads one upper-cased word.
func (b *blockTracker) word(w string) {
	switch w {
	case "BEGIN":
		if b.opensBegin() {
			b.push(statementBlock)
		}
	case "CASE":
		if b.inCaseExpression() || b.inExpression() {
			b.push(caseExpression)
		} else {
			b.push(statementBlock)
		}
	case "LOOP":
		b.push(statementBlock)
	case "IF":
		b.openBefore("THEN")
	case "WHILE":
		b.openBefore("DO")
	case "REPEAT":
		if !b.inExpression() && !IsPunct(b.nextCode(), "(") {
			b.push(repeatBlock)
		}
	case "UNTIL":
		if n := len(b.open); n > 0 && b.open[n-1] == repeatBlock {
			b.open[n-1] = repeatUntil
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
		b.push(statementBlock)
		b.i = j
	}
}

// closeBlock reads END: it closes the innermost block, with the word that
// names it (END IF, END LOOP, ...). An END outside any block, or where the
// innermost block cannot end, is a name.
func (b *blockTracker) closeBlock() {
	if b.depth() == 0 || !b.endsBlock() {
		return
	}
	b.open = b.open[:len(b.open)-1]
	if j := b.nextCodeIndex(b.i); j >= 0 && b.toks[j].kind == TokWord && closers[strings.ToUpper(b.toks[j].text)] {
		b.i = j
	}
}

// endsBlock reports whether the END at the cursor can end the innermost
// block: a statement block's after a ';' or its BEGIN (an empty body), a
// CASE expression's or REPEAT's after an expression (not after an operator
// or a word that an expression follows).
func (b *blockTracker) endsBlock() bool {
	p := b.prevCode()
	switch b.open[len(b.open)-1] {
	case caseExpression:
		return !b.inExpression() && !(p.kind == TokWord && caseExpressionWords[strings.ToUpper(p.text)])
	case repeatBlock:
		return false
	case repeatUntil:
		return !b.inExpression()
	}
	return IsPunct(p, ";") || IsWord(p, "BEGIN") || IsWord(p, "ATOMIC")
}

// caseExpressionWords are followed by an expression inside a CASE.
var caseExpressionWords = map[string]bool{"CASE": true, "WHEN": true, "THEN": true, "ELSE": true}

// inCaseExpression reports whether the innermost open block is a CASE
// expression: a CASE inside it is an expression too.
func (b *blockTracker) inCaseExpression() bool {
	return len(b.open) > 0 && b.open[len(b.open)-1] == caseExpression
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
		case stopsCondition[strings.ToUpper(t.text)] && !afterOperator(b.toks, j):
			return -1
		}
	}
	return -1
}

// stopsCondition end the expression a condition could be part of.
var stopsCondition = map[string]bool{"END": true, "ELSE": true, "ELSEIF": true, "WHEN": true}

// afterOperator reports whether the code token before j is an operator,
// '(' or ',': a word there is an operand (an END there is a name).
func afterOperator(toks []Token, j int) bool {
	for k := j - 1; k >= 0; k-- {
		if isCode(toks[k]) {
			p := toks[k]
			return p.kind == TokPunct && p.text != ";" && p.text != ":" && p.text != ")"
		}
	}
	return false
}

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
