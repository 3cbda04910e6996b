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
	opts    ReadOptions
	dump    *Dump
	schema  string          // the schema of the last USE
	schemas map[string]bool // lower-cased names the file creates or uses
	session *session
	index   map[string]int // objectKey -> index in dump.Objects
	rejects []*RejectError
	// statements are the file's statements as the client cut them.
	statements []clientStatement
}

func newDumpReader(file string, writer flavor.Flavor, o ReadOptions) *dumpReader {
	return &dumpReader{file: file, writer: writer, opts: o, schemas: map[string]bool{}, session: newSession(),
		index: map[string]int{}, dump: &Dump{File: file, Writer: writer, SetAside: map[string]int{}}}
}

// statement is one statement of the file in the reading of its writer.
type statement struct {
	toks []token // significant tokens
	sql  string  // text with the executable comments resolved
	line int
}

// add reads one statement. It returns an error only to stop the reading.
func (r *dumpReader) add(cs clientStatement) error {
	toks, conds := lexStatement(cs.text, cs.line)
	for _, t := range toks {
		if t.kind == tokIssue {
			r.reject(t.line, cs.text, t.text)
			return nil
		}
	}
	keep := func(i int) bool { return runs(r.writer, conds[i]) }
	st := statement{toks: significant(toks, keep), sql: r.statementText(cs.text, toks, keep), line: cs.line}
	if len(st.toks) == 0 {
		return nil
	}
	st.line = st.toks[0].line
	if reason := fileAccess(st.toks); reason != "" {
		r.reject(st.line, st.sql, reason)
		return nil
	}
	if reason := r.read(st); reason != "" {
		r.reject(st.line, st.sql, reason)
	}
	if len(r.rejects) > maxReported {
		return r.rejection()
	}
	return nil
}

// statementText is the statement as the target receives it. For a dump
// whose writer is known, the executable comments are resolved as that
// server ran them (the objects are what it made of them); a file that does
// not say who wrote it is sent as written, so the target evaluates its
// comments as the mysql client would have it do.
func (r *dumpReader) statementText(text string, toks []token, keep func(int) bool) string {
	if r.writer.Vendor == "" {
		return strings.TrimSpace(text)
	}
	return resolveText(text, toks, keep)
}

// read classifies one statement and records it; a reason refuses it.
func (r *dumpReader) read(st statement) string {
	c := &cursor{toks: st.toks}
	switch first := strings.ToUpper(c.peek(0).text); {
	case c.peek(0).kind != tokWord:
		return "not a statement the reader knows"
	case first == "CREATE":
		return r.create(c, st)
	case first == "ALTER":
		return r.alter(c, st)
	case first == "DROP":
		return r.drop(c)
	case first == "USE":
		return r.use(c)
	case first == "SET":
		return r.set(c)
	case first == "INSERT" || first == "REPLACE":
		return r.data(c, st)
	case setAsideStatements[first] != "":
		r.setAside(setAsideStatements[first])
		return ""
	case first == "LOCK" || first == "UNLOCK":
		r.setAside("LOCK/UNLOCK TABLES statement")
		return ""
	}
	return describe(st.toks) + " is not a schema statement (the reader takes CREATE, ALTER TABLE, DROP, USE, SET and data statements)"
}

// setAsideStatements are read and not run, counted by what they are.
var setAsideStatements = map[string]string{
	"GRANT": "account statement", "REVOKE": "account statement", "RENAME": "RENAME statement",
	"FLUSH": "FLUSH statement", "START": "transaction statement", "BEGIN": "transaction statement",
	"COMMIT": "transaction statement", "ROLLBACK": "transaction statement", "SELECT": "SELECT statement",
	"CALL": "CALL statement", "DO": "DO statement", "ANALYZE": "ANALYZE statement", "OPTIMIZE": "OPTIMIZE statement",
	"SHOW": "SHOW statement", "TRUNCATE": "TRUNCATE statement", "DELETE": "DELETE statement", "UPDATE": "UPDATE statement",
}

// fileAccess returns why a statement reads or writes files, or "".
func fileAccess(toks []token) string {
	for i, t := range toks {
		next := nextToken(toks, i)
		switch {
		case isWord(t, "LOAD") && (isWord(next, "DATA") || isWord(next, "XML")):
			return "LOAD " + strings.ToUpper(next.text) + " reads a file: a dump is loaded without touching files"
		case isWord(t, "INTO") && (isWord(next, "OUTFILE") || isWord(next, "DUMPFILE")):
			return "INTO " + strings.ToUpper(next.text) + " writes a file: a dump is loaded without touching files"
		case isWord(t, "LOAD_FILE") && isPunct(next, "("):
			return "LOAD_FILE() reads a file: a dump is loaded without touching files"
		case (isWord(t, "DATA") || isWord(t, "INDEX")) && isWord(next, "DIRECTORY"):
			return strings.ToUpper(t.text) + " DIRECTORY puts files outside the server's data directory"
		case isWord(t, "SONAME"):
			return "SONAME loads a shared library into the server"
		}
	}
	return ""
}

// use reads USE name.
func (r *dumpReader) use(c *cursor) string {
	c.next()
	t := c.next()
	if !isName(t) || !c.done() {
		return "USE takes one schema name"
	}
	name := nameOf(t)
	if IsSystemSchema(name) {
		return "USE " + display(name) + ": the server's own schemas are not part of an application's schema"
	}
	r.noteSchema(name, "", 0)
	r.schema = name
	return ""
}

// noteSchema records a schema the file creates or uses.
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

// qualified reads [schema.]name at the cursor; the schema must be one of
// the file's own (or the current one).
func (r *dumpReader) qualified(c *cursor, what string) (schema, name, reason string) {
	t := c.next()
	if !isName(t) {
		return "", "", what + " without a name"
	}
	name = nameOf(t)
	schema = r.schema
	if c.isPunct(0, ".") && isName(c.peek(1)) {
		c.next()
		schema, name = name, nameOf(c.next())
		if IsSystemSchema(schema) {
			return "", "", fmt.Sprintf("%s %s.%s: the server's own schemas are not part of an application's schema", what, display(schema), display(name))
		}
		if !r.schemas[strings.ToLower(schema)] {
			return "", "", fmt.Sprintf("%s %s.%s is aimed outside the file's own schemas (it neither creates nor uses %s)", what, display(schema), display(name), display(schema))
		}
	}
	return schema, name, ""
}

// setAside counts a statement that is read and not run.
func (r *dumpReader) setAside(what string) { r.dump.SetAside[what]++ }

func (r *dumpReader) reject(line int, sql, reason string) {
	r.rejects = append(r.rejects, &RejectError{File: r.file, Line: line, Statement: excerpt(sql), Reason: reason})
}

// rejection joins the refusals, in line order.
func (r *dumpReader) rejection() error { return joinRejects(r.file, r.rejects) }

// joinRejects joins refusals in line order, at most maxReported of them,
// then a count of the rest.
func joinRejects(file string, rejects []*RejectError) error {
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
func resolveText(text string, toks []token, keep func(int) bool) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tokCondOpen:
			b.WriteString(text[last:t.pos])
			b.WriteByte(' ')
			last = t.end
			if keep(t.cond) {
				continue
			}
			for i+1 < len(toks) && toks[i+1].kind != tokCondClose {
				i++
			}
			if i+1 < len(toks) {
				i++
				last = toks[i].end
			} else {
				last = len(text)
			}
		case tokCondClose:
			b.WriteString(text[last:t.pos])
			b.WriteByte(' ')
			last = t.end
		}
	}
	b.WriteString(text[last:])
	return strings.TrimSpace(b.String())
}
