package sqlfile

import "strings"

// Word is one significant token of a statement as a server that runs every
// executable comment reads it (a MySQL server of any version: /*!NNNNN and
// /*M! bodies are read as code, which is what both families do for the
// statements an application sends).
type Word struct {
	// Text is an unquoted word upper-cased, a quoted name unquoted, a
	// string literal as written (quotes included), or one punctuation byte.
	Text string
	// Kind says which of those it is.
	Kind WordKind
	// Depth is the parenthesis depth: a '(' and its ')' are at the outer depth.
	Depth int
}

// WordKind is the kind of a Word.
type WordKind uint8

// Kinds of Word.
const (
	Bare   WordKind = iota // keyword, unquoted name or number
	Quoted                 // quoted name
	String                 // string literal
	Punct                  // punctuation
)

// Outline returns the significant words of one statement (comments
// dropped, executable comments read as code) and the lexical problem that
// stopped the reading, "" when there was none.
func Outline(sql string) ([]Word, string) {
	toks, _ := LexStatement(sql, 1)
	toks = append([]Token(nil), toks...)
	problem := ""
	keep := toks[:0]
	for _, t := range toks {
		switch t.kind {
		case TokIssue:
			problem = t.text
			continue
		case TokCondOpen, TokCondClose:
			continue
		}
		keep = append(keep, t)
	}
	d := Depths(keep)
	out := make([]Word, len(keep))
	for i, t := range keep {
		w := Word{Text: t.text, Depth: d[i]}
		switch t.kind {
		case TokWord:
			w.Text, w.Kind = strings.ToUpper(t.text), Bare
		case TokIdent:
			w.Text, w.Kind = t.val, Quoted
		case TokString:
			w.Kind = String
		default:
			w.Kind = Punct
		}
		out[i] = w
	}
	return out, problem
}
