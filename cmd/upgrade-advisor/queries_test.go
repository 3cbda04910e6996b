package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// shopTraffic is the application's traffic the tests log with today's
// real server: statements whose status on each target is known (see
// advisor/queries' statuses test, which checks them with the servers' own
// clients), a DML rolled back by the tool, a DDL it sets aside.
var shopTraffic = []string{
	"SELECT id, name FROM customers WHERE id = 42",
	"SELECT id, name FROM customers WHERE id = 43",
	"SELECT id, name AS rank FROM customers WHERE id < 5 ORDER BY id",
	"SELECT MD5('x')",
	"SELECT @@tx_isolation",
	"SELECT id AS vector FROM customers WHERE id = 1",
	"SELECT id FROM customers WHERE name = 'Strasse' ORDER BY id",
	"SELECT COUNT(*) FROM customers WHERE name = 'trailing'",
	"SELECT SQL_NO_CACHE id FROM customers WHERE id = 1",
	"SELECT id AS offset FROM customers WHERE id = 1",
	"SHOW MASTER STATUS", // the application's account holds BINLOG MONITOR today; gone from MySQL 9.7's grammar
	shopUpdate,
	"CREATE TABLE never_created (i INT)",
}

const shopUpdate = "UPDATE products SET price = price * 1.1 WHERE category = 'toys'"

// queriesRun is the part of a JSON report the tests read.
type queriesRun struct {
	Queries struct {
		Source     string         `json:"source"`
		Format     string         `json:"format"`
		Executions int            `json:"executions"`
		Counts     map[string]int `json:"counts"`
		Results    []struct {
			SQL        string      `json:"sql"`
			Status     string      `json:"status"`
			Negligible bool        `json:"negligible"`
			Latency    *runLatency `json:"latency"`
			Problems   []struct {
				Status string `json:"status"`
				Code   int    `json:"code"`
				Fix    string `json:"fix"`
			} `json:"problems"`
		} `json:"results"`
		SetAside []struct {
			Kind    string `json:"kind"`
			Example string `json:"example"`
		} `json:"set_aside"`
		Notes     []string `json:"notes"`
		Empty     bool     `json:"empty_tables"`
		Threshold float64  `json:"threshold"`
		Material  *struct {
			Share          float64 `json:"share"`
			PerExecutionMs float64 `json:"per_execution_ms"`
		} `json:"material"`
		Untested *struct {
			Classes int `json:"classes"`
			Code    int `json:"code"`
		} `json:"untested"`
	} `json:"queries"`
}

// code is the code of the first problem of the class of sql, 0 for none.
func (q queriesRun) code(sql string) int {
	for _, r := range q.Queries.Results {
		if r.SQL == sql && len(r.Problems) > 0 {
			return r.Problems[0].Code
		}
	}
	return 0
}

func (q queriesRun) status(sql string) string {
	for _, r := range q.Queries.Results {
		if r.SQL == sql {
			return r.Status
		}
	}
	return ""
}

// found reports whether the class of sql has the status, or a problem of
// it under a worse one (a warned class the timing found slower is slower).
func (q queriesRun) found(sql, status string) bool {
	for _, r := range q.Queries.Results {
		if r.SQL != sql {
			continue
		}
		for _, p := range r.Problems {
			if p.Status == status {
				return true
			}
		}
		return r.Status == status
	}
	return false
}

// shopScript is the shop's install script: its tables take each server's
// default collation (a dump would pin today's), its rows are INSERT ...
// SELECT statements (loaded with --with-data).
const shopScript = "../../advisor/queries/testdata/shop.sql"

// loggedShop starts today's server with its slow log (every statement)
// and general log on, loads the shop's install script, sends shopTraffic as
// the application would, and returns copies of the two logs it wrote.
func loggedShop(t *testing.T, today sandboxtest.Server) (slowLog, generalLog string) {
	t.Helper()
	sb := today.Start(t, sandbox.Options{ServerOptions: []string{"slow_query_log=1", "long_query_time=0", "general_log=1"}})
	sandboxtest.LoadScript(t, sb, shopScript)
	db := sandboxtest.Open(t, sb.DSN())
	conn, err := db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	send(t, conn, "USE shop")
	for _, q := range shopTraffic {
		send(t, conn, q)
	}
	return copyLog(t, sb, "slow.log"), copyLog(t, sb, "general.log")
}

// copyLog copies a log of the sandbox's directory to a test directory.
func copyLog(t *testing.T, sb *sandbox.Sandbox, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sb.Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// send runs one statement of the traffic; a statement today's server
// refuses is part of it (it is logged all the same).
func send(t *testing.T, conn *sql.Conn, q string) {
	t.Helper()
	rows, err := conn.QueryContext(t.Context(), q)
	if err != nil {
		t.Logf("today refuses %s: %v", q, err)
		return
	}
	for rows.Next() {
	}
	rows.Close()
}

// basedirOf is the --source-basedir of a test server: / for the installed one.
func basedirOf(s sandboxtest.Server) string {
	if s.Basedir == "" {
		return "/"
	}
	return s.Basedir
}

// TestCheckQueriesFromARealSlowLog: check --queries with the slow log
// MariaDB 10.11 wrote of the shop's traffic on MySQL 9.7, with its general
// log on MariaDB 11.8: each statement's status is in the JSON report, the
// DDL set aside, and the exit code follows --fail-on.
func TestCheckQueriesFromARealSlowLog(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	slowLog, generalLog := loggedShop(t, today)
	cases := []struct {
		target string
		log    string // the log read, and its format as detected
		format string
		want   map[string]string
		// unchanged run on both with the same error, warnings and rows
		// (their timing may still call them slower or faster).
		unchanged []string
	}{
		{"mysql-9.7", slowLog, "slow", map[string]string{
			"SELECT id, name AS rank FROM customers WHERE id < 5 ORDER BY id": "breaks",
			"SELECT MD5('x')":       "breaks",
			"SELECT @@tx_isolation": "breaks",
			"SELECT id FROM customers WHERE name = 'Strasse' ORDER BY id": "changed",
			"SELECT COUNT(*) FROM customers WHERE name = 'trailing'":      "changed",
			"SELECT SQL_NO_CACHE id FROM customers WHERE id = 1":          "warned",
			"SELECT id AS offset FROM customers WHERE id = 1":             "fixed",
			"SHOW MASTER STATUS": "breaks",
		}, []string{shopUpdate, "SELECT id, name FROM customers WHERE id = 42"}},
		{"mariadb-11.8", generalLog, "general", map[string]string{
			"SELECT id AS vector FROM customers WHERE id = 1":             "breaks",
			"SELECT id FROM customers WHERE name = 'Strasse' ORDER BY id": "changed",
		}, []string{shopUpdate, "SELECT id, name FROM customers WHERE id = 42", "SELECT COUNT(*) FROM customers WHERE name = 'trailing'", "SELECT MD5('x')",
			"SHOW MASTER STATUS"}},
	}
	for _, tc := range cases {
		t.Run(tc.target, func(t *testing.T) {
			target := serverRoot(t, tc.target)
			tmp := shortTemp(t)
			args := []string{"check", "--schema-file", shopScript, "--with-data", "--source-basedir", basedirOf(today),
				"--target-basedir", target, "--queries", tc.log, "--query-budget", "5s", "--format", "json", "-q"}
			out, stderr, code := run(t, []string{"TMPDIR=" + tmp}, append(args, "--fail-on", "critical")...)
			if code != 1 {
				t.Fatalf("exit %d, want 1 (breaks are critical): %s", code, stderr)
			}
			var r queriesRun
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v:\n%s", err, out)
			}
			if r.Queries.Format != tc.format || r.Queries.Executions < len(shopTraffic) {
				t.Errorf("read %s as %q, %d statements: want a %s log of at least %d", r.Queries.Source, r.Queries.Format, r.Queries.Executions, tc.format, len(shopTraffic))
			}
			for q, want := range tc.want {
				if !r.found(q, want) {
					t.Errorf("%s: status %q, want %s", q, r.status(q), want)
				}
			}
			for _, q := range tc.unchanged {
				if got := r.status(q); got == "" || r.found(q, "breaks") || r.found(q, "changed") || r.found(q, "warned") {
					t.Errorf("%s: status %q, want it run with the same error, warnings and rows on both", q, got)
				}
			}
			// The log holds the install script's load too: its CREATEs (ddl)
			// and ANALYZE TABLE (admin) are set aside, never run.
			kinds := map[string]bool{}
			for _, s := range r.Queries.SetAside {
				kinds[s.Kind] = true
			}
			if !kinds["ddl"] || !kinds["admin"] || r.status("CREATE TABLE never_created (i INT)") != "" {
				t.Errorf("set aside %+v, want the CREATEs as ddl and ANALYZE TABLE as admin, not run", r.Queries.SetAside)
			}
			slower, negligible := checkMateriality(t, r)
			t.Logf("%d classes slower, %d negligible of %d run", slower, negligible, len(r.Queries.Results))
			if _, stderr, code := run(t, []string{"TMPDIR=" + tmp}, append(args, "--fail-on", "none")...); code != 0 {
				t.Errorf("--fail-on none: exit %d: %s", code, stderr)
			}
			noServersLeft(t, tmp)
		})
	}
}

// TestQueriesUsage: --queries without the sandboxes it runs on, and bad
// values, are usage errors that say what to add.
func TestQueriesUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--schema-file", "x.sql", "--target-basedir", "/", "--queries", "slow.log"}, "--source-basedir"},
		{[]string{"check", "--queries", "slow.log"}, "--schema-file"},
		{[]string{"check", "--schema-file", "x.sql", "--query-budget", "5s"}, "--queries"},
		{[]string{"check", "--schema-file", "x.sql", "-D", "lib"}, "--queries"},
		{[]string{"check", "--schema-file", "x.sql", "--target-basedir", "/", "--source-basedir", "/", "--queries", "slow.log", "--material-percent", "-1"}, "--material-percent"},
		{[]string{"check", "--schema-file", "x.sql", "--target-basedir", "/", "--source-basedir", "/", "--queries", "slow.log", "--slower-than", "0.9"}, "--slower-than"},
		{[]string{"check", "--schema-file", "x.sql", "--target-basedir", "/", "--source-basedir", "/", "--queries", "live"}, "connection flags"},
		{[]string{"rehearse", "--server-version", "mariadb-10.11.19", "--target-basedir", "/", "--queries", "live"}, "connection flags"},
		{[]string{"rehearse", "--server-version", "mariadb-10.11.19", "--target-basedir", "/", "--queries", "slow.log", "--sample-rows", "10"}, "connection flags"},
		{[]string{"rehearse", "-S", "/nonexistent.sock", "--target-basedir", "/", "--sample-rows", "10"}, "add --queries"},
		{[]string{"check", "--schema-file", "x.sql", "--target-basedir", "/", "--source-basedir", "/", "--queries", "slow.log", "--sample-rows", "10"}, "connection flags"},
		{[]string{"check", "-S", "/nonexistent.sock", "--schemas", "shop", "--target-basedir", "/", "--source-basedir", "/", "--sample-rows", "10"}, "add --queries"},
		{[]string{"check", "-S", "/nonexistent.sock", "--schemas", "shop", "--target-basedir", "/", "--source-basedir", "/", "--queries", "slow.log", "--sample-rows", "0"}, "1 or more rows"},
		{[]string{"rehearse", "--in-place", "--datadir", "/nonexistent", "--target-basedir", "/", "--queries", "live"}, "datadir's own rows"},
		{[]string{"rehearse", "--in-place", "--datadir", "/nonexistent", "--target-basedir", "/", "--queries", "slow.log", "--sample-rows", "10"}, "leave out --sample-rows"},
	} {
		_, stderr, code := run(t, nil, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, want 2 naming %s: %s", tc.args, code, tc.want, stderr)
		}
	}
}

// readOnlyWord is what a statement the tool sends a live server may start
// with, after its tag: a read, a setting of its own session, or the data
// sample's read-only snapshot and its end.
var readOnlyWord = regexp.MustCompile(`(?i)^(SELECT|SHOW|SET (SESSION |@@SESSION\.|NAMES |@?[a-z_]+ *=)|START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY$|ROLLBACK$)`)

// TestLiveQueriesOnlyRead: rehearse and check with --queries live
// --sample-rows read the application's statements from a live MariaDB 10.11
// (mysql.slow_log, its traffic logged with long_query_time=0) and a sample
// of its rows, and runs the statements on the sandboxes; the live server's
// general log holds only the tool's tagged SELECT, SHOW and session SET,
// and the sample's read-only snapshot.
func TestLiveQueriesOnlyRead(t *testing.T) {
	for _, command := range [][]string{
		{"rehearse", "--tables", "10", "--rounds", "2"},
		{"check", "--source-basedir", "/"},
	} {
		t.Run(command[0], func(t *testing.T) { liveQueriesOnlyRead(t, command) })
	}
}

func liveQueriesOnlyRead(t *testing.T, command []string) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	target := serverRoot(t, "mariadb-11.8")
	sb := today.Start(t)
	sandboxtest.LoadScript(t, sb, shopScript)
	db := sandboxtest.Open(t, sb.DSN())
	sandboxtest.Exec(t, db, "SET GLOBAL log_output = 'TABLE'", "SET GLOBAL long_query_time = 0", "SET GLOBAL slow_query_log = 1")
	app := sandboxtest.Open(t, sb.DSN()) // new connections: long_query_time = 0
	conn, err := app.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	send(t, conn, "USE shop")
	for _, q := range shopTraffic {
		send(t, conn, q)
	}
	conn.Close()
	logAdvisor(t, db)
	tmp := shortTemp(t)
	args := append(command, "--no-defaults", "-S", sb.Socket(), "-u", "advisor",
		"--target-basedir", target, "--schemas", "shop", "--queries", "live", "--sample-rows", "2000", "--query-budget", "5s", "--format", "json", "-q")
	out, stderr, code := run(t, []string{"TMPDIR=" + tmp, "MYSQL_PWD=Tagged-9"}, args...)
	if code > 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r queriesRun
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if r.Queries.Format != "slowtable" || r.status("SELECT id AS vector FROM customers WHERE id = 1") != "breaks" {
		t.Errorf("queries read as %q; the vector alias: %q, want breaks (%+v)", r.Queries.Format, r.status("SELECT id AS vector FROM customers WHERE id = 1"), r.Queries.Notes)
	}
	if r.Queries.Empty || !strings.Contains(strings.Join(r.Queries.Notes, "\n"), "a sample of today's live rows (--sample-rows 2000): 5 tables, 3220 rows, 1 tables with more rows") {
		// the shop's 4 tables and the traffic's CREATE TABLE; 10 + 1,010 + 200 rows and 2,000 of 3,000 orders
		t.Errorf("the sandboxes' rows: empty %v, notes %q; want 3,220 rows of 5 tables sampled", r.Queries.Empty, r.Queries.Notes)
	}
	sent := advisorStatements(t, db)
	if len(sent) < 10 {
		t.Fatalf("%d statements of the tool in the general log: the command did not reach the server", len(sent))
	}
	readSlowLog := false
	for _, q := range sent {
		rest, tagged := strings.CutPrefix(strings.TrimSpace(q), stmt.Tag)
		setGlobal := strings.HasPrefix(strings.ToUpper(rest), "SET") && strings.Contains(strings.ToUpper(rest), "GLOBAL")
		if !tagged || !readOnlyWord.MatchString(rest) || setGlobal {
			t.Errorf("the live server got %.200s", q)
		}
		readSlowLog = readSlowLog || strings.Contains(rest, "mysql.slow_log")
	}
	if !readSlowLog {
		t.Error("no read of mysql.slow_log in the general log")
	}
	t.Logf("%d statements sent to the live server, each a tagged read or session SET", len(sent))
	noServersLeft(t, tmp)
}
