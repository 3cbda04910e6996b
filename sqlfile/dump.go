package sqlfile

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Kind is the kind of a schema object.
type Kind string

// The kinds of schema objects a dump or install script defines.
const (
	KindTable     Kind = "table"
	KindView      Kind = "view"
	KindProcedure Kind = "procedure"
	KindFunction  Kind = "function"
	KindTrigger   Kind = "trigger"
	KindEvent     Kind = "event"
)

// Kinds lists every kind in the order a schema is created: tables, then the
// routines views may call, views, and the triggers and events that may call
// routines.
var Kinds = []Kind{KindTable, KindFunction, KindProcedure, KindView, KindTrigger, KindEvent}

// Object is one table, view, routine, trigger or event of a schema, as the
// file defines it.
type Object struct {
	Kind   Kind
	Schema string // the schema it is created in ("" when the file names none)
	Name   string
	Table  string // for a trigger: the table it is on
	File   string // the file, or the live server it was read from
	Line   int    // line of the CREATE statement; 0 when read from a server
	// SQL is the CREATE statement as the server that wrote the dump ran it:
	// executable comments that server runs are kept as plain text, the
	// others removed. When the file does not name its writer (an install
	// script), the statement as written: the server it goes to evaluates
	// its comments.
	SQL string
	// Alters are later statements of the file that change a table: ALTER
	// TABLE and CREATE INDEX, in file order (not the data-loading ALTER
	// TABLE ... DISABLE/ENABLE KEYS).
	Alters []string
	// Session is the session settings in force where the file creates it
	// (sql_mode, character sets, time zone, checks), in a fixed order.
	Session []Setting
}

// Source is "file:line", or "server schema.name" for an object read from a
// live server (no line).
func (o Object) Source() string {
	if o.Line == 0 {
		return fmt.Sprintf("%s %s.%s", o.File, o.Schema, o.Name)
	}
	return fmt.Sprintf("%s:%d", o.File, o.Line)
}

// Setting is one session variable and the value a file set it to.
type Setting struct {
	Name  string // lower case, e.g. "sql_mode"
	Value string // as written, unquoted
}

// SchemaDef is a schema the file creates, uses or names.
type SchemaDef struct {
	Name string
	SQL  string // its CREATE DATABASE statement ("" when the file only USEs or names it)
	Line int
	// Named is set for a schema the file names (schema.name) before it
	// creates or uses it: the application expects it to exist.
	Named bool
}

// Dump is what a dump or install script defines.
type Dump struct {
	File    string
	Writer  flavor.Flavor // the server the dump was taken from; zero when the file does not say
	Schemas []SchemaDef
	Objects []Object
	// SetAside counts what was read but is not a schema object, by what it
	// is ("INSERT statement", "view stand-in", ...).
	SetAside map[string]int
	// Data holds the INSERT and REPLACE statements when they were asked for.
	Data []DataStatement
	// Steps are the file's statements in file order, as the mysql client
	// sends them: what the schema check replays. Nil for a schema read from
	// a live server.
	Steps []Step
	// DefaultSchema is the schema the file's first statements run in, for
	// an install script given to the client with a database (mysql app <
	// file): the one schema the file names and never creates, or "" for the
	// check's own default.
	DefaultSchema string
	// NeedsDefault is set when statements run before the file's first USE.
	NeedsDefault bool
	// Accounts are the accounts of the dump's mysql.user or
	// mysql.global_priv rows (an --all-databases dump) and of its CREATE
	// USER statements that name a plugin, without their passwords; the
	// rows and statements themselves are set aside.
	Accounts []Account
	// Notes say what the reader did that the report must tell: the
	// server's own schemas set aside, a SET GLOBAL sql_mode followed for
	// the session, a schema the file names and never creates.
	Notes []string
}

// DataStatement is one statement that loads rows.
type DataStatement struct {
	Schema, Table string
	SQL           string
	Line          int
	Session       []Setting
}

// SchemaNames lists the schemas a load of the dump creates: the ones it
// creates, uses or names, and its default schema when it has one.
func (d *Dump) SchemaNames() []string {
	var out []string
	for _, s := range d.Schemas {
		out = append(out, s.Name)
	}
	if d.DefaultSchema != "" && !slices.Contains(out, d.DefaultSchema) {
		out = append(out, d.DefaultSchema)
	}
	return out
}

// Count returns how many objects of kind the dump defines.
func (d *Dump) Count(kind Kind) int {
	n := 0
	for _, o := range d.Objects {
		if o.Kind == kind {
			n++
		}
	}
	return n
}

// ReadOptions configure ReadDump.
type ReadOptions struct {
	// WithData keeps INSERT and REPLACE statements (Dump.Data); by default
	// they are counted and set aside.
	WithData bool
	// Writer is the server that wrote the file, when the file does not say
	// (install scripts): executable comments are read as it would run them.
	// Zero means every executable comment counts when the file is read, and
	// the statements keep them for the server they go to.
	Writer flavor.Flavor
}

// ReadDumpFile reads the dump or install script at path; see ReadDump.
func ReadDumpFile(path string, o ReadOptions) (*Dump, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadDump(path, f, o)
}

// ReadDump reads mysqldump or mariadb-dump output (any options) or an
// install script into the objects it defines, each with its file:line and
// the session settings in force, and into the steps the mysql client would
// send, in file order. Nothing is run. Only what the client itself would
// run outside the server (\!, system, source, pager, ...) or a file it
// cannot cut makes it return a *RejectError (errors.Is ErrRejected) naming
// file:line, and no dump; the server-side statements the tool does not run
// (SET GLOBAL, file access, accounts, plugins, the server's own schemas)
// are set aside, each a StepSetAside naming why.
func ReadDump(name string, r io.Reader, o ReadOptions) (*Dump, error) {
	src, err := ReadSource(name, r)
	if err != nil {
		return nil, err
	}
	rd, err := readDump(name, src, o)
	if err != nil {
		return nil, err
	}
	return rd.finish()
}

// ReadSource reads a whole file, at most MaxFileSize bytes, without a BOM,
// into one string of its size (a file's size known beforehand: no growing
// buffer and copy, which for a large dump held three times its size).
func ReadSource(name string, r io.Reader) (string, error) {
	var b strings.Builder
	if st, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() <= MaxFileSize {
			b.Grow(int(fi.Size()) + 1)
		}
	}
	if _, err := io.Copy(&b, io.LimitReader(r, MaxFileSize+1)); err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	if b.Len() > MaxFileSize {
		return "", &RejectError{File: name, Reason: fmt.Sprintf("file larger than %d MiB", MaxFileSize>>20)}
	}
	return strings.TrimPrefix(b.String(), "\ufeff"), nil
}

// readDump reads every statement of src; the reader holds the refusals.
func readDump(name, src string, o ReadOptions) (*dumpReader, error) {
	if strings.IndexByte(src, 0) >= 0 {
		return nil, &RejectError{File: name, Line: 1 + strings.Count(src[:strings.IndexByte(src, 0)], "\n"), Reason: "NUL byte in the file"}
	}
	writer := o.Writer
	w, isDump := dumpWriter(src)
	if isDump {
		writer = w
	}
	cut := cutClient(name, src)
	stmts := serverStatements(cut.out)
	rd := newDumpReader(name, writer, o)
	rd.isDump = isDump
	rd.rejects = cut.rejects
	rd.notSourced(cut.sourced)
	for _, st := range stmts {
		if err := rd.add(st); err != nil {
			return nil, err
		}
	}
	rd.statements = stmts
	return rd, nil
}

// dumpWriter reads the "-- Server version" line mysqldump and mariadb-dump
// write at the top of a dump.
func dumpWriter(src string) (flavor.Flavor, bool) {
	head := src[:min(len(src), 4096)]
	for _, line := range strings.Split(head, "\n") {
		rest, ok := strings.CutPrefix(line, "-- Server version")
		if !ok {
			continue
		}
		v := strings.TrimSpace(rest)
		if strings.Contains(head, "-- MariaDB dump") && !strings.Contains(strings.ToLower(v), "mariadb") {
			v += "-MariaDB"
		}
		fl, err := flavor.Identify(v, "")
		if err != nil {
			return flavor.Flavor{}, false
		}
		return fl, true
	}
	return flavor.Flavor{}, false
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

// ObjectsOf returns the objects the file defines, read the way check
// --schema-file reads them; nil for a file the dump reader refuses (the
// classifier says why it refuses it).
func ObjectsOf(name, src string) *Dump {
	rd, err := readDump(name, src, ReadOptions{})
	if err != nil {
		return nil
	}
	return rd.dump
}
