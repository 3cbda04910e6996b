package sqlfile

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// The canonical text of one statement: what a live server is sent in place
// of the text a user wrote. It is rebuilt from the tokens this package read
// (docs/safety.md, "send what was judged"): no comment of any kind, the
// executable comments expanded as the server reads them for its version,
// every quoted name re-quoted with backticks and every string re-quoted
// with single quotes, escaping only a quote (doubled), a backslash
// (doubled) and NUL (\0). Whatever the server's lexer would have made of
// the user's comments, quotes and escapes (nested comments, another
// character set, another sql_mode), the canonical text has none of them:
// the server reads the same tokens the tool judged.

// ErrNotCanonical marks a statement whose canonical text cannot be built.
var ErrNotCanonical = errors.New("the statement cannot be sent as the text that was judged")

// Canonical returns the canonical text of one statement as the server of
// flavor f reads it (executable comments it skips are dropped, the others
// expanded; a versioned one is refused while f's version is unknown). It
// refuses a lexical problem, text that is not UTF-8 or holds
// a NUL byte outside a string, and any text whose rebuilt form would not
// read back as the same tokens.
func Canonical(sql string, f flavor.Flavor) (string, error) {
	if !utf8.ValidString(sql) {
		return "", fmt.Errorf("%w: it is not valid UTF-8 (a live connection is utf8mb4)", ErrNotCanonical)
	}
	toks, conds := LexStatement(sql, 1)
	kept, err := canonicalTokens(toks, conds, f)
	if err != nil {
		return "", err
	}
	text := joinCanonical(kept)
	if err := readsBackAs(text, kept); err != nil {
		return "", err
	}
	return text, nil
}

// canonicalTokens are the tokens the server of flavor f runs: comments and
// the executable comments' markers dropped, and the bodies it skips.
func canonicalTokens(toks []Token, conds []CondComment, f flavor.Flavor) ([]Token, error) {
	var kept []Token
	for _, t := range toks {
		switch {
		case t.kind == TokIssue:
			return nil, fmt.Errorf("%w: %s", ErrNotCanonical, t.text)
		case t.kind == TokCondOpen && conds[t.cond].Versioned() && f.Version.IsZero():
			return nil, fmt.Errorf("%w: a versioned executable comment (%s) before the server's version is known", ErrNotCanonical, conds[t.cond])
		case t.kind == TokCondOpen || t.kind == TokCondClose:
			continue
		case t.cond >= 0 && !conds[t.cond].RunsOn(f):
			continue
		}
		kept = append(kept, t)
	}
	return kept, nil
}

// RunsOn reports whether the server of flavor f reads the comment's body
// as code.
func (cc CondComment) RunsOn(f flavor.Flavor) bool {
	return f.RunsExecutableComment(cc.version, cc.mariadbOnly)
}

// joinCanonical writes the tokens, each in its canonical form, with one
// space where the source had anything between them and nothing where they
// touched (1.5, >=, _utf8mb4'x' stay what they are).
func joinCanonical(toks []Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && toks[i-1].end != t.pos {
			b.WriteByte(' ')
		}
		b.WriteString(canonicalForm(t))
	}
	return b.String()
}

// canonicalForm is one token as the canonical text writes it.
func canonicalForm(t Token) string {
	switch t.kind {
	case TokIdent:
		return "`" + strings.ReplaceAll(t.val, "`", "``") + "`"
	case TokString:
		return quoteCanonical(StringValue(t.text))
	}
	return t.text
}

// quoteCanonical quotes a string's value with single quotes: a quote is
// doubled, a backslash doubled, NUL written \0. Under NO_BACKSLASH_ESCAPES
// the text ends at the same quote (a doubled backslash is then two), under
// ANSI_QUOTES single quotes still delimit strings: every sql_mode cuts it
// where the tool does.
func quoteCanonical(v string) string {
	var b strings.Builder
	b.Grow(len(v) + 2)
	b.WriteByte('\'')
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\'':
			b.WriteString("''")
		case '\\':
			b.WriteString(`\\`)
		case 0:
			b.WriteString(`\0`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// StringValue is the value of a string literal's text (quotes included) as
// the server reads it in the default sql_mode: the doubled quote stands for
// one, and the backslash escapes of MySQL and MariaDB (\0 \b \n \r \t \Z
// and \x for x itself) are decoded; \% and \_ keep their backslash, as the
// server keeps it for LIKE patterns.
func StringValue(text string) string {
	if len(text) < 2 {
		return ""
	}
	q, body := text[0], text[1:len(text)-1]
	var b strings.Builder
	b.Grow(len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == q && i+1 < len(body) && body[i+1] == q:
			b.WriteByte(q)
			i++
		case c == '\\' && i+1 < len(body):
			i++
			b.WriteString(unescape(body[i]))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unescape is what the server makes of a backslash followed by the byte
// c: c itself where it escapes nothing, as a byte (the first byte of a
// multibyte character stays that byte, and its other bytes follow).
func unescape(c byte) string {
	switch c {
	case '0':
		return "\x00"
	case 'b':
		return "\b"
	case 'n':
		return "\n"
	case 'r':
		return "\r"
	case 't':
		return "\t"
	case 'Z':
		return "\x1a"
	case '%', '_':
		return `\` + string([]byte{c})
	}
	return string([]byte{c})
}

// readsBackAs checks that the canonical text lexes to the same tokens, in
// every sql_mode that changes lexing, with no comment and no problem.
func readsBackAs(text string, want []Token) error {
	for _, mode := range []SQLMode{{}, {NoBackslashEscapes: true}, {ANSIQuotes: true}} {
		got, conds := Lex(text, mode, 1)
		if len(conds) > 0 {
			return fmt.Errorf("%w: its rebuilt text would hold an executable comment", ErrNotCanonical)
		}
		if !sameTokens(got, want, mode) {
			return fmt.Errorf("%w: its rebuilt text does not read back as the same tokens under %s", ErrNotCanonical, mode)
		}
	}
	return nil
}

// sameTokens compares two token lists by kind and value. Under a mode the
// canonical quoting is not meant for, a string's value may read otherwise
// (NO_BACKSLASH_ESCAPES: \\ is two characters) but it must end where it
// ends in the default mode: the same count and kinds of tokens.
func sameTokens(got, want []Token, mode SQLMode) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.kind != w.kind {
			return false
		}
		switch {
		case g.kind == TokIdent && g.val != w.val:
			return false
		case g.kind == TokString && mode == (SQLMode{}) && StringValue(g.text) != StringValue(w.text):
			return false
		case g.kind == TokWord || g.kind == TokPunct:
			if g.text != w.text {
				return false
			}
		}
	}
	return true
}
