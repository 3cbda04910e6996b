package ddlfile

import (
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// classify decides what a statement is from its significant tokens. A
// non-empty reason means the statement is refused.
func classify(toks []sqlfile.Token) (v verdict, reason string) {
	if len(toks) == 0 {
		return verdict{action: actEmpty}, ""
	}
	c := sqlfile.NewCursor(toks)
	switch {
	case c.IsWord(0, "CREATE"):
		v, reason = classifyCreate(c)
	case c.IsWord(0, "ALTER"):
		v, reason = classifyAlter(c)
	default:
		return classifyOther(c)
	}
	if reason == "" && v.action == actRun {
		reason = parenProblem(toks)
	}
	if reason != "" {
		return verdict{}, reason
	}
	return v, ""
}

// classifyOther classifies the statements that never run: the ignored ones
// and those refused outright.
func classifyOther(c *sqlfile.Cursor) (verdict, string) {
	switch {
	case c.IsWord(0, "DROP"):
		return classifyDrop(c)
	case c.IsWord(0, "SET"):
		return classifySet(c)
	case c.AcceptWords("LOCK", "TABLES"), c.AcceptWords("LOCK", "TABLE"),
		c.AcceptWords("UNLOCK", "TABLES"), c.AcceptWords("UNLOCK", "TABLE"):
		return verdict{action: actIgnore, kind: kindLockTables}, ""
	}
	return verdict{}, notTableDDL(c.Tokens())
}

// parenProblem returns why the parentheses of a statement that runs do not
// balance (the server would reject it, and an appended table clause would
// land inside the open parenthesis), or "".
func parenProblem(toks []sqlfile.Token) string {
	depth := 0
	for _, t := range toks {
		switch {
		case sqlfile.IsPunct(t, "("):
			depth++
		case sqlfile.IsPunct(t, ")"):
			depth--
			if depth < 0 {
				return "unbalanced parentheses: ')' without '('"
			}
		}
	}
	if depth > 0 {
		return "unbalanced parentheses: '(' not closed"
	}
	return ""
}

// hints say how to get a dump without the refused statement.
var hints = map[string]string{
	"PREPARE":    "remove the RocksDB bulk-load preamble Percona Server's mysqldump adds",
	"EXECUTE":    "remove the RocksDB bulk-load preamble Percona Server's mysqldump adds",
	"DEALLOCATE": "remove the RocksDB bulk-load preamble Percona Server's mysqldump adds",
}

// notTableDDL is the refusal of a statement of a kind --ddl-file never runs.
func notTableDDL(toks []sqlfile.Token) string {
	desc := sqlfile.Describe(toks)
	reason := desc + " is not table DDL (" + allowedHint + ")"
	if h, ok := hints[desc]; ok {
		reason += "; " + h
	}
	return reason
}

// classifyCreate handles CREATE [OR REPLACE] ... TABLE / INDEX.
func classifyCreate(c *sqlfile.Cursor) (verdict, string) {
	c.Next()
	c.AcceptWords("OR", "REPLACE")
	if c.IsWord(0, "TEMPORARY") {
		return verdict{}, "CREATE TEMPORARY TABLE is not allowed (temporary tables are not what the calibration measures)"
	}
	if c.AcceptWord("TABLE") {
		return createTable(c)
	}
	c.AcceptAnyWord("ONLINE", "OFFLINE")
	c.AcceptAnyWord("UNIQUE", "FULLTEXT", "SPATIAL")
	if c.AcceptWord("INDEX") {
		return createIndex(c)
	}
	return verdict{}, notTableDDL(c.Tokens())
}

// createTable handles the rest of CREATE TABLE [IF NOT EXISTS] name ...
func createTable(c *sqlfile.Cursor) (verdict, string) {
	c.AcceptWords("IF", "NOT", "EXISTS")
	name, reason := tableName(c, "CREATE TABLE")
	if reason != "" {
		return verdict{}, reason
	}
	v := verdict{action: actRun, kind: kindCreateTable, table: name}
	if isLike(c) {
		return createTableLike(c, v)
	}
	rest := c.Rest()
	if reason := copiesData(rest); reason != "" {
		return verdict{}, reason
	}
	if reason := checkOptions(rest, &v); reason != "" {
		return verdict{}, reason
	}
	v.partitioned = partitionClause(rest) >= 0
	v.noClause = !endsCleanly(rest)
	return v, ""
}

// endsCleanly reports whether a table option can follow the last token of a
// CREATE TABLE as a new option: after a name, a string, a number or ')', but
// not after punctuation such as '.' or '=' that would join the two.
func endsCleanly(rest []sqlfile.Token) bool {
	if len(rest) == 0 {
		return true
	}
	last := rest[len(rest)-1]
	return last.Kind() != sqlfile.TokPunct || last.Text() == ")"
}

// isLike reports whether the cursor is at LIKE y or (LIKE y).
func isLike(c *sqlfile.Cursor) bool {
	return c.IsWord(0, "LIKE") || (c.IsPunct(0, "(") && c.IsWord(1, "LIKE"))
}

// createTableLike handles CREATE TABLE x LIKE y and CREATE TABLE x (LIKE y).
func createTableLike(c *sqlfile.Cursor, v verdict) (verdict, string) {
	paren := c.IsPunct(0, "(")
	if paren {
		c.Next()
	}
	c.Next()
	src, reason := tableName(c, "LIKE")
	if reason != "" {
		return verdict{}, reason
	}
	if paren && !c.IsPunct(0, ")") {
		return verdict{}, "missing ) after (LIKE " + display(src)
	}
	if paren {
		c.Next()
	}
	if !c.Done() {
		return verdict{}, "unexpected text after CREATE TABLE ... LIKE " + display(src)
	}
	v.target, v.like = src, true
	return v, ""
}

// queryWords start the query of CREATE TABLE ... [AS] SELECT / TABLE / VALUES.
var queryWords = []string{"SELECT", "AS", "IGNORE", "REPLACE", "TABLE", "VALUES"}

// copiesData returns a refusal when the rest of a CREATE TABLE holds a query
// (CREATE TABLE ... [IGNORE|REPLACE] [AS] SELECT/TABLE/VALUES/WITH).
func copiesData(rest []sqlfile.Token) string {
	const reason = "CREATE TABLE ... SELECT copies data (DML): only plain CREATE TABLE is allowed"
	d := sqlfile.Depths(rest)
	for i, t := range rest {
		if sqlfile.IsWord(t, "SELECT") {
			return reason
		}
		atTop := d[i] == 0 || (d[i] == 1 && i > 0 && sqlfile.IsPunct(rest[i-1], "("))
		if !atTop {
			continue
		}
		for _, w := range queryWords {
			if sqlfile.IsWord(t, w) {
				return reason
			}
		}
		if sqlfile.IsWord(t, "WITH") && !sqlfile.IsWord(sqlfile.NextToken(rest, i), "SYSTEM") {
			return reason
		}
	}
	return ""
}

// createIndex handles the rest of CREATE ... INDEX [IF NOT EXISTS] i ... ON t (...).
func createIndex(c *sqlfile.Cursor) (verdict, string) {
	c.AcceptWords("IF", "NOT", "EXISTS")
	// Everything before the cursor is words (CREATE ... INDEX IF NOT
	// EXISTS): the rest's depths are the statement's.
	rest := c.Rest()
	d := sqlfile.Depths(rest)
	for k := 0; k < len(rest) && !(d[k] == 0 && c.IsWord(0, "ON")); k++ {
		c.Next()
	}
	if !c.AcceptWord("ON") {
		return verdict{}, "CREATE INDEX without ON table"
	}
	table, reason := tableName(c, "CREATE INDEX ... ON")
	if reason != "" {
		return verdict{}, reason
	}
	v := verdict{action: actRun, kind: kindCreateIndex, target: table}
	if reason := checkOptions(c.Rest(), &v); reason != "" {
		return verdict{}, reason
	}
	return v, ""
}

// classifyAlter handles ALTER [ONLINE|OFFLINE] [IGNORE] TABLE [IF EXISTS] t ...
func classifyAlter(c *sqlfile.Cursor) (verdict, string) {
	c.Next()
	c.AcceptAnyWord("ONLINE", "OFFLINE")
	c.AcceptWord("IGNORE")
	if !c.AcceptWord("TABLE") {
		return verdict{}, notTableDDL(c.Tokens())
	}
	c.AcceptWords("IF", "EXISTS")
	table, reason := tableName(c, "ALTER TABLE")
	if reason != "" {
		return verdict{}, reason
	}
	rest := c.Rest()
	if reason := changesNames(rest); reason != "" {
		return verdict{}, reason
	}
	v := verdict{action: actRun, kind: kindAlterTable, target: table}
	if reason := checkOptions(rest, &v); reason != "" {
		return verdict{}, reason
	}
	return v, ""
}

// changesNames refuses ALTER TABLE clauses that rename things or move rows
// between tables: the calibration drops by the names it saw created.
func changesNames(rest []sqlfile.Token) string {
	d := sqlfile.Depths(rest)
	for i, t := range rest {
		switch {
		case sqlfile.IsWord(t, "RENAME"):
			return "RENAME in ALTER TABLE is not allowed: table, column and index names must stay stable"
		case d[i] == 0 && sqlfile.IsWord(t, "EXCHANGE"):
			return "ALTER TABLE ... EXCHANGE PARTITION is not allowed: it swaps rows with another table"
		case d[i] == 0 && sqlfile.IsWord(t, "CONVERT") && (sqlfile.IsWord(sqlfile.NextToken(rest, i), "PARTITION") || sqlfile.IsWord(sqlfile.NextToken(rest, i), "TABLE")):
			return "ALTER TABLE ... CONVERT PARTITION/TABLE is not allowed: it creates or absorbs another table"
		}
	}
	return ""
}

// classifyDrop handles DROP [TEMPORARY] TABLE [IF EXISTS] t1[, t2] (ignored:
// the calibration drops what it creates itself); every other DROP is refused.
func classifyDrop(c *sqlfile.Cursor) (verdict, string) {
	c.Next()
	c.AcceptWord("TEMPORARY")
	if !c.AcceptAnyWord("TABLE", "TABLES") {
		return verdict{}, notTableDDL(c.Tokens())
	}
	c.AcceptWords("IF", "EXISTS")
	for {
		if _, reason := tableName(c, "DROP TABLE"); reason != "" {
			return verdict{}, reason
		}
		if !c.IsPunct(0, ",") {
			break
		}
		c.Next()
	}
	c.AcceptAnyWord("RESTRICT", "CASCADE", "NOWAIT")
	if c.AcceptWord("WAIT") {
		c.Next()
	}
	if !c.Done() {
		return verdict{}, "unexpected text after DROP TABLE list: " + c.Peek(0).Text()
	}
	return verdict{action: actIgnore, kind: kindDropTable}, ""
}
