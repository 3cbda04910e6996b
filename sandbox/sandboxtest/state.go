package sandboxtest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// queryTimeout bounds every query the helpers below send.
const queryTimeout = 20 * time.Second

// Open opens a connection pool to dsn, pings it and closes it when the test
// ends.
func Open(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatalf("sandboxtest: opening the test server: %v", err)
	}
	db.SetMaxOpenConns(4)
	t.Cleanup(func() { db.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		t.Fatalf("sandboxtest: connecting to the test server: %v", err)
	}
	return db
}

// Exec runs statements on one connection of db, failing the test on the
// first error. The session keeps them out of the binary log (test users and
// tables must not replicate anywhere).
func Exec(t testing.TB, db *sql.DB, stmts ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, s := range append([]string{"SET SESSION sql_log_bin = 0"}, stmts...) {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// Rows returns every row of a query, NULL as "".
func Rows(t testing.TB, db *sql.DB, query string, args ...any) [][]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
	defer cancel()
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			row[i] = v.String
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return out
}

// Globals returns every global variable, as SHOW GLOBAL VARIABLES prints it.
func Globals(t testing.TB, db *sql.DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range Rows(t, db, "SHOW GLOBAL VARIABLES") {
		out[r[0]] = r[1]
	}
	return out
}

// ScratchSchemas lists the upgrade_advisor_% schemas on the server.
func ScratchSchemas(t testing.TB, db *sql.DB) []string {
	t.Helper()
	var out []string
	for _, r := range Rows(t, db, `SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'upgrade\_advisor\_%' ORDER BY 1`) {
		out = append(out, r[0])
	}
	return out
}

// movingGlobals change on their own while a server runs; a run of the tool
// is not to blame for them.
var movingGlobals = map[string]bool{"gtid_executed": true, "gtid_binlog_pos": true, "gtid_current_pos": true, "gtid_binlog_state": true}

// State is what a run of the tool must leave as it found it: every global
// variable, and no scratch schema.
type State struct {
	globals map[string]string
	scratch []string
}

// Capture reads the server's state before a run.
func Capture(t testing.TB, db *sql.DB) State {
	t.Helper()
	return State{globals: Globals(t, db), scratch: ScratchSchemas(t, db)}
}

// AssertUnchanged fails the test when a global differs from the captured
// state or a scratch schema exists that did not before.
func (s State) AssertUnchanged(t testing.TB, db *sql.DB) {
	t.Helper()
	if diff := diffGlobals(s.globals, Globals(t, db)); len(diff) > 0 {
		t.Errorf("globals changed by the run: %s", strings.Join(diff, "; "))
	}
	before := map[string]bool{}
	for _, name := range s.scratch {
		before[name] = true
	}
	for _, name := range ScratchSchemas(t, db) {
		if !before[name] {
			t.Errorf("scratch schema %s left on the server", name)
		}
	}
}

// diffGlobals lists the globals whose values differ between two readings
// ("name: before -> after"), leaving out those that move on their own.
func diffGlobals(before, after map[string]string) []string {
	var diff []string
	for name, v := range before {
		if a, ok := after[name]; (!ok || a != v) && !movingGlobals[name] {
			diff = append(diff, fmt.Sprintf("%s: %q -> %q", name, v, a))
		}
	}
	for name, a := range after {
		if _, ok := before[name]; !ok && !movingGlobals[name] {
			diff = append(diff, fmt.Sprintf("%s: (none) -> %q", name, a))
		}
	}
	sort.Strings(diff)
	return diff
}

// SaveVariables writes the server's SHOW GLOBAL VARIABLES to path as the
// mysql client prints it in batch mode (mysql -B -e 'SHOW GLOBAL VARIABLES'):
// a header line, then name TAB value, with tabs, newlines and backslashes
// in values escaped.
func SaveVariables(t testing.TB, db *sql.DB, path string) map[string]string {
	t.Helper()
	globals := Globals(t, db)
	names := make([]string, 0, len(globals))
	for name := range globals {
		names = append(names, name)
	}
	sort.Strings(names)
	esc := strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\x00", `\0`)
	var b strings.Builder
	b.WriteString("Variable_name\tValue\n")
	for _, name := range names {
		b.WriteString(name + "\t" + esc.Replace(globals[name]) + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return globals
}

// User creates account (e.g. "'u'@'localhost'") identified by password
// (with the authentication clause auth, e.g. "WITH caching_sha2_password",
// or "") and runs the given statements after it (grants, roles), all kept
// out of the binary log; the account is dropped when the test ends.
func User(t testing.TB, db *sql.DB, account, auth, password string, then ...string) {
	t.Helper()
	if auth != "" {
		auth += " "
	}
	Exec(t, db, append([]string{"DROP USER IF EXISTS " + account,
		"CREATE USER " + account + " IDENTIFIED " + auth + "BY '" + password + "'"}, then...)...)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
		defer cancel()
		if _, err := db.ExecContext(ctx, "DROP USER IF EXISTS "+account); err != nil {
			t.Errorf("dropping test user %s: %v", account, err)
		}
	})
}

// BinlogMark is a place in the server's binary log (SHOW BINARY LOGS: the
// last log and its size, where the next event goes).
type BinlogMark struct {
	file string
	pos  string
}

// MarkBinlog returns where the binary log ends now; the server must have
// log_bin on.
func MarkBinlog(t testing.TB, db *sql.DB) BinlogMark {
	t.Helper()
	logs := Rows(t, db, "SHOW BINARY LOGS")
	if len(logs) == 0 {
		t.Fatal("SHOW BINARY LOGS lists no binary log: is log_bin on?")
	}
	last := logs[len(logs)-1]
	return BinlogMark{file: last[0], pos: last[1]}
}

// EventsSince returns the Info of every binary log event written after the
// mark, one line each.
func (m BinlogMark) EventsSince(t testing.TB, db *sql.DB) string {
	t.Helper()
	var b strings.Builder
	after := false
	for _, l := range Rows(t, db, "SHOW BINARY LOGS") {
		query := "SHOW BINLOG EVENTS IN '" + strings.ReplaceAll(l[0], "'", "''") + "'"
		switch {
		case l[0] == m.file:
			query += " FROM " + m.pos
			after = true
		case !after:
			continue
		}
		for _, row := range Rows(t, db, query) {
			b.WriteString(strings.Join(row, "\t") + "\n")
		}
	}
	return b.String()
}

// ShortTempDir is a new directory under /tmp, short enough to hold
// sandboxes (a sandbox's socket path must stay under the 107-byte limit of
// unix socket paths, which t.TempDir() can exceed), removed when the test
// ends.
func ShortTempDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("/tmp", "ua-")
	if err == nil {
		// Searchable by all: a sandbox started by root runs as an
		// unprivileged account, which must reach its directory.
		err = os.Chmod(dir, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
