package sqlfile

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxReported bounds the refused statements an error lists.
const maxReported = 10

// excerptLen is the length, in characters, of RejectError.Statement.
const excerptLen = 80

// ErrRejected matches, with errors.Is, every refusal of a DDL file: the CLI
// exits 2 on it.
var ErrRejected = errors.New("DDL file refused")

// RejectError is a refused DDL file: the statement, where it starts and why.
type RejectError struct {
	File      string
	Line      int    // line of the statement's first token; 0 for the whole file
	Statement string // first 80 characters, whitespace collapsed
	Reason    string
}

// Error returns "file:line: refused: reason: statement".
func (e *RejectError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	s += ": refused: " + e.Reason
	if e.Statement != "" {
		s += ": " + e.Statement
	}
	return s
}

// Is makes errors.Is(err, ErrRejected) true.
func (e *RejectError) Is(target error) bool { return target == ErrRejected }

// Excerpt returns the first excerptLen characters of a statement with its
// whitespace collapsed and unprintable characters replaced.
func Excerpt(sql string) string {
	s := strings.Join(strings.Fields(strings.ToValidUTF8(sql, "?")), " ")
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
	if utf8.RuneCountInString(s) <= excerptLen {
		return s
	}
	return string([]rune(s)[:excerptLen])
}

// QuoteShort shows a piece of source text in a message: Go-quoted, at most
// 24 characters.
func QuoteShort(s string) string {
	const n = 24
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n]) + "..."
	}
	return strconv.Quote(s)
}

// Plural returns "1 thing" or "n things".
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// JoinRejects joins refusals in line order, at most maxReported of them,
// then a count of the rest.
func JoinRejects(file string, rejects []*RejectError) error {
	sortByLine(rejects)
	errs := make([]error, 0, maxReported+1)
	for _, e := range rejects[:min(len(rejects), maxReported)] {
		errs = append(errs, e)
	}
	if n := len(rejects) - maxReported; n > 0 {
		errs = append(errs, fmt.Errorf("%s: %d more refused statements not shown", file, n))
	}
	return errors.Join(errs...)
}

// sortByLine orders refusals by their line (the splitter's and the
// statements' come separately).
func sortByLine(rs []*RejectError) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Line < rs[j].Line })
}

// joinLines merges two lists of refusals in line order.
func joinLines(a, b []*RejectError) []*RejectError {
	out := append(append([]*RejectError{}, a...), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}
