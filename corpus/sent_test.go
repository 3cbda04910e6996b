package corpus

import (
	"bytes"
	"database/sql"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// What the target's own client sends is read from the server's general
// log (log_output=TABLE): each statement as the server received it, and a
// database change (COM_INIT_DB, which the client sends for its command
// use) as "USE db". The client reads the file from stdin with --force into
// a fresh database, as the corpus tier's oracle runs it.

// loggedServer is a sandbox of a target that logs every statement it is
// sent.
type loggedServer struct {
	srv sandboxtest.Server
	sb  *sandbox.Sandbox
	db  *sql.DB
}

// sentDatabase is the database the client is given.
const sentDatabase = "sent"

// startLogged starts srv with its general log on, in a table. MySQL writes
// a statement it cannot parse to the general log only with log-raw.
func startLogged(t *testing.T, srv sandboxtest.Server) *loggedServer {
	t.Helper()
	var o sandbox.Options
	if srv.IsMySQL() {
		o.ServerOptions = []string{"log-raw=ON"}
	}
	sb := srv.Start(t, o)
	db := sandboxtest.Open(t, sb.DSN())
	db.SetMaxOpenConns(1)
	sandboxtest.Exec(t, db, "SET GLOBAL log_output = 'TABLE'", "SET GLOBAL general_log = 1")
	return &loggedServer{srv: srv, sb: sb, db: db}
}

// family is the client family of the server's own client.
func (l *loggedServer) family() sqlfile.ClientFamily { return familyOf(l.srv) }

// familyOf is the client family of srv's own client.
func familyOf(srv sandboxtest.Server) sqlfile.ClientFamily {
	if srv.IsMySQL() {
		return sqlfile.MySQLClient
	}
	return sqlfile.MariaDBClient
}

// sent runs the server's own client on src and returns what it sent.
func (l *loggedServer) sent(t *testing.T, src string) []string {
	t.Helper()
	sent, _ := l.load(t, src, sentDatabase, nil)
	return sent
}

// load runs the server's own client on src, given database db, on a server
// that holds no schema but db and schemas, and returns what it sent and
// the lines of the errors it reported.
func (l *loggedServer) load(t *testing.T, src, db string, schemas []string) (sent []string, errorLines map[int]bool) {
	t.Helper()
	for _, r := range sandboxtest.Rows(t, l.db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN "+systemSchemas) {
		sandboxtest.Exec(t, l.db, "DROP DATABASE "+stmt.QuoteIdent(r[0]))
	}
	for _, s := range schemas {
		sandboxtest.Exec(t, l.db, "CREATE DATABASE IF NOT EXISTS "+stmt.QuoteIdent(s))
	}
	sandboxtest.Exec(t, l.db, "CREATE DATABASE IF NOT EXISTS "+stmt.QuoteIdent(db), "TRUNCATE TABLE mysql.general_log")
	program := "mariadb"
	if l.srv.IsMySQL() {
		program = "mysql"
	}
	cmd := l.srv.Client(t, program, "--no-defaults", "-S", l.sb.Socket(), "-uroot", "--force", db)
	cmd.Stdin = strings.NewReader(src)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // --force: the exit status only says that some statement failed
	own := sandboxtest.Rows(t, l.db, "SELECT CONNECTION_ID()")[0][0]
	rows := sandboxtest.Rows(t, l.db, "SELECT thread_id, command_type, CONVERT(argument USING utf8mb4) FROM mysql.general_log")
	errorLines = map[int]bool{}
	for _, m := range clientErrorLine.FindAllStringSubmatch(out.String(), -1) {
		line, _ := strconv.Atoi(m[2])
		errorLines[line] = true
	}
	return clientSent(rows, own), errorLines
}

// clientQueries are what a client sends of its own when it starts.
var clientQueries = map[string]bool{"select @@version_comment limit 1": true, "select $$": true}

// clientSent is what the client sent, from the general log's rows (thread,
// command, argument), the rows of the thread own left out: each query, and
// each database change as "USE db". MariaDB's client asks "SELECT
// DATABASE()" before it changes the database, and sends no change when it
// is in that database already: that is "USE =" (sameUse).
func clientSent(rows [][]string, own string) []string {
	var out []string
	for i, r := range rows {
		if r[0] == own {
			continue
		}
		switch r[1] {
		case "Init DB":
			if n := len(out); n > 0 && out[n-1] == sameUse {
				out = out[:n-1]
			}
			out = append(out, "USE "+initDB(r[2]))
		case "Query":
			switch {
			case clientQueries[r[2]] && i < 4:
			case r[2] == "SELECT DATABASE()":
				out = append(out, sameUse)
			default:
				out = append(out, r[2])
			}
		}
	}
	return out
}

// initDB is the database of a change the log wrote, as a name: quoted
// when it is no bare name ("s2;", what MariaDB's client asks for at
// "use s2;" under another delimiter).
func initDB(name string) string {
	if strings.ContainsAny(name, " \n\t;`'\"") {
		return stmt.QuoteIdent(name)
	}
	return name
}

// sameUse is the client's use of the database it is in: no change sent.
const sameUse = "USE ="

// sameStatements is a list of statements as the server of family reads
// them: each statement's tokens (comments and spaces left out, a USE of one
// name as "USE name"), the statements of no token left out. Two cuts that
// send the server the same statements read the same. MySQL's server reads
// "/*M!" as a plain comment (and MySQL 9.7's client sends some as "/*
// M!"): for it, the text is read so.
func sameStatements(stmts []string, family sqlfile.ClientFamily) []string {
	var out []string
	for _, s := range stmts {
		if family == sqlfile.MySQLClient {
			s = strings.ReplaceAll(s, "/*M!", "/* M!")
		}
		if n := normalTokens(s); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// normalTokens is one statement's tokens, joined by a space, as the
// server keeps it: without the ";" and white space at its end, which both
// servers strip from a statement they receive before they log or read it
// (alloc_query), even where a ";" is inside an unterminated "/*!" comment.
func normalTokens(s string) string {
	if s == sameUse {
		return s
	}
	if name, ok := strings.CutPrefix(s, "USE "); ok && !strings.ContainsAny(name, " \n\t;`") {
		return "USE " + name // a database change the log wrote
	}
	toks, _ := sqlfile.Lex(strings.TrimRight(s, "; \t\n\r\v\f"), sqlfile.SQLMode{}, 1)
	if len(toks) == 2 && sqlfile.IsWord(toks[0], "USE") && sqlfile.IsName(toks[1]) {
		return "USE " + sqlfile.NameOf(toks[1])
	}
	parts := make([]string, len(toks))
	for i, tk := range toks {
		parts[i] = tk.Text()
	}
	return strings.Join(parts, " ")
}

// toolSent is what the tool's cut of src, as family reads it, sends.
func toolSent(src string, family sqlfile.ClientFamily) []string {
	stmts, _ := sqlfile.ClientStatementsOf("gen.sql", src, family)
	out := make([]string, len(stmts))
	for i, s := range stmts {
		out[i] = s.Text
	}
	return out
}

// firstDifference is the index of the first statement where a (the tool's)
// and b (the client's) differ, -1 when they are the same; the client's use
// of the database it is in is any USE of the tool's.
func firstDifference(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] && !(b[i] == sameUse && strings.HasPrefix(a[i], "USE ")) {
			return i
		}
	}
	return -1
}

// at is the i-th statement, or a mark for none.
func at(stmts []string, i int) string {
	if i < len(stmts) {
		return stmts[i]
	}
	return "(no statement)"
}
