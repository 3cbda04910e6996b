package ddlfile

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// classifySet accepts SET statements whose every assignment is a session
// setting (ignored: the calibration uses its own session) and refuses the
// forms that change the server, an account or run another statement.
func classifySet(c *sqlfile.Cursor) (verdict, string) {
	c.Next()
	if c.Done() {
		return verdict{}, "empty SET statement"
	}
	for _, a := range sqlfile.SplitTopLevel(c.Rest(), ",") {
		if reason := sessionAssignment(a); reason != "" {
			return verdict{}, reason
		}
	}
	return verdict{action: actIgnore, kind: kindSet}, ""
}

// setRefusals are the SET forms that are not session settings.
var setRefusals = map[string]string{
	"GLOBAL":       "SET GLOBAL changes a server-wide setting",
	"PERSIST":      "SET PERSIST changes a server-wide setting",
	"PERSIST_ONLY": "SET PERSIST_ONLY changes a server-wide setting",
	"PASSWORD":     "SET PASSWORD changes an account",
	"ROLE":         "SET ROLE changes the session's privileges",
	"DEFAULT":      "SET DEFAULT ROLE changes an account",
	"STATEMENT":    "SET STATEMENT ... FOR runs another statement",
	"TRANSACTION":  "SET TRANSACTION is not a session setting",
	"RESOURCE":     "SET RESOURCE GROUP is not a session setting",
}

// sessionScopes introduce an assignment that only affects the session.
var sessionScopes = map[string]bool{"SESSION": true, "LOCAL": true, "NAMES": true, "CHARSET": true}

// sessionAssignment checks one assignment of a SET statement.
func sessionAssignment(a []sqlfile.Token) string {
	c := sqlfile.NewCursor(a)
	first := c.Peek(0)
	switch {
	case len(a) == 0:
		return "empty assignment in SET"
	case sqlfile.IsPunct(first, "@") && c.IsPunct(1, "@"):
		return systemVariable(c)
	case sqlfile.IsPunct(first, "@"):
		return "" // user variable
	case first.Kind() != sqlfile.TokWord:
		return "unrecognised SET form: SET " + sqlfile.QuoteShort(first.Text())
	}
	word := strings.ToUpper(first.Text())
	if reason, ok := setRefusals[word]; ok {
		return reason
	}
	if sessionScopes[word] || c.IsWord(0, "CHARACTER") && c.IsWord(1, "SET") {
		return ""
	}
	if c.IsPunct(1, "=") || (c.IsPunct(1, ":") && c.IsPunct(2, "=")) || c.IsPunct(1, ".") {
		return "" // plain variable name: session scope
	}
	return "unrecognised SET form: SET " + first.Text()
}

// systemVariable checks SET @@[scope.]name: @@global. and @@persist. are
// refused, @@session., @@local. and plain @@name are session settings.
func systemVariable(c *sqlfile.Cursor) string {
	if c.IsPunct(3, ".") {
		scope := strings.ToUpper(c.Peek(2).Text())
		switch scope {
		case "GLOBAL", "PERSIST", "PERSIST_ONLY":
			return "SET @@" + strings.ToLower(scope) + ". changes a server-wide setting"
		}
	}
	return ""
}
