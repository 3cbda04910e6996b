package stmt

import "strings"

// QuoteIdent quotes a MySQL identifier with backticks.
func QuoteIdent(name string) string {
	out := []byte{'`'}
	for i := 0; i < len(name); i++ {
		if name[i] == '`' {
			out = append(out, '`')
		}
		out = append(out, name[i])
	}
	return string(append(out, '`'))
}

// QuoteString quotes s as an SQL string literal that reads the same with
// and without NO_BACKSLASH_ESCAPES... as long as s holds no backslash under
// that mode; backslashes are doubled for the default mode.
func QuoteString(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// QuoteStrings quotes each of ss (QuoteString) and joins them with ", ",
// for an IN list sent as a plain statement.
func QuoteStrings(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = QuoteString(s)
	}
	return strings.Join(q, ", ")
}
