package sqlfile

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// dumpReader turns the statements of one file into a Dump.
type dumpReader struct {
	file   string
	writer flavor.Flavor
	isDump bool // the file says which server wrote it (mysqldump, mariadb-dump)
	opts   ReadOptions
	dump   *Dump
	schema string // the schema of the last USE
	// usedFirst is the last USE, when it named a schema the file had not
	// created, used or named before: should the file create that schema
	// later, the USE found none and failed (usedBeforeCreated).
	usedFirst *firstUse
	schemas   map[string]bool // lower-cased names the file creates, uses or names
	// system is the server's own schema the file is in (a USE mysql of an
	// --all-databases dump): its statements are set aside until the next USE.
	system   string
	systems  map[string]*systemSection
	session  *session
	index    map[string]int // objectKey -> index in dump.Objects
	rejects  []*RejectError
	beforeUs bool // a statement that needs a schema came before any USE
	// unread is set when a statement the tool could not read (a USE with
	// more than a name after it: the client joined it to the next line; a
	// lexical problem) was left for the server to answer: what it holds is
	// the server's to say, so a file of no objects beyond it is still
	// checked.
	unread bool
	// statements are the file's statements as the server runs them (the
	// client's cut, each cut again where it holds several).
	statements []ClientStatement
	// accountColumns are the columns of the mysql schema's account tables
	// as the dump creates them.
	accountColumns map[string][]string
	// removed counts the places undefine left empty in dump.Objects.
	removed int
	// forget, when set, is what the reader does not keep (a file read
	// piece by piece); nil keeps everything.
	forget *forgetter
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
	client     int // the number of that client statement (Step.Client)
}

// step records a statement of the file that runs.
func (r *dumpReader) step(st statement, kind StepKind, key string) {
	r.dump.Steps = append(r.dump.Steps, Step{Kind: kind, Line: st.line, ClientLine: st.clientLine, Client: st.client, SQL: st.sql, Object: -1,
		What: stepName(st.toks), key: key})
}

// answerStep records a statement the tool could not read: the server
// answers it (a refusal the check reports at its line).
func (r *dumpReader) answerStep(st statement, kind StepKind) {
	r.unread = true
	r.step(st, kind, "")
}

// asideStep records a statement the tool does not run, with why.
func (r *dumpReader) asideStep(st statement, what, reason string) {
	r.setAside(what)
	r.dump.Steps = append(r.dump.Steps, Step{Kind: StepSetAside, Line: st.line, ClientLine: st.clientLine, Client: st.client, Object: -1,
		What: stepName(st.toks), Reason: reason})
}

// needsSchema notes a statement that needs a current schema before any USE.
func (r *dumpReader) needsSchema() {
	if r.schema == "" {
		r.beforeUs = true
	}
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

// objectKey identifies an object within the file; triggers and tables have
// separate namespaces, as do routines of different kinds.
func objectKey(kind Kind, schema, name string) string {
	ns := kind
	if kind == KindView {
		ns = KindTable // a view and a table share a name space
	}
	return string(ns) + "\x00" + strings.ToLower(schema) + "\x00" + strings.ToLower(name)
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

// define adds an object; a second definition of the same name replaces the
// first (mysqldump's view stand-ins are replaced by the view).
func (r *dumpReader) define(o Object) {
	if r.forget != nil {
		o = r.forget.object(o)
	}
	key := objectKey(o.Kind, o.Schema, o.Name)
	if i, ok := r.index[key]; ok {
		r.dump.Objects[i] = o
		r.setAside("replaced definition (view stand-in)")
		return
	}
	r.index[key] = len(r.dump.Objects)
	r.dump.Objects = append(r.dump.Objects, o)
}

// undefine removes an object defined earlier, if any: its place is left
// empty (a zero Object) until compact, so that a dump of many view
// stand-ins is not moved and re-indexed once per stand-in.
func (r *dumpReader) undefine(kind Kind, schema, name string) {
	key := objectKey(kind, schema, name)
	i, ok := r.index[key]
	if !ok {
		return
	}
	r.dump.Objects[i] = Object{}
	r.removed++
	delete(r.index, key)
	r.setAside("dropped definition (view stand-in)")
}

// compact takes the removed objects' places out of dump.Objects, the
// others' indexes following.
func (r *dumpReader) compact() {
	if r.removed == 0 {
		return
	}
	to := make([]int, len(r.dump.Objects))
	kept := r.dump.Objects[:0]
	for i, o := range r.dump.Objects {
		to[i] = len(kept)
		if o.Kind != "" {
			kept = append(kept, o)
		}
	}
	clear(r.dump.Objects[len(kept):])
	r.dump.Objects = kept
	for k, i := range r.index {
		r.index[k] = to[i]
	}
	r.removed = 0
}
