package main

import (
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
			// The tool connects as an account of its own, so the log tells its
			// statements from the test's.
			sandboxtest.Exec(t, db, "CREATE USER 'advisor'@'localhost' IDENTIFIED BY 'Tagged-9'",
				"GRANT ALL PRIVILEGES ON *.* TO 'advisor'@'localhost' WITH GRANT OPTION",
				"SET GLOBAL log_output = 'TABLE'", "TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")
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
			sandboxtest.Exec(t, db, "SET GLOBAL general_log = 0")
			rows, err := db.Query("SELECT command_type, CAST(argument AS CHAR) FROM mysql.general_log WHERE command_type IN ('Query', 'Prepare', 'Execute') AND user_host LIKE 'advisor[%'")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			tagged, untagged := 0, 0
			for rows.Next() {
				var kind, q string
				if err := rows.Scan(&kind, &q); err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(strings.TrimSpace(q), strings.TrimSpace(stmt.Tag)) {
					tagged++
					continue
				}
				untagged++
				if untagged <= 20 {
					t.Errorf("untagged %s: %.200s", kind, q)
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if tagged < 50 {
				t.Errorf("only %d tagged statements in the general log: the commands did not reach the server", tagged)
			}
			t.Logf("%d tagged statements, %d untagged", tagged, untagged)
			noServersLeft(t, tmp)
		})
	}
}
