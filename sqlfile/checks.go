package sqlfile

import (
	"fmt"
	"strings"
)

// classifySet accepts SET statements whose every assignment is a session
// setting (ignored: the calibration uses its own session) and refuses the
// forms that change the server, an account or run another statement.
func classifySet(c *Cursor) (verdict, string) {
	c.Next()
	if c.Done() {
		return verdict{}, "empty SET statement"
	}
	for _, a := range SplitTopLevel(c.Rest(), ",") {
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
func sessionAssignment(a []Token) string {
	c := &Cursor{toks: a}
	first := c.Peek(0)
	switch {
	case len(a) == 0:
		return "empty assignment in SET"
	case IsPunct(first, "@") && c.IsPunct(1, "@"):
		return systemVariable(c)
	case IsPunct(first, "@"):
		return "" // user variable
	case first.kind != TokWord:
		return "unrecognised SET form: SET " + quoteShort(first.text)
	}
	word := strings.ToUpper(first.text)
	if reason, ok := setRefusals[word]; ok {
		return reason
	}
	if sessionScopes[word] || c.IsWord(0, "CHARACTER") && c.IsWord(1, "SET") {
		return ""
	}
	if c.IsPunct(1, "=") || (c.IsPunct(1, ":") && c.IsPunct(2, "=")) || c.IsPunct(1, ".") {
		return "" // plain variable name: session scope
	}
	return "unrecognised SET form: SET " + first.text
}

// systemVariable checks SET @@[scope.]name: @@global. and @@persist. are
// refused, @@session., @@local. and plain @@name are session settings.
func systemVariable(c *Cursor) string {
	if c.IsPunct(3, ".") {
		scope := strings.ToUpper(c.Peek(2).text)
		switch scope {
		case "GLOBAL", "PERSIST", "PERSIST_ONLY":
			return "SET @@" + strings.ToLower(scope) + ". changes a server-wide setting"
		}
	}
	return ""
}

// checkOptions checks the table options and references of CREATE TABLE,
// ALTER TABLE and CREATE INDEX text after the table name, and records the
// engines and foreign keys it sees.
func checkOptions(rest []Token, v *verdict) string {
	d := Depths(rest)
	part := partitionClause(rest)
	for i, t := range rest {
		next := NextToken(rest, i)
		tableLevel := d[i] == 0 || (part >= 0 && i > part)
		switch {
		case (IsWord(t, "DATA") || IsWord(t, "INDEX")) && IsWord(next, "DIRECTORY"):
			return strings.ToUpper(t.text) + " DIRECTORY is not allowed: it puts files outside the server's data directory"
		case IsWord(t, "REFERENCES"):
			v.foreignKeys = true
			if reason := checkNameAt(rest, i+1, "REFERENCES"); reason != "" {
				return reason
			}
		case tableLevel && IsWord(t, "CONNECTION") && (IsPunct(next, "=") || next.kind == TokString):
			return "CONNECTION= is not allowed: it links the table to another server"
		case tableLevel && IsWord(t, "UNION"):
			if reason := checkUnionList(rest, i+1); reason != "" {
				return reason
			}
		case tableLevel && IsWord(t, "ENGINE"):
			if reason := checkEngine(rest, i+1, v); reason != "" {
				return reason
			}
		}
	}
	return qualifiedName(rest)
}

// checkNameAt checks that the table name starting at toks[i] is unqualified.
func checkNameAt(toks []Token, i int, where string) string {
	c := &Cursor{toks: toks, i: i}
	_, reason := tableName(c, where)
	return reason
}

// checkUnionList checks the table list of a MERGE table's UNION=(t1, t2).
func checkUnionList(toks []Token, i int) string {
	c := &Cursor{toks: toks, i: i}
	if c.IsPunct(0, "=") {
		c.Next()
	}
	if !c.IsPunct(0, "(") {
		return ""
	}
	c.Next()
	for !c.Done() && !c.IsPunct(0, ")") {
		if _, reason := tableName(c, "UNION=("); reason != "" {
			return reason
		}
		if c.IsPunct(0, ",") {
			c.Next()
		}
	}
	return ""
}

// knownEngines are engine names recognised after ENGINE without '='; with
// '=' any name counts.
var knownEngines = map[string]bool{"INNODB": true, "MYISAM": true, "MEMORY": true, "HEAP": true,
	"CSV": true, "ARCHIVE": true, "BLACKHOLE": true, "MERGE": true, "MRG_MYISAM": true, "ARIA": true,
	"ROCKSDB": true, "TOKUDB": true, "NDB": true, "NDBCLUSTER": true, "FEDERATED": true, "CONNECT": true,
	"SPIDER": true, "S3": true, "COLUMNSTORE": true, "MROONGA": true, "SPHINX": true, "OQGRAPH": true,
	"SEQUENCE": true, "EXAMPLE": true}

// outsideEngines reach outside the server's data directory or the server.
var outsideEngines = map[string]string{
	"FEDERATED": "links the table to another server",
	"CONNECT":   "reads and writes files and remote sources outside the data directory",
	"SPIDER":    "links the table to other servers",
}

// checkEngine reads the engine name after ENGINE (toks[i] is '=' or the name).
func checkEngine(toks []Token, i int, v *verdict) string {
	if i < len(toks) && IsPunct(toks[i], "=") {
		i++
	} else if i >= len(toks) || !knownEngines[strings.ToUpper(nameOrString(toks[i]))] {
		return "" // a column named engine, not the table option
	}
	if i >= len(toks) {
		return ""
	}
	engine := nameOrString(toks[i])
	upper := strings.ToUpper(engine)
	if why, ok := outsideEngines[upper]; ok {
		return fmt.Sprintf("ENGINE=%s is not allowed: it %s", engine, why)
	}
	if upper != "INNODB" && engine != "" {
		v.engines = append(v.engines, engine)
	}
	return ""
}

// nameOrString returns the identifier or the string contents of t.
func nameOrString(t Token) string {
	if t.kind == TokString && len(t.text) >= 2 {
		return t.text[1 : len(t.text)-1]
	}
	if IsName(t) {
		return NameOf(t)
	}
	return ""
}

// qualifiedName is the safety net behind the positional checks: it refuses
// any name.name pair outside strings (a schema-qualified table, or a
// qualified reference in an expression). Decimal numbers such as 1.5 are not
// names. A quoted `a.b` is one token and so not qualified.
func qualifiedName(toks []Token) string {
	for i := 1; i+1 < len(toks); i++ {
		prev, next := toks[i-1], toks[i+1]
		if !IsPunct(toks[i], ".") || !IsName(prev) || !IsName(next) || isDecimal(prev, next) {
			continue
		}
		return fmt.Sprintf("schema-qualified name %s.%s: only unqualified names are allowed (the calibration runs in its scratch schema)",
			display(NameOf(prev)), display(NameOf(next)))
	}
	return ""
}

// isDecimal reports whether a '.' between a and b is a decimal point.
func isDecimal(a, b Token) bool {
	return a.kind == TokWord && b.kind == TokWord && allDigits(a.text) && b.text[0] >= '0' && b.text[0] <= '9'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
