package sqlfile

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// add reads one statement. It returns an error only to stop the reading.
func (r *dumpReader) add(cs ClientStatement) error {
	toks, conds := LexStatement(cs.Text, cs.Line)
	keep := func(i int) bool { return runs(r.writer, conds[i]) }
	st := statement{toks: Significant(toks, keep), sql: r.statementText(cs.Text, toks, keep), line: cs.Line, clientLine: cs.Line}
	if cs.clientLine > 0 {
		st.clientLine = cs.clientLine
	}
	if len(st.toks) == 0 {
		return nil
	}
	st.line = st.toks[0].line
	switch {
	case r.system != "" && !IsWord(st.toks[0], "USE") && !createsSchema(st.toks):
		r.systemStatement(r.system, st)
	case hasIssue(toks):
		r.step(st, StepScript, "") // the server answers (an unterminated string at the end of the file, ...)
	default:
		if reason := FileAccess(st.toks); reason != "" {
			r.asideStep(st, "statement that reads or writes files or loads a library", reason)
			return nil
		}
		r.read(st)
	}
	return nil
}

// createsSchema reports CREATE DATABASE|SCHEMA: in a dump it starts the
// next schema's section.
func createsSchema(toks []Token) bool {
	c := &Cursor{toks: toks}
	return c.AcceptWord("CREATE") && (c.IsWord(0, "DATABASE") || c.IsWord(0, "SCHEMA"))
}

// hasIssue reports a lexical problem in a statement's tokens.
func hasIssue(toks []Token) bool {
	for _, t := range toks {
		if t.kind == TokIssue {
			return true
		}
	}
	return false
}

// statementText is the statement as the target receives it. For a dump
// whose writer is known, the executable comments are resolved as that
// server ran them (the objects are what it made of them); a file that does
// not say who wrote it is sent as written, so the target evaluates its
// comments as the mysql client would have it do.
func (r *dumpReader) statementText(text string, toks []Token, keep func(int) bool) string {
	if r.writer.Vendor == "" {
		return strings.TrimSpace(text)
	}
	return resolveText(text, toks, keep)
}

// read classifies one statement and records its step.
func (r *dumpReader) read(st statement) {
	c := &Cursor{toks: st.toks}
	first := strings.ToUpper(c.Peek(0).text)
	if c.Peek(0).kind != TokWord {
		r.step(st, StepScript, "")
		return
	}
	if schema := systemQualified(st.toks); schema != "" && first != "SET" {
		r.systemStatement(schema, st)
		return
	}
	switch first {
	case "CREATE":
		r.create(c, st)
	case "ALTER":
		r.alter(c, st)
	case "DROP":
		r.drop(c, st)
	case "USE":
		r.use(c, st)
	case "SET":
		r.set(c, st)
	case "INSERT", "REPLACE":
		r.data(c, st)
	case "LOCK", "UNLOCK":
		r.dataSection(st, "LOCK/UNLOCK TABLES statement")
	default:
		r.other(first, st)
	}
}

// sessionStatements set up the client's session; they run as written.
var sessionStatements = map[string]bool{"PREPARE": true, "EXECUTE": true, "DEALLOCATE": true, "BEGIN": true,
	"COMMIT": true, "ROLLBACK": true, "SAVEPOINT": true, "RELEASE": true}

// scriptStatements are the other statements of an install script that run
// on the target as the client runs them.
var scriptStatements = map[string]bool{"UPDATE": true, "DELETE": true, "SELECT": true, "CALL": true, "DO": true,
	"TRUNCATE": true, "ANALYZE": true, "OPTIMIZE": true, "CHECK": true, "CHECKSUM": true, "REPAIR": true,
	"SHOW": true, "DESCRIBE": true, "DESC": true, "EXPLAIN": true, "HANDLER": true, "WITH": true,
	"VALUES": true, "TABLE": true, "SIGNAL": true, "RESIGNAL": true, "HELP": true, "GET": true}

// asideStatements act on the server as a whole, its accounts or other
// servers: never run, named in the report.
var asideStatements = map[string]string{
	"GRANT": "an account statement (the sandbox's accounts are not the application's schema)", "REVOKE": "an account statement (the sandbox's accounts are not the application's schema)",
	"FLUSH": "it acts on the whole server", "INSTALL": "it loads a plugin or component into the server",
	"UNINSTALL": "it unloads a plugin or component", "SHUTDOWN": "it stops the server", "RESTART": "it restarts the server",
	"KILL": "it ends other sessions", "CHANGE": "it points the server at a replication source",
	"STOP": "it stops replication", "RESET": "it resets the server's logs or replication", "PURGE": "it deletes the server's logs",
	"BINLOG": "it applies binary log events", "CLONE": "it copies another server", "CACHE": "it changes the server's key caches",
	"LOAD": "it loads data or indexes from outside the statement", "BACKUP": "it locks the whole server",
}

// other records the statements that are neither object definitions nor
// session settings: run, or set aside with why.
func (r *dumpReader) other(first string, st statement) {
	c := &Cursor{toks: st.toks}
	switch {
	case first == "START" && c.IsWord(1, "TRANSACTION"):
		r.step(st, StepSession, "")
	case sessionStatements[first]:
		r.step(st, StepSession, "")
	case first == "RENAME" && (c.IsWord(1, "USER")):
		r.asideStep(st, "account statement", "an account statement (the sandbox's accounts are not the application's schema)")
	case first == "RENAME":
		r.needsSchema()
		r.step(st, StepScript, "")
	case scriptStatements[first]:
		r.needsSchema()
		r.step(st, StepScript, "")
	case asideStatements[first] != "":
		r.asideStep(st, strings.ToUpper(first)+" statement", asideStatements[first])
	default:
		r.asideStep(st, "statement the tool does not run", Describe(st.toks)+" is not a statement the schema check runs (it takes definitions, data, session and script statements)")
	}
}

// resolveText returns text with every executable comment resolved: the
// markers of the ones kept removed, the others removed whole. Each cut
// becomes one space.
func resolveText(text string, toks []Token, keep func(int) bool) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case TokCondOpen:
			b.WriteString(text[last:t.pos])
			b.WriteByte(' ')
			last = t.end
			if keep(t.cond) {
				continue
			}
			for i+1 < len(toks) && toks[i+1].kind != TokCondClose {
				i++
			}
			if i+1 < len(toks) {
				i++
				last = toks[i].end
			} else {
				last = len(text)
			}
		case TokCondClose:
			b.WriteString(text[last:t.pos])
			b.WriteByte(' ')
			last = t.end
		}
	}
	b.WriteString(text[last:])
	return strings.TrimSpace(b.String())
}

// runs reports whether the server w runs the executable comment cc; a zero
// w runs every one.
func runs(w flavor.Flavor, cc CondComment) bool {
	if w.Vendor == "" {
		return true
	}
	n := w.Version.Major*10000 + w.Version.Minor*100 + w.Version.Patch
	if cc.mariadbOnly {
		return w.IsMariaDB() && cc.version <= n
	}
	if cc.version == 0 {
		return true
	}
	if w.IsMariaDB() && cc.version >= 50700 && cc.version < 100000 {
		return false // MariaDB skips MySQL 5.7+ executable comments
	}
	return cc.version <= n
}
