package ddlfile

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// display quotes a name from the file for messages; names with unprintable
// characters are shown Go-quoted so they cannot disturb a terminal.
func display(name string) string {
	if strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 || !utf8.ValidString(name) {
		return strconv.Quote(name)
	}
	return stmt.QuoteIdent(name)
}

// quoteShort shows a piece of source text in a message: Go-quoted, at most
// 24 characters (as sqlfile's messages show it).
func quoteShort(s string) string {
	const n = 24
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n]) + "..."
	}
	return strconv.Quote(s)
}

// plural returns "1 thing" or "n things".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// listNames joins up to five names and counts the rest.
func listNames(names []string) string {
	const shown = 5
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:shown], ", ") + fmt.Sprintf(" and %d more", len(names)-shown)
}
