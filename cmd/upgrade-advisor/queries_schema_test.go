package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// The library's install script creates one schema, lib; its statements
// file has no USE and names lib's tables unqualified, as a file written for
// `mysql lib < lib-statements.sql`.
const (
	libScript     = "../../advisor/queries/testdata/lib.sql"
	libStatements = "../../advisor/queries/testdata/lib-statements.sql"
)

// libWants are the statements' statuses from MariaDB 10.11 to MySQL 9.7,
// each checked against the two servers' own clients (libOnTheClients).
var libWants = []struct {
	sql    string
	status string
	code   int // the target's error for breaks
}{
	{"SELECT title AS groups FROM book", "breaks", 1064},                      // GROUPS is reserved since MySQL 8.0.2
	{"SELECT author, COUNT(*) FROM book GROUP BY author ASC", "breaks", 1064}, // GROUP BY ... ASC removed in MySQL 8.0.13
	{"SELECT title, published FROM book WHERE published > 1900 ORDER BY id", "same", 0},
}

// libCommands are check and rehearse with their own flags, the query
// rehearsal's from MariaDB 10.11 (the installed server) to MySQL 9.7.
func libCommands(today sandboxtest.Server) [][]string {
	return [][]string{
		{"check", "--source-basedir", basedirOf(today)},
		{"rehearse", "--server-version", "mariadb-10.11", "--source-basedir", basedirOf(today), "--tables", "10", "--rounds", "2"},
	}
}

// TestQueriesRunInTheOneSchemaCreated: with no --database, statements
// without a schema run in the one schema the schema file creates, as
// `mysql lib < file` runs them: the two that MySQL 9.7 refuses are breaks,
// the plain one same. (--slower-than 50: the timing is not under test.)
func TestQueriesRunInTheOneSchemaCreated(t *testing.T) {
	today, target := sandboxtest.ByKey(t, "mariadb-10.11"), sandboxtest.ByKey(t, "mysql-9.7")
	today.Require(t)
	target.Require(t)
	for _, command := range libCommands(today) {
		t.Run(command[0], func(t *testing.T) {
			tmp := shortTemp(t)
			args := append(command, "--schema-file", libScript, "--with-data", "--target-basedir", target.Basedir,
				"--queries", libStatements, "--slower-than", "50", "--format", "json", "-q", "--fail-on", "none")
			out, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
			if code != 0 {
				t.Fatalf("exit %d, want 0: %s", code, stderr)
			}
			var r queriesRun
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v:\n%s", err, out)
			}
			for _, w := range libWants {
				if got := r.status(w.sql); got != w.status || (w.code != 0 && r.code(w.sql) != w.code) {
					t.Errorf("%s: status %q (code %d), want %s (%d)", w.sql, got, r.code(w.sql), w.status, w.code)
				}
			}
			if notes := strings.Join(r.Queries.Notes, "\n"); !strings.Contains(notes, "ran in lib, the only schema loaded") {
				t.Errorf("notes %q: want one saying the statements ran in lib", notes)
			}
			noServersLeft(t, tmp)
		})
	}
	libOnTheClients(t, today, target)
}

// libOnTheClients holds libWants against the servers' own clients, the
// script loaded by the client: in lib, MariaDB runs all three and MySQL 9.7
// refuses the two with 1064 and prints the plain one's rows alike; without
// a schema, both refuse the plain one with 1046 (what the rehearsal
// tested before it took lib as the default).
func libOnTheClients(t *testing.T, today, target sandboxtest.Server) {
	sbToday, sbTarget := today.Start(t), target.Start(t)
	sandboxtest.LoadScript(t, sbToday, libScript)
	sandboxtest.LoadScript(t, sbTarget, libScript)
	for _, w := range libWants {
		a, b := today.ClientSays(t, sbToday, "lib", w.sql), target.ClientSays(t, sbTarget, "lib", w.sql)
		if strings.Contains(a, "ERROR") {
			t.Errorf("%s: MariaDB 10.11's client refuses it: %s", w.sql, a)
		}
		switch w.status {
		case "breaks":
			if !strings.Contains(b, "ERROR "+itoa(w.code)+" ") {
				t.Errorf("%s: MySQL 9.7's client does not refuse it with %d: %s", w.sql, w.code, b)
			}
		case "same":
			if a != b {
				t.Errorf("%s: the clients print different rows:\ntoday:  %s\ntarget: %s", w.sql, a, b)
			}
		}
	}
	plain := libWants[2].sql
	for _, got := range []string{today.ClientSays(t, sbToday, "", plain), target.ClientSays(t, sbTarget, "", plain)} {
		if !strings.Contains(got, "ERROR 1046 ") {
			t.Errorf("%s without a schema: %s, want ERROR 1046", plain, got)
		}
	}
}

// TestQueriesWithoutADefaultSchemaTestNothing: the schema file creates two
// schemas and --database is not given: every statement fails with 1046 on
// both servers, each class is "failed on both" (never same), the report
// says nothing was tested, and the command exits 2 naming --database.
// With --database lib the same run tests the statements.
func TestQueriesWithoutADefaultSchemaTestNothing(t *testing.T) {
	today, target := sandboxtest.ByKey(t, "mariadb-10.11"), sandboxtest.ByKey(t, "mysql-9.7")
	today.Require(t)
	target.Require(t)
	script, err := os.ReadFile(libScript)
	if err != nil {
		t.Fatal(err)
	}
	twoSchemas := filepath.Join(t.TempDir(), "lib-and-archive.sql")
	extra := "\nCREATE DATABASE archive;\nUSE archive;\nCREATE TABLE shelf (id INT PRIMARY KEY, room VARCHAR(20));\n"
	if err := os.WriteFile(twoSchemas, append(script, extra...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, command := range libCommands(today) {
		t.Run(command[0], func(t *testing.T) {
			tmp := shortTemp(t)
			args := append(command, "--schema-file", twoSchemas, "--with-data", "--target-basedir", target.Basedir,
				"--queries", libStatements, "--slower-than", "50", "--format", "json", "-q", "--fail-on", "none")
			out, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
			if code != 2 || !strings.Contains(stderr, "--database") || !strings.Contains(stderr, "tested nothing") {
				t.Fatalf("exit %d, want 2 with a message naming --database: %s", code, stderr)
			}
			var r queriesRun
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("the report is written before the exit: %v:\n%s", err, out)
			}
			for _, w := range libWants {
				if got := r.status(w.sql); got != "failed-both" || r.code(w.sql) != 1046 {
					t.Errorf("%s: status %q (code %d), want failed-both with 1046", w.sql, got, r.code(w.sql))
				}
			}
			if r.Queries.Counts["same"] != 0 || r.Queries.Untested == nil || r.Queries.Untested.Code != 1046 || r.Queries.Untested.Classes != 3 {
				t.Errorf("counts %v, untested %+v: want no same and 3 classes untested for 1046", r.Queries.Counts, r.Queries.Untested)
			}
			if command[0] != "check" {
				return
			}
			out, stderr, code = run(t, []string{"TMPDIR=" + tmp}, append(args, "-D", "lib")...)
			if code != 0 {
				t.Fatalf("-D lib: exit %d, want 0: %s", code, stderr)
			}
			r = queriesRun{}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			if r.status(libWants[0].sql) != "breaks" || r.status(libWants[2].sql) != "same" || r.Queries.Untested != nil {
				t.Errorf("-D lib: %q and %q (untested %+v), want breaks and same", r.status(libWants[0].sql), r.status(libWants[2].sql), r.Queries.Untested)
			}
			noServersLeft(t, tmp)
		})
	}
}
