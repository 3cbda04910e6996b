package sqlfile

import (
	"fmt"
	"sort"
	"strings"
)

// StepKind is what the schema check does with one statement of a file.
type StepKind uint8

// The kinds of steps.
const (
	// StepCreate creates Objects[Object].
	StepCreate StepKind = iota
	// StepAlter changes the table Objects[Object] (ALTER TABLE, CREATE
	// INDEX) where the file has it.
	StepAlter
	// StepSession sets up the session: SET, USE, PREPARE, EXECUTE,
	// DEALLOCATE, transaction statements. It runs as the client runs it.
	StepSession
	// StepScript is any other statement of an install script (INSERT,
	// UPDATE, CALL, SELECT, DROP, ...): it runs, a failure is reported.
	StepScript
	// StepData is a dump's plain row data, kept with ReadOptions.WithData.
	StepData
	// StepSetAside is not run: the tool does not run it on any server
	// (Reason says why); the report names it with its file:line.
	StepSetAside
)

// Step is one statement of the file in file order, as the mysql client
// cuts it and as the target receives it.
type Step struct {
	Kind StepKind
	Line int
	// ClientLine is the line the mysql client names in an error of the
	// step: the first line of the client statement (the text up to the
	// delimiter) it is part of; Line when it is all of it.
	ClientLine int
	SQL        string
	// Object is the index in Dump.Objects of the object a StepCreate
	// creates or a StepAlter changes; -1 otherwise.
	Object int
	// What names the statement for the report ("INSERT INTO admin_user").
	What string
	// Reason says why a StepSetAside is not run.
	Reason string
	// Schema is the schema a CREATE DATABASE creates.
	Schema string

	key string // objectKey of the object, while reading
}

// Source is "file:line" of the step.
func (s Step) Source(file string) string { return fmt.Sprintf("%s:%d", file, s.Line) }

// step records a statement of the file that runs.
func (r *dumpReader) step(st statement, kind StepKind, key string) {
	r.dump.Steps = append(r.dump.Steps, Step{Kind: kind, Line: st.line, ClientLine: st.clientLine, SQL: st.sql, Object: -1,
		What: stepName(st.toks), key: key})
}

// asideStep records a statement the tool does not run, with why.
func (r *dumpReader) asideStep(st statement, what, reason string) {
	r.setAside(what)
	r.dump.Steps = append(r.dump.Steps, Step{Kind: StepSetAside, Line: st.line, ClientLine: st.clientLine, Object: -1,
		What: stepName(st.toks), Reason: reason})
}

// linkSteps points every create and alter step at its object, once the
// file is read: a definition replaced or dropped later in the file (a
// view's stand-in table) is a plain statement of the script.
func (r *dumpReader) linkSteps() {
	for i := range r.dump.Steps {
		s := &r.dump.Steps[i]
		if s.Kind != StepCreate && s.Kind != StepAlter {
			continue
		}
		j, ok := r.index[s.key]
		switch {
		case ok && s.Kind == StepAlter && r.dump.Objects[j].Kind == KindTable:
			s.Object = j
		case ok && s.Kind == StepCreate && r.dump.Objects[j].Line == s.Line:
			s.Object = j
		default:
			s.Kind = StepScript
		}
	}
}

// stepName names a statement by its text up to the first name it acts on,
// qualified, e.g. "INSERT INTO admin_user", "SET GLOBAL sql_mode", "CALL
// legacy.restock", "SET @@GLOBAL.GTID_PURGED".
func stepName(toks []Token) string {
	end := min(len(toks), 8)
	for i := 0; i < end; i++ {
		t := toks[i]
		if !IsName(t) || t.kind == TokWord && isKeywordLike(t.text) {
			continue
		}
		j := i + 1
		for j+1 < len(toks) && IsPunct(toks[j], ".") && IsName(toks[j+1]) {
			j += 2
		}
		return exprText(toks[:j])
	}
	return exprText(toks[:end])
}

// isKeywordLike reports the words stepName writes in capitals: the
// statement words a name follows.
func isKeywordLike(w string) bool {
	switch strings.ToUpper(w) {
	case "INSERT", "REPLACE", "INTO", "UPDATE", "DELETE", "FROM", "CALL", "SELECT", "SET", "GLOBAL", "SESSION",
		"PERSIST", "CREATE", "ALTER", "DROP", "TABLE", "VIEW", "PROCEDURE", "FUNCTION", "TRIGGER", "EVENT",
		"DATABASE", "SCHEMA", "INDEX", "IF", "EXISTS", "NOT", "OR", "USE", "PREPARE", "EXECUTE", "DEALLOCATE",
		"INSTALL", "PLUGIN", "COMPONENT", "TABLESPACE", "USER", "ROLE", "GRANT", "REVOKE", "LOAD", "DATA",
		"FLUSH", "LOCK", "UNLOCK", "TABLES", "IGNORE", "LOW_PRIORITY", "TRUNCATE", "RENAME", "DO", "SHOW",
		"START", "TRANSACTION", "BEGIN", "COMMIT", "ROLLBACK", "TEMPORARY", "UNIQUE", "DEFINER":
		return true
	}
	return false
}

// defaultSchema decides where the statements before the file's first USE
// run: an install script that names exactly one schema it never creates or
// uses (its routines say legacy.item) was written for `mysql legacy <
// file`, so its unqualified objects belong there too.
func (r *dumpReader) defaultSchema() {
	r.dump.NeedsDefault = r.beforeUs
	var named []string
	own := false // the file creates or uses a schema of its own
	for _, s := range r.dump.Schemas {
		switch {
		case s.Named && s.SQL == "":
			named = append(named, s.Name)
		default:
			own = true
		}
	}
	for _, s := range named {
		r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("the file names the schema %s and never creates it: the sandbox created it, as the application's", s))
	}
	if len(named) != 1 || own || !r.beforeUs {
		return
	}
	r.dump.DefaultSchema = named[0]
	for i := range r.dump.Objects {
		if r.dump.Objects[i].Schema == "" {
			r.dump.Objects[i].Schema = named[0]
		}
	}
	r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("the file's unqualified statements ran in %s, the one schema it names (as `mysql %s < file` runs them)", named[0], named[0]))
}

// systemNotes says which of the server's own schemas a dump held and that
// they were set aside.
func (r *dumpReader) systemNotes() {
	names := make([]string, 0, len(r.systems))
	for name := range r.systems {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		sec := r.systems[name]
		r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("%s:%d: the server's own schema %s set aside (%s): its tables and rows are the server's, not the application's",
			r.file, sec.line, name, plural(sec.statements, "statement")))
	}
}
