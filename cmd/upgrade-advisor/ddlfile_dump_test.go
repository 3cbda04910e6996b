package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// fixture is a schema file of the schema check's tests.
func fixture(name string) string { return "../../advisor/schemacheck/testdata/" + name }

// TestDDLFileOfRealDumps: bench --ddl-file on a full mariadb-dump (data,
// routines, events, triggers, views) and on a MySQL 9.7 mysqldump runs
// with no editing; on the live server only table DDL in the scratch schema
// runs, and nothing is left behind.
func TestDDLFileOfRealDumps(t *testing.T) {
	cases := []struct {
		key, fixture, dumper string
		tables               int
	}{
		{"mariadb-10.11", "shop-mariadb.sql", "mariadb-dump", 7},
		{"mysql-9.7", "shop-mysql.sql", "mysqldump", 2},
	}
	for _, c := range cases {
		sandboxtest.OnServer(t, c.key, func(t *testing.T, srv sandboxtest.Server) {
			sb := srv.Start(t)
			sandboxtest.LoadScript(t, sb, fixture(c.fixture))
			db := sandboxtest.Open(t, sb.DSN())
			sandboxtest.Exec(t, db, "INSERT INTO shop.orders (id, customer_id, amount) VALUES (1, NULL, 5)")
			dump := srv.Dump(t, sb, c.dumper, "--routines", "--events", "--databases", "shop")
			before := sandboxtest.Rows(t, db, "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' ORDER BY 2")
			sandboxtest.Exec(t, db, "SET GLOBAL log_output = 'TABLE'", "TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")
			stdout, stderr, code := run(t, nil, "bench", "--no-defaults", "-S", sb.Socket(), "--ddl-file", dump, "--rounds", "2", "--format", "json", "-q")
			sandboxtest.Exec(t, db, "SET GLOBAL general_log = 0")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var doc struct {
				Benchmark struct {
					TablesPerRound int `json:"tables_per_round"`
				}
				Notes []string
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(doc.Notes, "\n")
			if doc.Benchmark.TablesPerRound != c.tables || !strings.Contains(notes, "set aside, never run on the server") {
				t.Errorf("%d tables per round, want %d; notes:\n%s\n%.3000s", doc.Benchmark.TablesPerRound, c.tables, notes, stdout)
			}
			assertOnlyScratchTableDDL(t, db, sb)
			after := sandboxtest.Rows(t, db, "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' ORDER BY 2")
			if len(after) != len(before) {
				t.Errorf("the live schema changed: %v -> %v", before, after)
			}
			if left := sandboxtest.ScratchSchemas(t, db); len(left) > 0 {
				t.Errorf("scratch schemas left behind: %v", left)
			}
		})
	}
}

// assertOnlyScratchTableDDL reads the general log of the tool's sessions:
// every statement that creates, changes or drops something is table DDL or
// the scratch schema's own CREATE/DROP DATABASE.
func assertOnlyScratchTableDDL(t *testing.T, db *sql.DB, sb *sandbox.Sandbox) {
	t.Helper()
	rows := sandboxtest.Rows(t, db, "SELECT CAST(argument AS CHAR) FROM mysql.general_log WHERE command_type = 'Query'")
	if len(rows) == 0 {
		t.Fatal("the general log recorded nothing")
	}
	forbidden := []string{"CREATE VIEW", "TRIGGER", "PROCEDURE", "FUNCTION", "EVENT", "INSERT INTO", "GTID_PURGED", "USE `shop`", "CREATE DATABASE `shop`", "`shop`."}
	ddl := 0
	for _, r := range rows {
		q := strings.ToUpper(strings.Join(strings.Fields(r[0]), " "))
		if strings.Contains(q, "GENERAL_LOG") {
			continue
		}
		for _, f := range forbidden {
			if strings.Contains(q, strings.ToUpper(f)) {
				t.Errorf("a statement beyond the scratch schema's table DDL reached the server: %.200s", r[0])
			}
		}
		if strings.Contains(q, "CREATE TABLE") {
			ddl++
		}
	}
	if ddl == 0 {
		t.Errorf("no CREATE TABLE reached the server: the log holds %d statements", len(rows))
	}
}

// TestHostileSchemaFileIsRefusedBeforeAnythingStarts: a dump is input, not
// instructions. A client command refuses the file whole, before anything
// starts; without it, check sets aside every statement that acts outside
// the schema, naming its line, and runs the rest on the sandbox. bench
// --ddl-file names every refused line and runs nothing.
func TestHostileSchemaFileIsRefusedBeforeAnythingStarts(t *testing.T) {
	file := fixture("hostile.sql")
	_, stderr, code := run(t, nil, "check", "--schema-file", file, "--target-basedir", "/")
	if code != 2 || !strings.Contains(stderr, "hostile.sql:14:") || !strings.Contains(stderr, "client command") {
		t.Fatalf("exit %d, want 2 naming the client command of line 14: %s", code, stderr)
	}
	if strings.Contains(stderr, "sandbox") {
		t.Errorf("a sandbox was started for a refused file: %s", stderr)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	withoutCommand := filepath.Join(t.TempDir(), "hostile-server-side.sql")
	if err := os.WriteFile(withoutCommand, []byte(strings.Replace(string(src), "\\! touch", "-- touch", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "check", "--schema-file", withoutCommand, "--target-basedir", "/")
	if code == 2 {
		t.Fatalf("exit 2 for a file of server-side statements: %s", stderr)
	}
	for _, line := range []string{":7:", ":8:", ":9:", ":10:", ":12:", ":13:"} {
		if !strings.Contains(stdout, "hostile-server-side.sql"+line) {
			t.Errorf("the statement of line %s is not named as set aside: %s", line, stdout)
		}
	}
	_, stderr, code = run(t, nil, "bench", "--no-defaults", "-S", "/nonexistent.sock", "--ddl-file", file)
	if code != 2 || !strings.Contains(stderr, "hostile.sql:7") || !strings.Contains(stderr, "nothing was run") {
		t.Errorf("bench: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat("/tmp/upgrade-advisor-hostile"); err == nil {
		t.Error("the hostile file's command ran")
	}
}
