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

// listNames joins up to five names and counts the rest.
func listNames(names []string) string {
	const shown = 5
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:shown], ", ") + fmt.Sprintf(" and %d more", len(names)-shown)
}
