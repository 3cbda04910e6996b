package main

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// TestEveryStatementOnALiveServerIsTagged runs audit, inspect, check
// --schemas and a live-sourced rehearse against a server with its general
// log on, and reads the log: every statement the tool sent (all but the
// test's own connection's) starts with the tag, so a DBA can tell the
// tool's statements from the application's.
func TestEveryStatementOnALiveServerIsTagged(t *testing.T) {
	cases := []struct{ key, fixture, target string }{
		{"mariadb-10.11", "shop-mariadb.sql", "mariadb-11.8"},
		{"mysql-9.7", "shop-mysql.sql", "mysql-9.7"},
	}
	for _, c := range cases {
		sandboxtest.OnServer(t, c.key, func(t *testing.T, srv sandboxtest.Server) {
			target := serverRoot(t, c.target)
			sb := srv.Start(t)
			sandboxtest.LoadScript(t, sb, fixture(c.fixture))
			db := sandboxtest.Open(t, sb.DSN())
			logAdvisor(t, db)
			tmp := shortTemp(t)
			sock := sb.Socket()
			for _, args := range [][]string{
				{"inspect", "--no-defaults", "-S", sock, "-u", "advisor", "--format", "json"},
				{"audit", "--no-defaults", "-S", sock, "-u", "advisor", "--tables", "10", "--rounds", "2", "--format", "json", "-q"},
				{"check", "--no-defaults", "-S", sock, "-u", "advisor", "--schemas", "shop", "--target-basedir", target, "--format", "json"},
				{"rehearse", "--no-defaults", "-S", sock, "-u", "advisor", "--target-basedir", target, "--tables", "10", "--rounds", "2", "--format", "json", "-q"},
			} {
				if _, stderr, code := run(t, []string{"TMPDIR=" + tmp, "MYSQL_PWD=Tagged-9"}, args...); code > 1 {
					t.Fatalf("%s: exit %d: %s", args[0], code, stderr)
				}
			}
			tagged, untagged := 0, 0
			for _, q := range advisorStatements(t, db) {
				if strings.HasPrefix(strings.TrimSpace(q), strings.TrimSpace(stmt.Tag)) {
					tagged++
					continue
				}
				untagged++
				if untagged <= 20 {
					t.Errorf("untagged: %.200s", q)
				}
			}
			if tagged < 50 {
				t.Errorf("only %d tagged statements in the general log: the commands did not reach the server", tagged)
			}
			t.Logf("%d tagged statements, %d untagged", tagged, untagged)
			noServersLeft(t, tmp)
		})
	}
}

// logAdvisor creates the account advisor the tool connects as (so the
// log tells its statements from the test's; password Tagged-9) and turns
// the general log on, to the table mysql.general_log.
func logAdvisor(t *testing.T, db *sql.DB) {
	t.Helper()
	sandboxtest.Exec(t, db, "CREATE USER 'advisor'@'localhost' IDENTIFIED BY 'Tagged-9'",
		"GRANT ALL PRIVILEGES ON *.* TO 'advisor'@'localhost' WITH GRANT OPTION",
		"SET GLOBAL log_output = 'TABLE'", "TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")
}

// advisorStatements turns the general log (log_output TABLE) off and
// returns the statements the account advisor sent (Query, Prepare and
// Execute), in order.
func advisorStatements(t *testing.T, db *sql.DB) []string {
	t.Helper()
	sandboxtest.Exec(t, db, "SET GLOBAL general_log = 0")
	rows, err := db.Query("SELECT CAST(argument AS CHAR) FROM mysql.general_log WHERE command_type IN ('Query', 'Prepare', 'Execute') AND user_host LIKE 'advisor[%' ORDER BY event_time")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var q string
		if err := rows.Scan(&q); err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
