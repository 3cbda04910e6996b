package sqlfile

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// systemSchemas are never the target of a dump's statements.
var systemSchemas = map[string]bool{"mysql": true, "information_schema": true, "performance_schema": true, "sys": true}

// IsSystemSchema reports whether name is one of the server's own schemas.
func IsSystemSchema(name string) bool { return systemSchemas[strings.ToLower(name)] }

// dumpReader turns the statements of one file into a Dump.
type dumpReader struct {
	file    string
	writer  flavor.Flavor
	isDump  bool // the file says which server wrote it (mysqldump, mariadb-dump)
	opts    ReadOptions
	dump    *Dump
	schema  string          // the schema of the last USE
	schemas map[string]bool // lower-cased names the file creates, uses or names
	// system is the server's own schema the file is in (a USE mysql of an
	// --all-databases dump): its statements are set aside until the next USE.
	system   string
	systems  map[string]*systemSection
	session  *session
	index    map[string]int // objectKey -> index in dump.Objects
	rejects  []*RejectError
	beforeUs bool // a statement that needs a schema came before any USE
	// statements are the file's statements as the server runs them (the
	// client's cut, each cut again where it holds several).
	statements []ClientStatement
	// accountColumns are the columns of the mysql schema's account tables
	// as the dump creates them.
	accountColumns map[string][]string
}

// systemSection counts what a dump holds of one of the server's own schemas.
type systemSection struct {
	line, statements int
}

func newDumpReader(file string, writer flavor.Flavor, o ReadOptions) *dumpReader {
	return &dumpReader{file: file, writer: writer, opts: o, schemas: map[string]bool{}, session: newSession(),
		systems: map[string]*systemSection{}, index: map[string]int{}, accountColumns: map[string][]string{},
		dump: &Dump{File: file, Writer: writer, SetAside: map[string]int{}}}
}

// statement is one statement of the file in the reading of its writer.
type statement struct {
	toks       []Token // significant tokens
	sql        string  // text with the executable comments resolved
	line       int
	clientLine int // the line of the client statement it is part of
}

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

// needsSchema notes a statement that needs a current schema before any USE.
func (r *dumpReader) needsSchema() {
	if r.schema == "" {
		r.beforeUs = true
	}
}

// systemQualified returns the server's own schema (mysql or sys) a
// statement names as schema.name, or "". information_schema and
// performance_schema are only read by an install script (writing to them
// fails on every server).
func systemQualified(toks []Token) string {
	for i := 1; i+1 < len(toks); i++ {
		if !IsPunct(toks[i], ".") || !IsName(toks[i-1]) || !IsName(toks[i+1]) {
			continue
		}
		if s := strings.ToLower(NameOf(toks[i-1])); s == "mysql" || s == "sys" {
			return s
		}
	}
	return ""
}

// systemStatement sets aside a statement of (or aimed at) the server's own
// schemas: counted per schema, noted once.
func (r *dumpReader) systemStatement(schema string, st statement) {
	key := strings.ToLower(schema)
	sec := r.systems[key]
	if sec == nil {
		sec = &systemSection{line: st.line}
		r.systems[key] = sec
	}
	sec.statements++
	if key == "mysql" {
		r.readAccounts(st)
	}
	r.setAside("statement of the server's own schema " + key)
	r.dump.Steps = append(r.dump.Steps, Step{Kind: StepSetAside, Line: st.line, ClientLine: st.clientLine, Object: -1, What: stepName(st.toks),
		Reason: "the server's own schema " + key + " is not part of the application's schema"})
}

// use reads USE name.
func (r *dumpReader) use(c *Cursor, st statement) {
	c.Next()
	t := c.Next()
	if !IsName(t) || !c.Done() {
		r.step(st, StepSession, "") // the server answers
		return
	}
	name := NameOf(t)
	if IsSystemSchema(name) {
		r.system = name
		r.systemStatement(name, st)
		return
	}
	r.system = ""
	r.noteSchema(name, "", 0)
	r.schema = name
	r.step(st, StepSession, "")
}

// noteSchema records a schema the file creates, uses or names.
func (r *dumpReader) noteSchema(name, sql string, line int) {
	key := strings.ToLower(name)
	if r.schemas[key] {
		for i := range r.dump.Schemas {
			if strings.EqualFold(r.dump.Schemas[i].Name, name) && r.dump.Schemas[i].SQL == "" && sql != "" {
				r.dump.Schemas[i].SQL, r.dump.Schemas[i].Line = sql, line
			}
		}
		return
	}
	r.schemas[key] = true
	r.dump.Schemas = append(r.dump.Schemas, SchemaDef{Name: name, SQL: sql, Line: line})
}

// qualified reads [schema.]name at the cursor. A schema the file has not
// created or used yet is noted: the sandbox creates it, as the
// application's. system is set for the server's own schemas.
func (r *dumpReader) qualified(c *Cursor) (schema, name string, system bool) {
	t := c.Next()
	if !IsName(t) {
		return "", "", false
	}
	name = NameOf(t)
	schema = r.schema
	if c.IsPunct(0, ".") && IsName(c.Peek(1)) {
		c.Next()
		schema, name = name, NameOf(c.Next())
		if IsSystemSchema(schema) {
			return schema, name, true
		}
		if !r.schemas[strings.ToLower(schema)] {
			r.noteSchema(schema, "", 0)
			r.named(schema)
		}
	} else if schema == "" {
		r.beforeUs = true
	}
	return schema, name, false
}

// named remembers a schema the file names before it creates or uses it.
func (r *dumpReader) named(schema string) {
	for i := range r.dump.Schemas {
		if strings.EqualFold(r.dump.Schemas[i].Name, schema) {
			r.dump.Schemas[i].Named = true
		}
	}
}

// setAside counts a statement that is read and not run.
func (r *dumpReader) setAside(what string) { r.dump.SetAside[what]++ }

func (r *dumpReader) reject(line int, sql, reason string) {
	r.rejects = append(r.rejects, &RejectError{File: r.file, Line: line, Statement: Excerpt(sql), Reason: reason})
}

// rejection joins the refusals, in line order.
func (r *dumpReader) rejection() error { return JoinRejects(r.file, r.rejects) }

// JoinRejects joins refusals in line order, at most maxReported of them,
// then a count of the rest.
func JoinRejects(file string, rejects []*RejectError) error {
	sortByLine(rejects)
	errs := make([]error, 0, maxReported+1)
	for _, e := range rejects[:min(len(rejects), maxReported)] {
		errs = append(errs, e)
	}
	if n := len(rejects) - maxReported; n > 0 {
		errs = append(errs, fmt.Errorf("%s: %d more refused statements not shown", file, n))
	}
	return errors.Join(errs...)
}

// sortByLine orders refusals by their line (the splitter's and the
// statements' come separately).
func sortByLine(rs []*RejectError) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Line < rs[j].Line })
}

// finish returns the dump, or every refusal.
func (r *dumpReader) finish() (*Dump, error) {
	if len(r.rejects) > 0 {
		return nil, r.rejection()
	}
	r.linkSteps()
	r.defaultSchema()
	r.systemNotes()
	if len(r.dump.Objects) == 0 {
		return nil, &RejectError{File: r.file, Reason: "no tables, views, routines, triggers or events in the file"}
	}
	return r.dump, nil
}

// objectKey identifies an object within the file; triggers and tables have
// separate namespaces, as do routines of different kinds.
func objectKey(kind Kind, schema, name string) string {
	ns := kind
	if kind == KindView {
		ns = KindTable // a view and a table share a name space
	}
	return string(ns) + "\x00" + strings.ToLower(schema) + "\x00" + strings.ToLower(name)
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

// FileAccess returns why a statement reads or writes files or loads a
// library, or "".
func FileAccess(toks []Token) string {
	for i, t := range toks {
		next := NextToken(toks, i)
		switch {
		case IsWord(t, "LOAD") && (IsWord(next, "DATA") || IsWord(next, "XML")):
			return "LOAD " + strings.ToUpper(next.text) + " reads a file: the schema is loaded without touching files"
		case IsWord(t, "INTO") && (IsWord(next, "OUTFILE") || IsWord(next, "DUMPFILE")):
			return "INTO " + strings.ToUpper(next.text) + " writes a file: the schema is loaded without touching files"
		case IsWord(t, "LOAD_FILE") && IsPunct(next, "("):
			return "LOAD_FILE() reads a file: the schema is loaded without touching files"
		case (IsWord(t, "DATA") || IsWord(t, "INDEX")) && IsWord(next, "DIRECTORY"):
			return strings.ToUpper(t.text) + " DIRECTORY puts files outside the server's data directory"
		case IsWord(t, "SONAME"):
			return "SONAME loads a shared library into the server"
		}
	}
	return ""
}

// notSourced notes the client's source commands of the file: the client
// would read another file there; the check reads this one and says so.
func (r *dumpReader) notSourced(cmds []*RejectError) {
	for _, c := range cmds {
		r.setAside("source command")
		r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("%s:%d: %s: the client reads another file there; it is not followed (check that file on its own)",
			c.File, c.Line, c.Statement))
	}
}
