package sqlfile

import "strings"

// The lexical rules of the server that every reader of SQL text here
// follows: sqlfile's lexer of files and querylog's lexer of logged
// statements (which also cuts numbers and operators, for fingerprints).

// IsWordByte reports bytes of an unquoted name, keyword or number; every
// byte of a multi-byte UTF-8 character counts.
func IsWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// IsSpace reports the bytes the server treats as whitespace besides '\n'.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}

// StartsDashComment reports whether "--" followed by a space, a control
// character or the end of input starts at s[i] (MySQL's rule; '#' starts
// a line comment too).
func StartsDashComment(s string, i int) bool {
	s = s[i:]
	return strings.HasPrefix(s, "--") && (len(s) == 2 || s[2] <= ' ')
}

// QuoteEnd returns the offset just past the quote that closes the quoted
// text starting at s[i] (its opening quote), or -1 when nothing closes it.
// The closing quote doubled stands for itself; with escapes, a backslash
// escapes the next byte.
func QuoteEnd(s string, i int, escapes bool) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == '\\' && escapes:
			j++
		case c == q && j+1 < len(s) && s[j+1] == q:
			j++
		case c == q:
			return j + 1
		}
	}
	return -1
}

// VersionAt reads the 5- or 6-digit version number of an executable
// comment at s[i] (just past /*! or /*M!) and returns it with the offset
// past it; fewer digits are not a version (they are code): 0, i.
func VersionAt(s string, i int) (version, next int) {
	j := i
	for j < len(s) && j-i < 6 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j-i < 5 {
		return 0, i
	}
	v := 0
	for _, d := range s[i:j] {
		v = v*10 + int(d-'0')
	}
	return v, j
}

// UnquoteIdent removes the outer quotes of a quoted name and turns each
// doubled quote character inside into one (two backticks inside become
// one).
func UnquoteIdent(s string) string {
	if len(s) < 2 {
		return ""
	}
	q := s[:1]
	return strings.ReplaceAll(s[1:len(s)-1], q+q, q)
}

// sandboxMarker starts the first line of recent mariadb-dump output
// ("/*M!999999\- enable the sandbox mode */"). The version 999999 is never
// reached, so every server skips it; the text inside (\-) is a mysql client
// command, not SQL. Only this exact opening is read as a plain comment: any
// other /*M!999999 is an executable comment like the others, whose body
// MariaDB's server skips with its own rules (one nested comment inside it
// ends it at the second */).
const sandboxMarker = "/*M!999999\\-"
