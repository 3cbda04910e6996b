package ddlfile

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// action is what the calibration does with a statement.
type action uint8

const (
	actEmpty  action = iota // nothing to run (only comments, or skipped code)
	actRun                  // run in every round
	actIgnore               // not run, counted in the notes
)

// Statement kinds.
const (
	kindCreateTable = "CREATE TABLE"
	kindCreateIndex = "CREATE INDEX"
	kindAlterTable  = "ALTER TABLE"
	kindSet         = "SET"
	kindDropTable   = "DROP TABLE"
	kindLockTables  = "LOCK/UNLOCK TABLES"
)

// verdict is the classification of one reading of a statement.
type verdict struct {
	action      action
	kind        string
	table       string   // table a CREATE TABLE creates
	target      string   // existing table used: ALTER TABLE / CREATE INDEX target, LIKE source
	like        bool     // CREATE TABLE ... LIKE
	partitioned bool     // CREATE TABLE with a partition clause
	noClause    bool     // appending a table option would not be valid (see endsCleanly, classifyRun)
	engines     []string // storage engines other than InnoDB it names
	foreignKeys bool     // it declares a foreign key
}

// same reports whether two readings of a statement do the same thing as far
// as safety goes: same kind, same tables.
func (v verdict) same(o verdict) bool {
	return v.action == o.action && v.kind == o.kind && v.table == o.table && v.target == o.target
}

// allowedHint lists what --ddl-file accepts, for refusal messages.
const allowedHint = "only CREATE TABLE, CREATE INDEX and ALTER TABLE run; session SET, DROP TABLE and LOCK/UNLOCK TABLES are ignored"

// tableName reads a table name at the cursor: an unqualified bare word or
// quoted identifier.
func tableName(c *sqlfile.Cursor, where string) (string, string) {
	t := c.Next()
	switch {
	case sqlfile.IsPunct(t, "."):
		return "", fmt.Sprintf("schema-qualified table name .%s after %s: only unqualified names are allowed (the calibration runs in its scratch schema)", display(sqlfile.NameOf(c.Peek(0))), where)
	case t.Kind() == sqlfile.TokString:
		return "", fmt.Sprintf("table name %s after %s is a string, not an identifier (use backticks)", sqlfile.QuoteShort(t.Text()), where)
	case !sqlfile.IsName(t):
		return "", "missing table name after " + where
	}
	name := sqlfile.NameOf(t)
	if c.IsPunct(0, ".") {
		return "", fmt.Sprintf("schema-qualified table name %s.%s after %s: only unqualified names are allowed (the calibration runs in its scratch schema)",
			display(name), display(sqlfile.NameOf(c.Peek(1))), where)
	}
	if name == "" {
		return "", "empty table name after " + where
	}
	if strings.IndexByte(name, 0) >= 0 {
		return "", "table name with a NUL byte after " + where
	}
	return name, ""
}

// partitionClause returns the index of PARTITION BY at the top level of the
// rest of a CREATE TABLE, or -1.
func partitionClause(rest []sqlfile.Token) int {
	d := sqlfile.Depths(rest)
	for i, t := range rest {
		if d[i] == 0 && sqlfile.IsWord(t, "PARTITION") && sqlfile.IsWord(sqlfile.NextToken(rest, i), "BY") {
			return i
		}
	}
	return -1
}
