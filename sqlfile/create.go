package sqlfile

import "strings"

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
		r.asideStep(st, "account statement", accountStatement)
		return
	case word == "TABLESPACE":
		r.tablespace(st)
		return
	case objectWords[word].create != "":
		r.asideStep(st, "CREATE "+word+" statement", objectWords[word].create)
		return
	}
	kind := objectWords[word].kind
	if kind == "" || c.Peek(0).kind != TokWord {
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
		r.usedBeforeCreated(NameOf(t))
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
	if r.forget == nil || !r.forget.forgets(r.dump.Objects[i].Schema) {
		r.dump.Objects[i].Alters = append(r.dump.Objects[i].Alters, st.sql)
	}
	r.step(st, StepAlter, key)
}
