package corpus

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The oracle is the target's own command-line client: it loads the file
// with --force as root into a database named as the check's default schema
// (schemacheck.DefaultSchema, the database an installer would give the
// client), on a sandbox with the target's defaults. What it says failed
// ("ERROR code (state) at line N") and what exists afterwards is the truth
// the check is held to.

// clientError is one statement the client reports failing.
type clientError struct {
	Line, Code int
	Message    string
}

func (e clientError) String() string {
	return fmt.Sprintf("line %d: ERROR %d: %s", e.Line, e.Code, e.Message)
}

// clientRun is what the client did with one file.
type clientRun struct {
	Errors  []clientError
	Objects map[string]bool // objectKey of every table, view, routine, trigger, event after the load
}

// clientErrorLine is one error the mysql/mariadb client prints.
// A failure of the client itself (a source command whose file is not
// there) has no code: "ERROR at line N: ..."; it counts as code 0.
var clientErrorLine = regexp.MustCompile(`(?m)^ERROR (?:(\d+) \(\w+\) )?at line (\d+)[^:]*: (.*)$`)

// oracle is one sandbox of a target that files are loaded into in turn.
type oracle struct {
	srv     sandboxtest.Server
	sb      *sandbox.Sandbox
	db      *sql.DB
	globals map[string]string // as the sandbox started, restored after each file
	users   map[string]bool   // the accounts it started with
}

func startOracle(t *testing.T, srv sandboxtest.Server) *oracle {
	t.Helper()
	sb := srv.Start(t)
	db := sandboxtest.Open(t, sb.DSN())
	db.SetMaxOpenConns(1)
	o := &oracle{srv: srv, sb: sb, db: db, globals: sandboxtest.Globals(t, db), users: map[string]bool{}}
	for _, u := range o.accounts(t) {
		o.users[u] = true
	}
	return o
}

// program is the target's own client.
func (o *oracle) program() string {
	if o.srv.IsMySQL() {
		return "mysql"
	}
	return "mariadb"
}

// load resets the sandbox and runs the client on file.
func (o *oracle) load(t *testing.T, file string) clientRun {
	t.Helper()
	o.reset(t)
	sandboxtest.Exec(t, o.db, "CREATE DATABASE "+stmt.QuoteIdent(schemacheck.DefaultSchema))
	in, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := o.srv.Client(t, o.program(), "--no-defaults", "-S", o.sb.Socket(), "-uroot", "--force", schemacheck.DefaultSchema)
	cmd.Stdin = in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run() // --force: the exit status only says that some statement failed
	run := clientRun{Objects: o.objects(t)}
	for _, m := range clientErrorLine.FindAllStringSubmatch(stderr.String(), -1) {
		line, _ := strconv.Atoi(m[2])
		code, _ := strconv.Atoi(m[1]) // "": 0
		run.Errors = append(run.Errors, clientError{Line: line, Code: code, Message: m[3]})
	}
	if len(run.Errors) == 0 && stderr.Len() > 0 && !strings.Contains(stderr.String(), "Warning") {
		t.Logf("client stderr without an error line: %s", stderr.String())
	}
	return run
}

// systemSchemas are the server's own; a file's objects live elsewhere.
const systemSchemas = "('mysql','information_schema','performance_schema','sys')"

// objectKey names an object as the check does: kind and name, the name
// qualified when it is not in the default schema; lower case.
func objectKey(kind, schema, name string) string {
	if schema != schemacheck.DefaultSchema {
		name = schema + "." + name
	}
	return strings.ToLower(kind + " " + name)
}

// objects lists what exists outside the system schemas.
func (o *oracle) objects(t *testing.T) map[string]bool {
	t.Helper()
	queries := []string{
		"SELECT IF(TABLE_TYPE = 'VIEW', 'view', 'table'), TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN " + systemSchemas,
		"SELECT LOWER(ROUTINE_TYPE), ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN " + systemSchemas,
		"SELECT 'trigger', TRIGGER_SCHEMA, TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA NOT IN " + systemSchemas,
		"SELECT 'event', EVENT_SCHEMA, EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA NOT IN " + systemSchemas,
	}
	out := map[string]bool{}
	for _, q := range queries {
		for _, r := range sandboxtest.Rows(t, o.db, q) {
			out[objectKey(r[0], r[1], r[2])] = true
		}
	}
	return out
}

// accounts lists user@host of every account.
func (o *oracle) accounts(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, r := range sandboxtest.Rows(t, o.db, "SELECT CONCAT(QUOTE(User), '@', QUOTE(Host)) FROM mysql.user") {
		out = append(out, r[0])
	}
	sort.Strings(out)
	return out
}

// reset leaves the sandbox as it started: no database but the system's,
// no account the last file made, every global as it was.
func (o *oracle) reset(t *testing.T) {
	t.Helper()
	for _, r := range sandboxtest.Rows(t, o.db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN "+systemSchemas) {
		sandboxtest.Exec(t, o.db, "DROP DATABASE "+stmt.QuoteIdent(r[0]))
	}
	for _, u := range o.accounts(t) {
		if !o.users[u] {
			sandboxtest.Exec(t, o.db, "DROP USER "+u)
		}
	}
	for name, value := range sandboxtest.Globals(t, o.db) {
		if before, ok := o.globals[name]; ok && before != value {
			// a read-only global (gtid_executed) moves on its own
			if _, err := o.db.Exec("SET GLOBAL " + name + " = " + globalValue(before)); err != nil && !strings.Contains(err.Error(), "read only") {
				t.Fatalf("setting %s back to %q after the last file set it to %q: %v", name, before, value, err)
			}
		}
	}
}

// globalValue is v as SET GLOBAL takes it: a number bare, the rest quoted.
func globalValue(v string) string {
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return v
	}
	return stmt.QuoteString(v)
}
