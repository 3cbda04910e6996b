// Package sqlfile reads a user's schema file: mysqldump or mariadb-dump
// output (any options) or an install script.
//
// ReadDump reads it the way the mysql client and the server that wrote it
// would (DELIMITER blocks, backslash commands, executable comments
// evaluated for that server, SET lines followed, view stand-ins replaced, a
// dump's rows set aside) into the objects it defines, each with its kind,
// name, file:line and session settings, and into the steps the client
// would send, in file order, for check --schema-file to replay on a target
// sandbox. Parse reads the same files into the workload --ddl-file
// calibrates with on a live server: only the table DDL, in the scratch
// schema.
//
// Both cut the file into statements as the mysql client does (at the
// current delimiter outside strings, quoted identifiers and plain comments),
// then each client statement as the server runs it (server.go: a text
// under DELIMITER $$ may hold several statements; a stored program's body
// is one), and refuse, with file:line, the client commands (\!, system,
// source, pager, ...): a file is input, never instructions to the client.
// Parse sets aside and lists, with its line, every statement that shares a
// client statement with others and is not the file's table DDL. Nothing
// runs before the whole file has been read. ReadDump sets aside, each with
// its line and why, the server-side statements the schema check does not
// run (file access, libraries, SET GLOBAL, accounts, the server's own
// schemas); Parse refuses them, and anything else that is not table DDL on
// unqualified names.
//
// For --ddl-file, statements are classified as:
//
//   - run: CREATE TABLE (plain or LIKE an earlier table), CREATE INDEX and
//     ALTER TABLE on unqualified names of tables the file creates;
//   - ignored, and counted in the notes: session SET statements, DROP TABLE
//     on unqualified names (the calibration drops what it creates), LOCK and
//     UNLOCK TABLES;
//   - set aside, and counted in the notes: views, routines, triggers and
//     events (and their DROP statements), CREATE/ALTER/DROP DATABASE and USE,
//     INSERT and REPLACE data, a dump's SET GTID_PURGED, and the stand-in
//     tables mysqldump writes for views;
//   - refused: everything else, including SET GLOBAL, CREATE TEMPORARY
//     TABLE, CREATE TABLE ... SELECT, any schema-qualified name, RENAME in
//     ALTER TABLE, DATA/INDEX DIRECTORY, engines that reach outside the
//     server (FEDERATED, CONNECT, SPIDER).
//
// Executable comments (/*!40101 ... */, /*!50100 PARTITION BY ... */,
// /*M!100500 ... */) are kept verbatim in the statements --ddl-file runs,
// since the server runs them, and their contents count as code when a
// statement is classified.
//
// A statement that runs must be the same statement on every server that may
// read it: on MySQL and MariaDB at any version (versioned executable comments
// may be skipped) and under NO_BACKSLASH_ESCAPES and ANSI_QUOTES. It must be
// valid UTF-8, free of NUL bytes and mysql client commands, and have balanced
// parentheses. Each table is created once, and ALTER TABLE, CREATE INDEX and
// CREATE TABLE ... LIKE name a table created earlier in the file: the scratch
// schema starts empty.
//
// Statement.SQL is the statement's text from its first to its last token
// (comments around it and the delimiter dropped). AcceptsClause is set for
// CREATE TABLE statements a table option can be appended to: not for LIKE,
// not for partitioned tables (the partition clause must come last), not when
// a server that skips a versioned comment would see nothing but the option.
//
// Parse reports every refused statement (up to ten, then a count) as
// *RejectError values joined with errors.Join; errors.As finds the first one
// and errors.Is(err, ErrRejected) is true for all of them. The package never
// builds SQL: the statements are the file's own text, and names are only
// extracted to drop the created tables and to validate.
package sqlfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// MaxFileSize bounds the DDL files Parse reads.
const MaxFileSize = 64 << 20

// maxReported bounds the refused statements an error lists.
const maxReported = 10

// excerptLen is the length, in characters, of RejectError.Statement.
const excerptLen = 80

// ErrRejected matches, with errors.Is, every refusal of a DDL file: the CLI
// exits 2 on it.
var ErrRejected = errors.New("DDL file refused")

// RejectError is a refused DDL file: the statement, where it starts and why.
type RejectError struct {
	File      string
	Line      int    // line of the statement's first token; 0 for the whole file
	Statement string // first 80 characters, whitespace collapsed
	Reason    string
}

// Error returns "file:line: refused: reason: statement".
func (e *RejectError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	s += ": refused: " + e.Reason
	if e.Statement != "" {
		s += ": " + e.Statement
	}
	return s
}

// Is makes errors.Is(err, ErrRejected) true.
func (e *RejectError) Is(target error) bool { return target == ErrRejected }

// ParseFile reads the DDL file at path; see Parse.
func ParseFile(path string) (Tables, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return Tables{}, nil, err
	}
	defer f.Close()
	return Parse(path, f)
}

// Parse reads a DDL file into the calibration workload: the statements that
// run, in file order, and notes on what was ignored or is worth knowing.
// name is used in messages and, without its directory, in Workload.Name.
// Any statement that may not run makes it return an error and no workload.
func Parse(name string, r io.Reader) (Tables, []string, error) {
	src, err := ReadSource(name, r)
	if err != nil {
		return Tables{}, nil, err
	}
	if one, note, ok := OneTenant(name, src); ok { // tenants.go
		if t, notes, err := parseSource(name, one); err == nil {
			return t, append(notes, note), nil
		}
	}
	return parseSource(name, src)
}

// parseSource is Parse of a file's text.
func parseSource(name, src string) (Tables, []string, error) {
	stmts, rejects := ClientStatements(name, src)
	p := newParser(name)
	p.rejects = rejects
	for _, cs := range stmts {
		parts := SplitServer(cs)
		for _, part := range parts {
			p.read(part, len(parts) > 1)
		}
	}
	p.dropStandIns(ObjectsOf(name, src))
	return p.result()
}

// read classifies one server statement. shared is true when its client
// statement holds other server statements too: the server would run each
// of them, so each is judged on its own, and every one that is not the
// file's table DDL is set aside and listed with its line, never run.
func (p *parser) read(cs ClientStatement, shared bool) {
	toks, conds := Lex(cs.Text, defaultMode, cs.Line)
	if len(toks) == 0 {
		return
	}
	st := newRawStatement(cs.Text, toks, conds)
	all := Significant(toks, func(int) bool { return true })
	if what := setAsideKind(all); what != "" {
		if reason := FileAccess(all); reason != "" {
			p.reject(st.line, st.sql, reason)
		}
		p.counts[what]++
		if shared {
			p.listAside(st, what)
		}
		return
	}
	if shared && !p.runsOrIgnores(st) {
		p.listAside(st, Describe(all))
		return
	}
	p.add(st)
}

// runsOrIgnores reports whether --ddl-file would run or ignore a statement
// (rather than refuse it).
func (p *parser) runsOrIgnores(st rawStatement) bool {
	if st.lexicalProblem() != "" {
		return true // refused by add, as at the top level
	}
	v, reason := classifyRun(st)
	return reason == "" && p.checkTables(v) == ""
}

// listAside records a statement set aside from a client statement that
// held several, with its line, for the notes.
func (p *parser) listAside(st rawStatement, what string) {
	p.hidden = append(p.hidden, fmt.Sprintf("line %d: %s (%s)", st.line, Excerpt(st.sql), what))
}

// Statement is one DDL statement --ddl-file runs, with the table it creates.
type Statement struct {
	SQL   string // the file's text, without the tool tag
	Table string // table created (for the matching DROP)
	// AcceptsClause is true for CREATE TABLE statements a table option
	// (a calibration variant's clause) may be appended to.
	AcceptsClause bool
}

// Tables is what --ddl-file calibrates with: the statements that run, in
// file order, under a name that says where they come from.
type Tables struct {
	Name       string
	Statements []Statement
}

// parser accumulates the workload, the notes and the refusals of one file.
type parser struct {
	file        string
	tables      Tables
	created     map[string]bool // lower-cased names of the tables created so far
	counts      map[string]int  // statements per kind
	partitioned []string
	likeTables  []string
	otherEngine []string // "table (ENGINE)"
	foreignKeys int
	rejects     []*RejectError
	hidden      []string // statements set aside from client statements that held several
	objects     *Dump    // the file's objects as the dump reader sees them; nil if it refused the file
}

func newParser(file string) *parser {
	return &parser{file: file, created: map[string]bool{}, counts: map[string]int{}}
}

// add classifies one statement.
func (p *parser) add(st rawStatement) {
	if reason := st.lexicalProblem(); reason != "" {
		p.reject(st.line, st.sql, reason)
		return
	}
	v, reason := classifyRun(st)
	if reason == "" {
		reason = p.checkTables(v)
	}
	if reason != "" {
		p.reject(st.line, st.sql, reason)
		return
	}
	p.record(st, v)
}

// checkTables checks a statement against the tables created before it: the
// scratch schema starts empty, and every created table is dropped once.
func (p *parser) checkTables(v verdict) string {
	if v.action != actRun {
		return ""
	}
	if v.kind == kindCreateTable && p.created[strings.ToLower(v.table)] {
		return "table " + display(v.table) + " is created twice (each created table is dropped once per round)"
	}
	if v.target != "" && !p.created[strings.ToLower(v.target)] {
		return "table " + display(v.target) + " is not created earlier in the file (the scratch schema starts empty)"
	}
	return ""
}

// record adds a statement that passed every check.
func (p *parser) record(st rawStatement, v verdict) {
	if v.action == actEmpty {
		return
	}
	p.counts[v.kind]++
	if v.action != actRun {
		return
	}
	s := Statement{SQL: st.sql}
	table := v.target
	if v.kind == kindCreateTable {
		table = v.table
		s.Table = v.table
		s.AcceptsClause = !v.like && !v.partitioned && !v.noClause
		p.created[strings.ToLower(v.table)] = true
	}
	if v.partitioned {
		p.partitioned = append(p.partitioned, display(v.table))
	}
	if v.like {
		p.likeTables = append(p.likeTables, display(v.table))
	}
	for _, e := range v.engines {
		p.otherEngine = append(p.otherEngine, display(table)+" ("+e+")")
	}
	if v.foreignKeys {
		p.foreignKeys++
	}
	p.tables.Statements = append(p.tables.Statements, s)
}

// reject records a refused statement.
func (p *parser) reject(line int, sql, reason string) {
	p.rejects = append(p.rejects, &RejectError{File: p.file, Line: line, Statement: Excerpt(sql), Reason: reason})
}

// result returns the workload and notes, or the refusals.
func (p *parser) result() (Tables, []string, error) {
	if len(p.rejects) > 0 {
		return Tables{}, nil, p.rejection()
	}
	if p.counts[kindCreateTable] == 0 {
		return Tables{}, nil, &RejectError{File: p.file, Reason: "no CREATE TABLE statements"}
	}
	p.tables.Name = filepath.Base(p.file) + ": " + p.summary()
	return p.tables, p.notes(), nil
}

// rejection joins the refusals, in line order.
func (p *parser) rejection() error { return JoinRejects(p.file, p.rejects) }

// summary counts the statements that run, e.g. "12 CREATE TABLE, 3 ALTER TABLE".
func (p *parser) summary() string {
	var parts []string
	for _, k := range []string{kindCreateTable, kindAlterTable, kindCreateIndex} {
		if n := p.counts[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	return strings.Join(parts, ", ")
}

// notes says what was ignored and what limits the measurement.
func (p *parser) notes() []string {
	var notes []string
	var ignored []string
	for _, k := range []string{kindSet, kindDropTable, kindLockTables} {
		if n := p.counts[k]; n > 0 {
			ignored = append(ignored, plural(n, k+" statement"))
		}
	}
	if len(ignored) > 0 {
		notes = append(notes, "ignored "+strings.Join(ignored, ", ")+
			" (the calibration uses its own session settings and drops the tables it creates)")
	}
	if n := p.asideNote(); n != "" {
		notes = append(notes, n)
	}
	if len(p.hidden) > 0 {
		notes = append(notes, "set aside, never run: "+plural(len(p.hidden), "statement")+" sharing a client statement with others "+
			"(the mysql client would send them together and the server run each): "+strings.Join(p.hidden, "; "))
	}
	if n := len(p.partitioned); n == 1 {
		notes = append(notes, "table "+p.partitioned[0]+" is partitioned: variants that use a table clause run it unchanged")
	} else if n > 1 {
		notes = append(notes, "tables "+listNames(p.partitioned)+" are partitioned: variants that use a table clause run them unchanged")
	}
	if len(p.likeTables) > 0 {
		notes = append(notes, "created with CREATE TABLE ... LIKE: "+listNames(p.likeTables)+": variants that use a table clause run them unchanged")
	}
	if len(p.otherEngine) > 0 {
		notes = append(notes, "not InnoDB: "+listNames(p.otherEngine)+": only InnoDB tables are affected by the variants")
	}
	if p.foreignKeys > 0 {
		notes = append(notes, "foreign keys in "+plural(p.foreignKeys, "statement")+": the calibration session needs foreign_key_checks=0 "+
			"(the file's own SET FOREIGN_KEY_CHECKS is ignored, and dumps create tables in name order)")
	}
	return notes
}

// plural returns "1 thing" or "n things".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// listNames joins up to five names and counts the rest.
func listNames(names []string) string {
	const shown = 5
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:shown], ", ") + fmt.Sprintf(" and %d more", len(names)-shown)
}

// display quotes a name from the file for messages; names with unprintable
// characters are shown Go-quoted so they cannot disturb a terminal.
func display(name string) string {
	if strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 || !utf8.ValidString(name) {
		return strconv.Quote(name)
	}
	return stmt.QuoteIdent(name)
}

// quoteShort shows a piece of source text in a message: Go-quoted, at most
// 24 characters.
func quoteShort(s string) string {
	const n = 24
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n]) + "..."
	}
	return strconv.Quote(s)
}

// Excerpt returns the first excerptLen characters of a statement with its
// whitespace collapsed and unprintable characters replaced.
func Excerpt(sql string) string {
	s := strings.Join(strings.Fields(strings.ToValidUTF8(sql, "?")), " ")
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
	if utf8.RuneCountInString(s) <= excerptLen {
		return s
	}
	return string([]rune(s)[:excerptLen])
}
