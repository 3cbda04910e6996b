package sqlfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

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
	// Client is the client family the file is given to (the target's):
	// where the two clients cut a file differently, the cut follows it.
	Client ClientFamily
}

// Account is one account of a dump's mysql.user or mysql.global_priv rows,
// or of a CREATE USER statement.
type Account struct {
	User, Host string
	// Plugin is the authentication plugin as the row states it; "" where
	// the row leaves it empty (which the server reads as
	// mysql_native_password).
	Plugin string
	// CannotLogIn is set for a locked account or a role.
	CannotLogIn bool
	// Line is the line of the row's INSERT statement or of the CREATE USER.
	Line int
}

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
	// Client numbers, from 1, the client statement the step is part of:
	// the steps of one text up to the delimiter share it, and on a sandbox
	// that text is sent whole, for the server to cut (schemacheck's
	// replay). 0: a step of its own.
	Client int
	SQL    string
	// Object is the index in Dump.Objects of the object a StepCreate
	// creates or a StepAlter changes; -1 otherwise.
	Object int
	// What names the statement for the report ("INSERT INTO admin_user").
	What string
	// Reason says why a StepSetAside is not run.
	Reason string
	// Schema is the schema a CREATE DATABASE creates.
	Schema string
	// Unknown is the text of a StepSetAside the reader knows no statement
	// of (an unknown first word, or the end of a routine's body the
	// reader's server cut split off): not run on its own, but sent within
	// the text of its client statement, whose statements the server cuts
	// (schemacheck's replay).
	Unknown string

	key string // objectKey of the object, while reading
}

// Source is "file:line" of the step.
func (s Step) Source(file string) string { return fmt.Sprintf("%s:%d", file, s.Line) }

// Text returns the value without its quotes, for display.
func (s Setting) Text() string {
	v := s.Value
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
		return strings.ReplaceAll(v[1:len(v)-1], string(v[0])+string(v[0]), string(v[0]))
	}
	return v
}

// UnknownStatement is what Dump.SetAside counts a statement under that the
// reader knows no statement of (Step.Unknown); a schema check that sends it
// within its client statement, for the server to cut and answer, takes it
// off that count.
const UnknownStatement = "statement the tool does not run"
