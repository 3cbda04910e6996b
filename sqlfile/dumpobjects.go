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
func (r *dumpReader) create(c *Cursor, st statement) {
	c.Next()
	c.AcceptWords("OR", "REPLACE")
	SkipCreateModifiers(c)
	word := strings.ToUpper(c.Peek(0).text)
	switch {
	case word == "DATABASE" || word == "SCHEMA":
		r.createSchema(c, st)
		return
	case word == "INDEX":
		r.createIndex(c, st)
		return
	case word == "USER" || word == "ROLE":
		if word == "USER" {
			r.createdAccounts(c, st)
		}
		r.asideStep(st, "account statement", "an account statement (the sandbox's accounts are not the application's schema)")
		return
	case word == "TABLESPACE":
		r.tablespace(st)
		return
	case createAside[word] != "":
		r.asideStep(st, "CREATE "+word+" statement", createAside[word])
		return
	}
	kind, ok := createKinds[word]
	if !ok || c.Peek(0).kind != TokWord {
		r.needsSchema()
		r.step(st, StepScript, "") // CREATE TEMPORARY TABLE, ...: the server answers
		return
	}
	c.Next()
	c.AcceptWords("IF", "NOT", "EXISTS")
	schema, name, system := r.qualified(c)
	if system {
		r.systemStatement(schema, st)
		return
	}
	if name == "" {
		r.step(st, StepScript, "")
		return
	}
	o := Object{Kind: kind, Schema: schema, Name: name, File: r.file, Line: st.line, SQL: st.sql, Session: r.session.snapshot()}
	if kind == KindTrigger {
		o.Table = triggerTable(c)
	}
	r.define(o)
	r.step(st, StepCreate, objectKey(kind, schema, name))
}

// createAside are the CREATE statements of server-wide things never run.
var createAside = map[string]string{
	"SERVER":   "it links this server to another one",
	"LOGFILE":  "it creates server-wide log files",
	"RESOURCE": "it changes how the server schedules threads",
}

// tablespace reads CREATE TABLESPACE: one whose data file is a path (it
// puts files outside the data directory) is set aside; the rest runs.
func (r *dumpReader) tablespace(st statement) {
	for i, t := range st.toks {
		if IsWord(t, "DATAFILE") && i+1 < len(st.toks) && st.toks[i+1].kind == TokString &&
			strings.ContainsAny(st.toks[i+1].text, `/\`) {
			r.asideStep(st, "CREATE TABLESPACE with a path", "its data file "+st.toks[i+1].text+" is a path: the sandbox keeps its files in its own directory")
			return
		}
	}
	r.step(st, StepScript, "")
}

// SkipCreateModifiers passes ALGORITHM=, DEFINER=, SQL SECURITY, AGGREGATE
// and the index modifiers between CREATE and the object's kind.
func SkipCreateModifiers(c *Cursor) {
	for !c.Done() {
		switch {
		case c.IsWord(0, "ALGORITHM") && c.IsPunct(1, "="):
			c.i += 3
		case c.IsWord(0, "DEFINER") && c.IsPunct(1, "="):
			c.i += 2
			skipUser(c)
		case c.IsWord(0, "SQL") && c.IsWord(1, "SECURITY"):
			c.i += 3
		case c.AcceptAnyWord("AGGREGATE", "UNIQUE", "FULLTEXT", "SPATIAL", "ONLINE", "OFFLINE"):
		default:
			return
		}
	}
}

// skipUser passes an account name: user@host, 'user'@'host' or CURRENT_USER[()].
func skipUser(c *Cursor) {
	if c.AcceptWord("CURRENT_USER") {
		if c.IsPunct(0, "(") && c.IsPunct(1, ")") {
			c.i += 2
		}
		return
	}
	c.Next()
	if c.IsPunct(0, "@") {
		c.i += 2
	}
}

// triggerTable reads "{BEFORE|AFTER} {INSERT|UPDATE|DELETE} ON table".
func triggerTable(c *Cursor) string {
	for !c.Done() && !c.IsWord(0, "ON") {
		c.Next()
	}
	if !c.AcceptWord("ON") || !IsName(c.Peek(0)) {
		return ""
	}
	name := NameOf(c.Next())
	if c.IsPunct(0, ".") && IsName(c.Peek(1)) {
		c.Next()
		name = NameOf(c.Next())
	}
	return name
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
func (r *dumpReader) createSchema(c *Cursor, st statement) {
	c.Next()
	c.AcceptWords("IF", "NOT", "EXISTS")
	t := c.Next()
	switch {
	case !IsName(t):
		r.step(st, StepScript, "")
	case IsSystemSchema(NameOf(t)):
		r.systemStatement(NameOf(t), st)
	default:
		r.noteSchema(NameOf(t), st.sql, st.line)
		r.step(st, StepScript, "")
		r.dump.Steps[len(r.dump.Steps)-1].Schema = NameOf(t)
	}
}

// createIndex reads CREATE INDEX name ON table ...: the index belongs to
// its table.
func (r *dumpReader) createIndex(c *Cursor, st statement) {
	c.Next()
	for !c.Done() && !c.IsWord(0, "ON") {
		c.Next()
	}
	if !c.AcceptWord("ON") {
		r.step(st, StepScript, "")
		return
	}
	r.attach(c, st)
}

// attach records a statement that changes a table where the file has it:
// with its table when the file creates the table, else as a statement of
// the script.
func (r *dumpReader) attach(c *Cursor, st statement) {
	schema, name, system := r.qualified(c)
	if system {
		r.systemStatement(schema, st)
		return
	}
	key := objectKey(KindTable, schema, name)
	i, ok := r.index[key]
	if !ok || r.dump.Objects[i].Kind != KindTable {
		r.step(st, StepScript, "")
		return
	}
	r.dump.Objects[i].Alters = append(r.dump.Objects[i].Alters, st.sql)
	r.step(st, StepAlter, key)
}

// alterAside are the ALTER statements of server-wide things never run.
var alterAside = map[string]string{
	"USER": "an account statement (the sandbox's accounts are not the application's schema)", "INSTANCE": "it acts on the whole server",
	"TABLESPACE": "it changes a server-wide tablespace", "LOGFILE": "it changes server-wide log files",
	"SERVER": "it links this server to another one", "RESOURCE": "it changes how the server schedules threads",
}

// alter reads ALTER statements: ALTER TABLE goes with its table where the
// file has it (a dump's DISABLE/ENABLE KEYS is part of its data section).
func (r *dumpReader) alter(c *Cursor, st statement) {
	c.Next()
	c.AcceptAnyWord("ONLINE", "OFFLINE", "IGNORE")
	word := strings.ToUpper(c.Peek(0).text)
	switch {
	case c.AcceptWord("TABLE"):
		rest := st.toks[len(st.toks)-2:]
		if IsWord(rest[1], "KEYS") && (IsWord(rest[0], "DISABLE") || IsWord(rest[0], "ENABLE")) {
			r.dataSection(st, "ALTER TABLE ... DISABLE/ENABLE KEYS statement")
			return
		}
		c.AcceptWords("IF", "EXISTS")
		r.attach(c, st)
	case word == "DATABASE" || word == "SCHEMA":
		c.Next()
		if t := c.Peek(0); IsName(t) && IsSystemSchema(NameOf(t)) {
			r.systemStatement(NameOf(t), st)
			return
		}
		r.step(st, StepScript, "")
	case alterAside[word] != "":
		r.asideStep(st, "ALTER "+word+" statement", alterAside[word])
	default:
		r.needsSchema()
		r.step(st, StepScript, "")
	}
}

// dropKinds are the objects a DROP may name.
var dropKinds = map[string]Kind{"TABLE": KindTable, "VIEW": KindView, "PROCEDURE": KindProcedure,
	"FUNCTION": KindFunction, "TRIGGER": KindTrigger, "EVENT": KindEvent, "SEQUENCE": KindTable}

// drop reads DROP statements: they run where the file has them; one that
// drops an object the file defined earlier removes it (a view's stand-in
// table).
func (r *dumpReader) drop(c *Cursor, st statement) {
	c.Next()
	c.AcceptWord("TEMPORARY")
	word := strings.ToUpper(c.Peek(0).text)
	switch {
	case word == "DATABASE" || word == "SCHEMA":
		c.Next()
		c.AcceptWords("IF", "EXISTS")
		if t := c.Peek(0); IsName(t) && IsSystemSchema(NameOf(t)) {
			r.systemStatement(NameOf(t), st)
			return
		}
		r.step(st, StepScript, "")
		return
	case word == "USER" || word == "ROLE":
		r.asideStep(st, "account statement", "an account statement (the sandbox's accounts are not the application's schema)")
		return
	case alterAside[word] != "":
		r.asideStep(st, "DROP "+word+" statement", alterAside[word])
		return
	}
	kind, ok := dropKinds[word]
	if !ok {
		r.step(st, StepScript, "")
		return
	}
	c.Next()
	c.AcceptWords("IF", "EXISTS")
	for !c.Done() {
		schema, name, system := r.qualified(c)
		if system {
			r.systemStatement(schema, st)
			return
		}
		r.undefine(kind, schema, name)
		if !c.IsPunct(0, ",") {
			break
		}
		c.Next()
	}
	r.step(st, StepScript, "")
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

// data reads INSERT and REPLACE. A dump's plain rows are kept with
// --with-data, else counted; every other one (an install script's, an
// INSERT ... SELECT) runs where the file has it.
func (r *dumpReader) data(c *Cursor, st statement) {
	c.Next()
	c.AcceptAnyWord("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY")
	c.AcceptWord("IGNORE")
	c.AcceptWord("INTO")
	schema, name, system := r.qualified(c)
	switch {
	case system:
		r.systemStatement(schema, st)
	case !r.isDump || !plainRows(st.toks):
		r.step(st, StepScript, "")
	case !r.opts.WithData:
		r.setAside("data statement (INSERT/REPLACE)")
	default:
		r.dump.Data = append(r.dump.Data, DataStatement{Schema: schema, Table: name, SQL: st.sql, Line: st.line, Session: r.session.snapshot()})
		r.step(st, StepData, "")
	}
}

// dataSection reads the statements around a dump's rows (LOCK TABLES,
// DISABLE KEYS): with the rows when they are kept; an install script's
// run.
func (r *dumpReader) dataSection(st statement, what string) {
	switch {
	case !r.isDump:
		r.step(st, StepScript, "")
	case r.opts.WithData:
		r.step(st, StepData, "")
	default:
		r.setAside(what)
	}
}

// plainRows reports an INSERT or REPLACE of literal rows: VALUES, no query.
func plainRows(toks []Token) bool {
	values := false
	for _, t := range toks {
		switch {
		case IsWord(t, "SELECT"), IsWord(t, "TABLE"):
			return false
		case IsWord(t, "VALUES"), IsWord(t, "VALUE"):
			values = true
		}
	}
	return values
}
