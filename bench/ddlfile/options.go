package ddlfile

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// checkOptions checks the table options and references of CREATE TABLE,
// ALTER TABLE and CREATE INDEX text after the table name, and records the
// engines and foreign keys it sees.
func checkOptions(rest []sqlfile.Token, v *verdict) string {
	d := sqlfile.Depths(rest)
	part := partitionClause(rest)
	for i, t := range rest {
		next := sqlfile.NextToken(rest, i)
		tableLevel := d[i] == 0 || (part >= 0 && i > part)
		switch {
		case (sqlfile.IsWord(t, "DATA") || sqlfile.IsWord(t, "INDEX")) && sqlfile.IsWord(next, "DIRECTORY"):
			return strings.ToUpper(t.Text()) + " DIRECTORY is not allowed: it puts files outside the server's data directory"
		case sqlfile.IsWord(t, "REFERENCES"):
			v.foreignKeys = true
			if reason := checkNameAt(rest, i+1, "REFERENCES"); reason != "" {
				return reason
			}
		case tableLevel && sqlfile.IsWord(t, "CONNECTION") && (sqlfile.IsPunct(next, "=") || next.Kind() == sqlfile.TokString):
			return "CONNECTION= is not allowed: it links the table to another server"
		case tableLevel && sqlfile.IsWord(t, "UNION"):
			if reason := checkUnionList(rest, i+1); reason != "" {
				return reason
			}
		case tableLevel && sqlfile.IsWord(t, "ENGINE"):
			if reason := checkEngine(rest, i+1, v); reason != "" {
				return reason
			}
		}
	}
	return qualifiedName(rest)
}

// checkNameAt checks that the table name starting at toks[i] is unqualified.
func checkNameAt(toks []sqlfile.Token, i int, where string) string {
	c := sqlfile.NewCursor(toks[i:])
	_, reason := tableName(c, where)
	return reason
}

// checkUnionList checks the table list of a MERGE table's UNION=(t1, t2).
func checkUnionList(toks []sqlfile.Token, i int) string {
	c := sqlfile.NewCursor(toks[i:])
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
func checkEngine(toks []sqlfile.Token, i int, v *verdict) string {
	if i < len(toks) && sqlfile.IsPunct(toks[i], "=") {
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
func nameOrString(t sqlfile.Token) string {
	if t.Kind() == sqlfile.TokString && len(t.Text()) >= 2 {
		return t.Text()[1 : len(t.Text())-1]
	}
	if sqlfile.IsName(t) {
		return sqlfile.NameOf(t)
	}
	return ""
}

// qualifiedName is the safety net behind the positional checks: it refuses
// any name.name pair outside strings (a schema-qualified table, or a
// qualified reference in an expression). Decimal numbers such as 1.5 are not
// names. A quoted `a.b` is one token and so not qualified.
func qualifiedName(toks []sqlfile.Token) string {
	for i := 1; i+1 < len(toks); i++ {
		prev, next := toks[i-1], toks[i+1]
		if !sqlfile.IsPunct(toks[i], ".") || !sqlfile.IsName(prev) || !sqlfile.IsName(next) || isDecimal(prev, next) {
			continue
		}
		return fmt.Sprintf("schema-qualified name %s.%s: only unqualified names are allowed (the calibration runs in its scratch schema)",
			display(sqlfile.NameOf(prev)), display(sqlfile.NameOf(next)))
	}
	return ""
}

// isDecimal reports whether a '.' between a and b is a decimal point.
func isDecimal(a, b sqlfile.Token) bool {
	return a.Kind() == sqlfile.TokWord && b.Kind() == sqlfile.TokWord && allDigits(a.Text()) && b.Text()[0] >= '0' && b.Text()[0] <= '9'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
