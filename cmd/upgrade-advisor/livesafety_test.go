package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// TestCraftedInputNeverReachesALiveServer plays an attacker with write
// access to a --ddl-file or a DSN, against a server holding a schema
// victim (a counter and a function that bumps it), through an account
// with every privilege: the MariaDB comment with a nested comment (DATA
// DIRECTORY, CREATE ... SELECT of the function, ALTER ... RENAME TO
// another schema), a GBK connection, and the DSN parameters that make the
// driver send statements of its own. Each run exits 0/1 or 2 with a clear
// message; afterwards the counter is 0, victim holds what it held, no
// directory appeared where DATA DIRECTORY pointed, no scratch schema is
// left, and the general log holds only tagged statements of the tool.
func TestCraftedInputNeverReachesALiveServer(t *testing.T) {
	for _, key := range []string{"mariadb-10.11", "mysql-9.7"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			sb := srv.Start(t)
			db := sandboxtest.Open(t, sb.DSN())
			createVictim(t, db)
			logAdvisor(t, db)
			outside := sandboxtest.WritableByAll(t)
			dir := t.TempDir()
			file := func(name, text string) string {
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, []byte(strings.ReplaceAll(text, "OUT", outside)), 0o644); err != nil {
					t.Fatal(err)
				}
				return path
			}
			nested := file("nested.sql",
				`CREATE TABLE t1 (a int) /*M!999999 /* */ COMMENT ' */ DATA DIRECTORY "OUT/dd" /* ' /* */ ENGINE=InnoDB;`+"\n"+
					`CREATE TABLE t3 (a int) /*M!999999 /* */ COMMENT ' */ SELECT victim.bump() AS a /* ' /* */ LIMIT 1;`+"\n")
			rename := file("rename.sql", "CREATE TABLE t2 (a int);\n"+
				`ALTER TABLE t2 /*M!999999 /* */ COMMENT ' */ RENAME TO victim.moved /* ' /* */ , ENGINE=InnoDB;`+"\n")
			gbk := file("gbk.sql", `CREATE TABLE t1 (a int) COMMENT '中\\'' DATA DIRECTORY "OUT/dd2" -- '`+"\n ENGINE=InnoDB;\n")
			sock := sb.Socket()
			dsn := func(params string) string { return "advisor@unix(" + sock + ")/?" + params }
			cases := []struct {
				name  string
				args  []string
				fails string // what the message of an exit 2 says; "" for exit 0/1
			}{
				{"nested comment", []string{"-S", sock, "-u", "advisor", "--ddl-file", nested}, "nothing was run"},
				{"nested comment, rename", []string{"-S", sock, "-u", "advisor", "--ddl-file", rename}, "nothing was run"},
				{"gbk collation", []string{"--dsn", dsn("collation=gbk_chinese_ci"), "--ddl-file", gbk}, "--dsn sets collation=gbk_chinese_ci"},
				{"gbk charset", []string{"--dsn", dsn("charset=gbk"), "--ddl-file", gbk}, "--dsn sets charset=gbk"},
				{"charset with a collation", []string{"--dsn", dsn("charset=utf8mb4%20COLLATE%20utf8mb4_bin")}, "--dsn sets charset="},
				{"max allowed packet asked", []string{"--dsn", dsn("maxAllowedPacket=0")}, "--dsn sets maxAllowedPacket=0"},
				{"utf8mb4, the gbk file", []string{"--dsn", dsn("charset=utf8mb4"), "--ddl-file", gbk}, ""},
			}
			for _, c := range cases {
				args := append([]string{"audit", "--no-defaults", "--workload", "ddl-heavy", "--rounds", "3", "-q"}, c.args...)
				_, stderr, code := run(t, []string{"MYSQL_PWD=Tagged-9"}, args...)
				switch {
				case c.fails != "" && (code != exitcode.Error || !strings.Contains(stderr, c.fails)):
					t.Errorf("%s: exit %d, want 2 saying %q: %s", c.name, code, c.fails, stderr)
				case c.fails == "" && code > 1:
					t.Errorf("%s: exit %d: %s", c.name, code, stderr)
				}
			}
			if got := sandboxtest.Rows(t, db, "SELECT n FROM victim.counter"); got[0][0] != "0" {
				t.Errorf("victim.bump() ran: the counter is %s", got[0][0])
			}
			if got := sandboxtest.Rows(t, db, "SELECT GROUP_CONCAT(TABLE_NAME ORDER BY TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'victim'"); got[0][0] != "counter" {
				t.Errorf("victim holds %s; want counter alone", got[0][0])
			}
			if got := sandboxtest.Rows(t, db, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'upgrade\\_advisor\\_%'"); got[0][0] != "0" {
				t.Errorf("%s scratch schemas left", got[0][0])
			}
			if left, _ := os.ReadDir(outside); len(left) > 0 {
				t.Errorf("the server wrote outside its datadir: %s holds %v", outside, left)
			}
			tagged := 0
			for _, q := range advisorStatements(t, db) {
				if !strings.HasPrefix(strings.TrimSpace(q), strings.TrimSpace(stmt.Tag)) {
					t.Errorf("untagged statement of the tool: %.200s", q)
					continue
				}
				tagged++
			}
			if tagged == 0 {
				t.Error("no statement of the tool in the general log: the accepted run did not reach the server")
			}
		})
	}
}

// createVictim makes the schema an attacker aims at: a counter and a
// function that bumps it.
func createVictim(t *testing.T, db *sql.DB) {
	t.Helper()
	sandboxtest.Exec(t, db, "CREATE DATABASE victim", "CREATE TABLE victim.counter (n INT)", "INSERT INTO victim.counter VALUES (0)")
	_, _ = db.Exec("SET GLOBAL log_bin_trust_function_creators = 1")
	sandboxtest.Exec(t, db, "CREATE FUNCTION victim.bump() RETURNS INT MODIFIES SQL DATA BEGIN UPDATE victim.counter SET n = n + 1; RETURN 1; END")
}

// TestChangeOutsideTheScratchSchemaIsACriticalFinding: a table created
// in another schema while the calibration runs (here by the test, while
// the calibration holds on its --pause-file) is the critical finding
// calibration-changed-outside, naming the table.
func TestChangeOutsideTheScratchSchemaIsACriticalFinding(t *testing.T) {
	sandboxtest.OnServer(t, "mariadb-10.11", func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t)
		db := sandboxtest.Open(t, sb.DSN())
		sandboxtest.Exec(t, db, "CREATE DATABASE app")
		pause := filepath.Join(t.TempDir(), "pause")
		if err := os.WriteFile(pause, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		go func() {
			time.Sleep(3 * time.Second) // the calibration has started and holds
			db.Exec("CREATE TABLE app.appeared (a int)")
			os.Remove(pause)
		}()
		stdout, stderr, code := run(t, nil, "audit", "--no-defaults", "-S", sb.Socket(), "--tables", "10", "--rounds", "2",
			"--pause-file", pause, "--format", "json", "-q")
		if code != exitcode.Findings {
			t.Fatalf("exit %d, want %d: %s", code, exitcode.Findings, stderr)
		}
		var r struct {
			Findings []struct{ ID, Severity, Detail string }
		}
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Findings {
			if f.ID == "calibration-changed-outside" && f.Severity == "critical" && strings.Contains(f.Detail, "appeared: table app.appeared") {
				return
			}
		}
		t.Errorf("no critical finding naming app.appeared: %+v", r.Findings)
	})
}
