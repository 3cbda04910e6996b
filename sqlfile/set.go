package sqlfile

import (
	"fmt"
	"strings"
)

// set reads a SET statement: session settings are followed and run as
// written; SET GLOBAL sql_mode is followed for the session (the file's
// intent), with a note; other server-wide settings and account statements
// are set aside.
func (r *dumpReader) set(c *Cursor, st statement) {
	c.Next()
	switch {
	case c.IsWord(0, "PASSWORD") || c.IsWord(0, "ROLE") || (c.IsWord(0, "DEFAULT") && c.IsWord(1, "ROLE")):
		r.asideStep(st, "account statement", accountStatement)
		return
	case c.IsWord(0, "TRANSACTION"):
		r.step(st, StepSession, "")
		return
	case c.IsWord(0, "STATEMENT"):
		r.asideStep(st, "SET STATEMENT ... FOR statement", "SET STATEMENT ... FOR runs another statement, which the reader does not follow")
		return
	case c.IsWord(0, "RESOURCE"):
		r.asideStep(st, "SET RESOURCE GROUP statement", "it changes how the server schedules threads")
		return
	}
	var globals []string
	var modes []string
	for _, a := range SplitTopLevel(c.Rest(), ",") {
		name, global, value := r.assign(a)
		if global {
			globals = append(globals, name)
			if name == "sql_mode" {
				modes = append(modes, value)
			}
		}
	}
	switch {
	case len(globals) == 0:
		r.step(st, StepSession, "")
	case len(globals) == 1 && globals[0] == "gtid_purged":
		r.asideStep(st, "SET GLOBAL GTID_PURGED statement", "GTID_PURGED names the dump's server, not the schema")
	case len(modes) == len(globals) && len(modes) == 1:
		r.globalMode(st, modes[0])
	default:
		r.asideStep(st, "SET GLOBAL statement", "SET GLOBAL "+strings.Join(globals, ", ")+" changes a server-wide setting")
	}
}

// globalMode follows SET GLOBAL sql_mode for the session, as the file
// meant the statements after it to run.
func (r *dumpReader) globalMode(st statement, value string) {
	r.session.vars["sql_mode"] = value
	r.dump.Steps = append(r.dump.Steps, Step{Kind: StepSession, Line: st.line, ClientLine: st.clientLine, Client: st.client, Object: -1, What: stepName(st.toks),
		SQL: "SET SESSION sql_mode = " + value})
	r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("%s:%d: SET GLOBAL sql_mode was followed for the session (sql_mode = %s), as the file meant its statements to run; the sandbox's global setting was not changed",
		r.file, st.line, value))
}

// assign reads one assignment of a SET statement: the session settings
// that shape objects are followed. It returns the system variable's name,
// whether it is global, and the value as written.
func (r *dumpReader) assign(a []Token) (name string, global bool, value string) {
	c := &Cursor{toks: a}
	switch {
	case c.AcceptWord("NAMES"):
		r.names(c)
		return "names", false, ""
	case c.AcceptWords("CHARACTER", "SET"), c.AcceptWord("CHARSET"):
		cs := exprText(c.Rest())
		r.session.vars["character_set_client"], r.session.vars["character_set_results"] = cs, cs
		delete(r.session.vars, "collation_connection")
		return "character set", false, ""
	}
	if user, ok := userVariable(c); ok {
		v, ok := r.session.value(c.Rest())
		r.session.setUser(user, v, ok)
		return "", false, ""
	}
	scope, name := SystemName(c)
	if name == "" {
		return "", false, ""
	}
	if c.IsPunct(0, ":") {
		c.Next()
	}
	if !c.IsPunct(0, "=") {
		return name, scope == "global", ""
	}
	c.Next()
	value = exprText(c.Rest())
	if scope == "global" {
		return name, true, value
	}
	if contains(trackedSettings, name) {
		if v, ok := r.session.value(c.Rest()); ok {
			r.session.vars[name] = v
		} else {
			delete(r.session.vars, name)
		}
	}
	return name, false, value
}

// names reads SET NAMES charset [COLLATE collation].
func (r *dumpReader) names(c *Cursor) {
	if c.Done() {
		return
	}
	cs := exprText(c.Rest()[:1])
	for _, n := range []string{"character_set_client", "character_set_results"} {
		r.session.vars[n] = cs
	}
	c.Next()
	if c.AcceptWord("COLLATE") && !c.Done() {
		r.session.vars["collation_connection"] = exprText(c.Rest()[:1])
	} else {
		delete(r.session.vars, "collation_connection")
	}
}

// userVariable reads "@name" at the cursor and the '=' after it.
func userVariable(c *Cursor) (string, bool) {
	if !c.IsPunct(0, "@") || c.IsPunct(1, "@") || !IsName(c.Peek(1)) {
		return "", false
	}
	name := strings.ToLower(NameOf(c.Peek(1)))
	c.i += 2
	if c.IsPunct(0, ":") && c.IsPunct(1, "=") {
		c.i += 2
	} else if c.IsPunct(0, "=") {
		c.i++
	}
	return name, true
}

// use reads USE name.
func (r *dumpReader) use(c *Cursor, st statement) {
	c.Next()
	t := c.Next()
	if !IsName(t) || !c.Done() {
		r.answerStep(st, StepSession)
		return
	}
	name := NameOf(t)
	r.usedFirst = nil
	if IsSystemSchema(name) {
		r.system = name
		r.systemStatement(name, st)
		return
	}
	if !r.schemas[strings.ToLower(name)] {
		r.usedFirst = &firstUse{name: name, schema: r.schema, system: r.system}
	}
	r.system = ""
	r.noteSchema(name, "", 0)
	r.schema = name
	r.step(st, StepSession, "")
}

// firstUse is a USE of a schema the file had not created, used or named
// before, and the schema it left (schema, system).
type firstUse struct{ name, schema, system string }

// usedBeforeCreated reads a CREATE DATABASE of the schema the last USE
// named first: that USE found no such schema on the server (the file
// creates it only now), which refused it, and the schema in use stayed
// the one before it (both clients: "use s2;" then "CREATE DATABASE s2;"
// then "CREATE TABLE t ..." creates t in the schema the client was in).
func (r *dumpReader) usedBeforeCreated(name string) {
	if u := r.usedFirst; u != nil && strings.EqualFold(u.name, name) && strings.EqualFold(r.schema, name) {
		r.schema, r.system = u.schema, u.system
		r.usedFirst = nil
	}
}
