package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// hiddenStatements are what a file may hide after a CREATE TABLE in one
// client statement (under DELIMITER), each with a word of it that no
// statement of the tool may carry to the live server.
var hiddenStatements = []struct{ sql, mark string }{
	{"DROP DATABASE victim", "victim"},
	{"DROP TABLE mysql.user", "DROP TABLE mysql"},
	{"SET GLOBAL max_connections = 7", "max_connections"},
	{"GRANT ALL PRIVILEGES ON *.* TO 'intruder'@'%'", "intruder"},
	{"CREATE DATABASE intruder", "intruder"},
}

// TestHiddenStatementsNeverReachALiveServer runs the audit of a --ddl-file
// that hides a statement behind a CREATE TABLE, through a DSN that asks for
// multi-statements (and names the server's socket only in the DSN), on a
// live MariaDB 10.11 and MySQL 9.7: the hidden statement is listed as set
// aside, every database, account and global is as before, and the general
// log holds only tagged statements of the tool, none of them the hidden one.
func TestHiddenStatementsNeverReachALiveServer(t *testing.T) {
	for _, key := range []string{"mariadb-10.11", "mysql-9.7"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			sb := srv.Start(t)
			db := sandboxtest.Open(t, sb.DSN())
			sandboxtest.Exec(t, db, "CREATE DATABASE victim", "CREATE TABLE victim.keep (i INT)")
			logAdvisor(t, db)
			users := sandboxtest.Rows(t, db, "SELECT user, host FROM mysql.user ORDER BY user, host")
			dsn := "advisor@unix(" + sb.Socket() + ")/?multiStatements=true"
			for _, h := range hiddenStatements {
				t.Run(h.sql, func(t *testing.T) {
					before := sandboxtest.Capture(t, db)
					path := filepath.Join(t.TempDir(), "app.sql")
					os.WriteFile(path, []byte("DELIMITER //\nCREATE TABLE t (a int); "+h.sql+"//\nDELIMITER ;\n"), 0o644)
					stdout, stderr, code := run(t, []string{"MYSQL_PWD=Tagged-9"}, "audit", "--no-defaults", "--dsn", dsn,
						"--ddl-file", path, "--workload", "ddl-heavy", "--rounds", "3")
					if code > 1 {
						t.Fatalf("exit %d: %s", code, stderr)
					}
					if out := stdout + stderr; !strings.Contains(out, "line 2: "+h.sql) || !strings.Contains(out, "multiStatements") {
						t.Errorf("the report does not list the hidden statement as set aside or the DSN's multiStatements as ignored:\n%s", out)
					}
					before.AssertUnchanged(t, db)
				})
			}
			if got := sandboxtest.Rows(t, db, "SELECT COUNT(*) FROM victim.keep"); len(got) != 1 {
				t.Errorf("victim.keep is gone: %v", got)
			}
			if got := sandboxtest.Rows(t, db, "SELECT user, host FROM mysql.user ORDER BY user, host"); len(got) != len(users) {
				t.Errorf("accounts before %v, after %v", users, got)
			}
			if got := sandboxtest.Rows(t, db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN ('victim', 'intruder')"); len(got) != 1 {
				t.Errorf("schemas victim, intruder: %v; want victim only", got)
			}
			statements := advisorStatements(t, db)
			for _, q := range statements {
				if !strings.HasPrefix(strings.TrimSpace(q), strings.TrimSpace(stmt.Tag)) {
					t.Errorf("untagged: %.200s", q)
				}
				for _, h := range hiddenStatements {
					if strings.Contains(q, h.mark) {
						t.Errorf("a statement carrying %q reached the server: %.200s", h.mark, q)
					}
				}
			}
			if len(statements) < 20 {
				t.Errorf("only %d statements of the tool in the general log: the audits did not run", len(statements))
			}
		})
	}
}
