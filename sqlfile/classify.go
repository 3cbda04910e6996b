package sqlfile

import (
	"fmt"
	"strings"
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

// classify decides what a statement is from its significant tokens. A
// non-empty reason means the statement is refused.
func classify(toks []Token) (v verdict, reason string) {
	if len(toks) == 0 {
		return verdict{action: actEmpty}, ""
	}
	c := &Cursor{toks: toks}
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
func classifyOther(c *Cursor) (verdict, string) {
	switch {
	case c.IsWord(0, "DROP"):
		return classifyDrop(c)
	case c.IsWord(0, "SET"):
		return classifySet(c)
	case c.AcceptWords("LOCK", "TABLES"), c.AcceptWords("LOCK", "TABLE"),
		c.AcceptWords("UNLOCK", "TABLES"), c.AcceptWords("UNLOCK", "TABLE"):
		return verdict{action: actIgnore, kind: kindLockTables}, ""
	}
	return verdict{}, notTableDDL(c.toks)
}

// parenProblem returns why the parentheses of a statement that runs do not
// balance (the server would reject it, and an appended table clause would
// land inside the open parenthesis), or "".
func parenProblem(toks []Token) string {
	depth := 0
	for _, t := range toks {
		switch {
		case IsPunct(t, "("):
			depth++
		case IsPunct(t, ")"):
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

// objectWords are the words naming what a CREATE, ALTER or DROP acts on.
var objectWords = []string{"TABLE", "TABLES", "INDEX", "VIEW", "TRIGGER", "PROCEDURE", "FUNCTION",
	"EVENT", "USER", "ROLE", "DATABASE", "SCHEMA", "TABLESPACE", "SERVER", "SEQUENCE", "PACKAGE",
	"LOGFILE", "INSTANCE", "SYNONYM", "SYSTEM", "RESOURCE"}

// hints say how to get a dump without the refused statement.
var hints = map[string]string{
	"PREPARE":    "remove the RocksDB bulk-load preamble Percona Server's mysqldump adds",
	"EXECUTE":    "remove the RocksDB bulk-load preamble Percona Server's mysqldump adds",
	"DEALLOCATE": "remove the RocksDB bulk-load preamble Percona Server's mysqldump adds",
}

// notTableDDL is the refusal of a statement of a kind --ddl-file never runs.
func notTableDDL(toks []Token) string {
	desc := Describe(toks)
	reason := desc + " is not table DDL (" + allowedHint + ")"
	if h, ok := hints[desc]; ok {
		reason += "; " + h
	}
	return reason
}

// Describe names a statement by its leading keyword and, for CREATE, ALTER
// and DROP, the kind of object (e.g. "DROP DATABASE", "CREATE VIEW").
func Describe(toks []Token) string {
	first := toks[0]
	if first.kind != TokWord {
		return "statement starting with " + quoteShort(first.text)
	}
	verb := strings.ToUpper(first.text)
	if verb != "CREATE" && verb != "ALTER" && verb != "DROP" {
		return verb
	}
	for _, t := range toks[1:min(len(toks), 16)] {
		for _, w := range objectWords {
			if IsWord(t, w) {
				return verb + " " + w
			}
		}
	}
	return verb
}

// classifyCreate handles CREATE [OR REPLACE] ... TABLE / INDEX.
func classifyCreate(c *Cursor) (verdict, string) {
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
	return verdict{}, notTableDDL(c.toks)
}

// tableName reads a table name at the cursor: an unqualified bare word or
// quoted identifier.
func tableName(c *Cursor, where string) (string, string) {
	t := c.Next()
	switch {
	case IsPunct(t, "."):
		return "", fmt.Sprintf("schema-qualified table name .%s after %s: only unqualified names are allowed (the calibration runs in its scratch schema)", display(NameOf(c.Peek(0))), where)
	case t.kind == TokString:
		return "", fmt.Sprintf("table name %s after %s is a string, not an identifier (use backticks)", quoteShort(t.text), where)
	case !IsName(t):
		return "", "missing table name after " + where
	}
	name := NameOf(t)
	if c.IsPunct(0, ".") {
		return "", fmt.Sprintf("schema-qualified table name %s.%s after %s: only unqualified names are allowed (the calibration runs in its scratch schema)",
			display(name), display(NameOf(c.Peek(1))), where)
	}
	if name == "" {
		return "", "empty table name after " + where
	}
	if strings.IndexByte(name, 0) >= 0 {
		return "", "table name with a NUL byte after " + where
	}
	return name, ""
}

// createTable handles the rest of CREATE TABLE [IF NOT EXISTS] name ...
func createTable(c *Cursor) (verdict, string) {
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
func endsCleanly(rest []Token) bool {
	if len(rest) == 0 {
		return true
	}
	last := rest[len(rest)-1]
	return last.kind != TokPunct || last.text == ")"
}

// isLike reports whether the cursor is at LIKE y or (LIKE y).
func isLike(c *Cursor) bool {
	return c.IsWord(0, "LIKE") || (c.IsPunct(0, "(") && c.IsWord(1, "LIKE"))
}

// createTableLike handles CREATE TABLE x LIKE y and CREATE TABLE x (LIKE y).
func createTableLike(c *Cursor, v verdict) (verdict, string) {
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
func copiesData(rest []Token) string {
	const reason = "CREATE TABLE ... SELECT copies data (DML): only plain CREATE TABLE is allowed"
	d := Depths(rest)
	for i, t := range rest {
		if IsWord(t, "SELECT") {
			return reason
		}
		atTop := d[i] == 0 || (d[i] == 1 && i > 0 && IsPunct(rest[i-1], "("))
		if !atTop {
			continue
		}
		for _, w := range queryWords {
			if IsWord(t, w) {
				return reason
			}
		}
		if IsWord(t, "WITH") && !IsWord(NextToken(rest, i), "SYSTEM") {
			return reason
		}
	}
	return ""
}

// partitionClause returns the index of PARTITION BY at the top level of the
// rest of a CREATE TABLE, or -1.
func partitionClause(rest []Token) int {
	d := Depths(rest)
	for i, t := range rest {
		if d[i] == 0 && IsWord(t, "PARTITION") && IsWord(NextToken(rest, i), "BY") {
			return i
		}
	}
	return -1
}

// createIndex handles the rest of CREATE ... INDEX [IF NOT EXISTS] i ... ON t (...).
func createIndex(c *Cursor) (verdict, string) {
	c.AcceptWords("IF", "NOT", "EXISTS")
	d := Depths(c.toks)
	for c.i < len(c.toks) && !(d[c.i] == 0 && c.IsWord(0, "ON")) {
		c.i++
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
func classifyAlter(c *Cursor) (verdict, string) {
	c.Next()
	c.AcceptAnyWord("ONLINE", "OFFLINE")
	c.AcceptWord("IGNORE")
	if !c.AcceptWord("TABLE") {
		return verdict{}, notTableDDL(c.toks)
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
func changesNames(rest []Token) string {
	d := Depths(rest)
	for i, t := range rest {
		switch {
		case IsWord(t, "RENAME"):
			return "RENAME in ALTER TABLE is not allowed: table, column and index names must stay stable"
		case d[i] == 0 && IsWord(t, "EXCHANGE"):
			return "ALTER TABLE ... EXCHANGE PARTITION is not allowed: it swaps rows with another table"
		case d[i] == 0 && IsWord(t, "CONVERT") && (IsWord(NextToken(rest, i), "PARTITION") || IsWord(NextToken(rest, i), "TABLE")):
			return "ALTER TABLE ... CONVERT PARTITION/TABLE is not allowed: it creates or absorbs another table"
		}
	}
	return ""
}

// classifyDrop handles DROP [TEMPORARY] TABLE [IF EXISTS] t1[, t2] (ignored:
// the calibration drops what it creates itself); every other DROP is refused.
func classifyDrop(c *Cursor) (verdict, string) {
	c.Next()
	c.AcceptWord("TEMPORARY")
	if !c.AcceptAnyWord("TABLE", "TABLES") {
		return verdict{}, notTableDDL(c.toks)
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
		return verdict{}, "unexpected text after DROP TABLE list: " + c.Peek(0).text
	}
	return verdict{action: actIgnore, kind: kindDropTable}, ""
}
