package sqlfile

import (
	"strings"
)

// createKinds maps the word after CREATE (and its modifiers) to the kind of
// object it creates.
var createKinds = map[string]Kind{
	"TABLE": KindTable, "SEQUENCE": KindTable, "VIEW": KindView, "PROCEDURE": KindProcedure,
	"FUNCTION": KindFunction, "TRIGGER": KindTrigger, "EVENT": KindEvent,
}

// create reads a CREATE statement.
func (r *dumpReader) create(c *cursor, st statement) string {
	c.next()
	c.acceptWords("OR", "REPLACE")
	skipCreateModifiers(c)
	word := strings.ToUpper(c.peek(0).text)
	switch {
	case word == "DATABASE" || word == "SCHEMA":
		return r.createSchema(c, st)
	case word == "INDEX":
		return r.createIndex(c, st)
	case word == "TEMPORARY":
		return "CREATE TEMPORARY TABLE is not part of a schema"
	case word == "USER" || word == "ROLE":
		r.setAside("account statement")
		return ""
	}
	kind, ok := createKinds[word]
	if !ok || c.peek(0).kind != tokWord {
		return describe(st.toks) + " is not a schema object the reader knows"
	}
	c.next()
	c.acceptWords("IF", "NOT", "EXISTS")
	schema, name, reason := r.qualified(c, "CREATE "+word)
	if reason != "" {
		return reason
	}
	o := Object{Kind: kind, Schema: schema, Name: name, File: r.file, Line: st.line, SQL: st.sql, Session: r.session.snapshot()}
	if kind == KindTrigger {
		if o.Table, reason = triggerTable(c); reason != "" {
			return reason
		}
	}
	if kind == KindTable && copiesRows(c.rest()) {
		return "CREATE TABLE ... SELECT copies rows: a schema is loaded without data"
	}
	r.define(o)
	return ""
}

// skipCreateModifiers passes ALGORITHM=, DEFINER=, SQL SECURITY, AGGREGATE
// and the index modifiers between CREATE and the object's kind.
func skipCreateModifiers(c *cursor) {
	for !c.done() {
		switch {
		case c.isWord(0, "ALGORITHM") && c.isPunct(1, "="):
			c.i += 3
		case c.isWord(0, "DEFINER") && c.isPunct(1, "="):
			c.i += 2
			skipUser(c)
		case c.isWord(0, "SQL") && c.isWord(1, "SECURITY"):
			c.i += 3
		case c.acceptAnyWord("AGGREGATE", "UNIQUE", "FULLTEXT", "SPATIAL", "ONLINE", "OFFLINE"):
		default:
			return
		}
	}
}

// skipUser passes an account name: user@host, 'user'@'host' or CURRENT_USER[()].
func skipUser(c *cursor) {
	if c.acceptWord("CURRENT_USER") {
		if c.isPunct(0, "(") && c.isPunct(1, ")") {
			c.i += 2
		}
		return
	}
	c.next()
	if c.isPunct(0, "@") {
		c.i += 2
	}
}

// triggerTable reads "{BEFORE|AFTER} {INSERT|UPDATE|DELETE} ON table".
func triggerTable(c *cursor) (string, string) {
	for !c.done() && !c.isWord(0, "ON") {
		c.next()
	}
	if !c.acceptWord("ON") || !isName(c.peek(0)) {
		return "", "CREATE TRIGGER without ON table"
	}
	name := nameOf(c.next())
	if c.isPunct(0, ".") && isName(c.peek(1)) {
		c.next()
		name = nameOf(c.next())
	}
	return name, ""
}

// copiesRows reports a CREATE TABLE ... [AS] SELECT at the top level.
func copiesRows(rest []token) bool {
	d := depths(rest)
	for i, t := range rest {
		if d[i] == 0 && (isWord(t, "SELECT") || isWord(t, "TABLE") && i > 0 && isWord(rest[i-1], "AS")) {
			return true
		}
	}
	return false
}

// define adds an object; a second definition of the same name replaces the
// first (mysqldump's view stand-ins are replaced by the view).
func (r *dumpReader) define(o Object) {
	key := objectKey(o.Kind, o.Schema, o.Name)
	if i, ok := r.index[key]; ok {
		r.dump.Objects[i] = o
		r.setAside("replaced definition (view stand-in)")
		return
	}
	r.index[key] = len(r.dump.Objects)
	r.dump.Objects = append(r.dump.Objects, o)
}

// createSchema reads CREATE DATABASE|SCHEMA [IF NOT EXISTS] name ....
func (r *dumpReader) createSchema(c *cursor, st statement) string {
	c.next()
	c.acceptWords("IF", "NOT", "EXISTS")
	t := c.next()
	if !isName(t) {
		return "CREATE DATABASE without a name"
	}
	if IsSystemSchema(nameOf(t)) {
		return "CREATE DATABASE " + display(nameOf(t)) + ": the server's own schemas are not part of an application's schema"
	}
	r.noteSchema(nameOf(t), st.sql, st.line)
	return ""
}

// createIndex reads CREATE INDEX name ON table ...: the index belongs to
// its table.
func (r *dumpReader) createIndex(c *cursor, st statement) string {
	c.next()
	for !c.done() && !c.isWord(0, "ON") {
		c.next()
	}
	if !c.acceptWord("ON") {
		return "CREATE INDEX without ON table"
	}
	return r.attach(c, st, "CREATE INDEX")
}

// attach adds a statement to the table it changes, which the file must
// create before it.
func (r *dumpReader) attach(c *cursor, st statement, what string) string {
	schema, name, reason := r.qualified(c, what)
	if reason != "" {
		return reason
	}
	i, ok := r.index[objectKey(KindTable, schema, name)]
	if !ok || r.dump.Objects[i].Kind != KindTable {
		return what + " " + display(name) + ": the table is not created earlier in the file"
	}
	r.dump.Objects[i].Alters = append(r.dump.Objects[i].Alters, st.sql)
	return ""
}

// alter reads ALTER TABLE (kept with its table; DISABLE/ENABLE KEYS of a
// data section set aside) and ALTER DATABASE (set aside).
func (r *dumpReader) alter(c *cursor, st statement) string {
	c.next()
	c.acceptAnyWord("ONLINE", "OFFLINE", "IGNORE")
	switch {
	case c.acceptWord("TABLE"):
		rest := st.toks[len(st.toks)-2:]
		if isWord(rest[1], "KEYS") && (isWord(rest[0], "DISABLE") || isWord(rest[0], "ENABLE")) {
			r.setAside("ALTER TABLE ... DISABLE/ENABLE KEYS statement")
			return ""
		}
		return r.attach(c, st, "ALTER TABLE")
	case c.isWord(0, "DATABASE") || c.isWord(0, "SCHEMA"):
		r.setAside("ALTER DATABASE statement")
		return ""
	}
	return describe(st.toks) + " is not supported (the reader takes ALTER TABLE of a table the file creates)"
}

// dropKinds are the objects a DROP may name.
var dropKinds = map[string]Kind{"TABLE": KindTable, "VIEW": KindView, "PROCEDURE": KindProcedure,
	"FUNCTION": KindFunction, "TRIGGER": KindTrigger, "EVENT": KindEvent, "SEQUENCE": KindTable}

// drop reads DROP statements: they are never run; one that drops an object
// the file defined earlier removes it (a view's stand-in table).
func (r *dumpReader) drop(c *cursor) string {
	c.next()
	c.acceptWord("TEMPORARY")
	word := strings.ToUpper(c.peek(0).text)
	if word == "DATABASE" || word == "SCHEMA" {
		c.next()
		c.acceptWords("IF", "EXISTS")
		if t := c.peek(0); isName(t) && IsSystemSchema(nameOf(t)) {
			return "DROP " + word + " " + display(nameOf(t)) + ": the server's own schemas are not part of an application's schema"
		}
	}
	kind, ok := dropKinds[word]
	if !ok {
		r.setAside("DROP statement")
		return ""
	}
	c.next()
	c.acceptWords("IF", "EXISTS")
	for !c.done() {
		schema, name, reason := r.qualified(c, "DROP "+word)
		if reason != "" {
			return reason
		}
		r.undefine(kind, schema, name)
		if !c.isPunct(0, ",") {
			break
		}
		c.next()
	}
	r.setAside("DROP statement")
	return ""
}

// undefine removes an object defined earlier, if any.
func (r *dumpReader) undefine(kind Kind, schema, name string) {
	key := objectKey(kind, schema, name)
	i, ok := r.index[key]
	if !ok {
		return
	}
	r.dump.Objects = append(r.dump.Objects[:i], r.dump.Objects[i+1:]...)
	delete(r.index, key)
	for k, j := range r.index {
		if j > i {
			r.index[k] = j - 1
		}
	}
	r.setAside("dropped definition (view stand-in)")
}

// data reads INSERT and REPLACE: kept with --with-data, else counted.
func (r *dumpReader) data(c *cursor, st statement) string {
	c.next()
	c.acceptAnyWord("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY")
	c.acceptWord("IGNORE")
	c.acceptWord("INTO")
	schema, name, reason := r.qualified(c, strings.ToUpper(st.toks[0].text))
	if reason != "" {
		return reason
	}
	if !r.opts.WithData {
		r.setAside("data statement (INSERT/REPLACE)")
		return ""
	}
	r.dump.Data = append(r.dump.Data, DataStatement{Schema: schema, Table: name, SQL: st.sql, Line: st.line, Session: r.session.snapshot()})
	return ""
}
