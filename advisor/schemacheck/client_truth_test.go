package schemacheck

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The ground truth of a load is what the target's own client says when it
// runs the file with --force: "ERROR code (state) at line N: ...". The
// fixtures in testdata/client are one per kind of file that a reading of
// the file rather than a run of it got wrong.

// clientFixtures are the fixtures and what the tool must also say of each,
// beyond the client's errors, per target vendor.
var clientFixtures = []string{"prepared-fk.sql", "qualified-schema.sql", "broken-string.sql", "fk-at-end.sql",
	"removed-function.sql", "zero-dates.sql", "charset-only.sql", "compressed-mode.sql", "delimiter-block.sql",
	"end-as-name.sql", "use-without-delimiter.sql", "use-without-delimiter-only.sql", "own-schemas.sql", "text-stops-midway.sql", "empty-statement.sql"}

// withoutDatabase are the fixtures given to the client with no database
// (mysql < file): they create their own schemas and name one for every
// object.
var withoutDatabase = map[string]bool{"own-schemas.sql": true}

// clientErrorLine is one error the mysql/mariadb client prints.
var clientErrorLine = regexp.MustCompile(`(?m)^ERROR (\d+) \(\w+\) at line (\d+)`)

// clientErrors runs the server's own client on file with --force into a
// fresh database db of sb and returns its errors as "line:code", sorted.
func clientErrors(t *testing.T, srv sandboxtest.Server, sb *sandbox.Sandbox, db, file string) []string {
	t.Helper()
	return clientErrorsIn(t, srv, sb.Socket(), db, file)
}

// clientErrorsIn is clientErrors on the server listening on socket; db ""
// runs the client with no database.
func clientErrorsIn(t testing.TB, srv sandboxtest.Server, socket, db, file string) []string {
	t.Helper()
	program := "mariadb"
	if srv.IsMySQL() {
		program = "mysql"
	}
	args := []string{"--no-defaults", "-S", socket, "-uroot", "--force"}
	if db != "" {
		create := srv.Client(t, program, "--no-defaults", "-S", socket, "-uroot", "-e", "CREATE DATABASE "+stmt.QuoteIdent(db))
		if out, err := create.CombinedOutput(); err != nil {
			t.Fatalf("creating %s: %v\n%s", db, err, out)
		}
		args = append(args, db)
	}
	in, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := srv.Client(t, program, args...)
	cmd.Stdin = in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run() // --force: the exit status only says that some statement failed
	var out []string
	for _, m := range clientErrorLine.FindAllStringSubmatch(stderr.String(), -1) {
		out = append(out, m[2]+":"+m[1])
	}
	sort.Strings(out)
	return out
}

// dropSchemasOf drops, with the server's own client on sb, the schemas
// file creates, uses or names, so that the client loads it on a server
// where an earlier fixture left none of them.
func dropSchemasOf(t *testing.T, srv sandboxtest.Server, sb *sandbox.Sandbox, file string) {
	t.Helper()
	d, err := ReadFile(Options{SchemaFile: file, Client: clientOf(srv)})
	if err != nil {
		t.Fatal(err)
	}
	program := "mariadb"
	if srv.IsMySQL() {
		program = "mysql"
	}
	for _, s := range d.SchemaNames() {
		drop := srv.Client(t, program, "--no-defaults", "-S", sb.Socket(), "-uroot", "-e", "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(s))
		if out, err := drop.CombinedOutput(); err != nil {
			t.Fatalf("dropping %s: %v\n%s", s, err, out)
		}
	}
}

// toolErrors are the statements the check reports the target refused, as
// "line:code", sorted: each refusal or consequence at the line of the
// statement the server refused.
func toolErrors(t *testing.T, objects []outcome.Object) []string {
	t.Helper()
	var out []string
	for _, o := range objects {
		for _, p := range o.Problems {
			if p.Kind != outcome.StatusRefused && p.Kind != outcome.StatusBlocked || p.Account {
				continue // a right the sandbox's account lacks is not the target's refusal
			}
			if p.Code == 0 && p.CausedBy != "" {
				continue // not run: its text stopped earlier, which the client does not report
			}
			where := o.Source
			if p.Source != "" {
				where = p.Source
			}
			_, line, ok := strings.Cut(where, ".sql:")
			if !ok {
				t.Fatalf("%s %s: problem without file:line: %q", o.Kind, o.Name, where)
			}
			out = append(out, line+":"+strconv.Itoa(p.Code))
		}
	}
	sort.Strings(out)
	return out
}

// checkOnConn reads file as srv's client reads it and checks it on conn
// (a sandbox of srv), after dropping what an earlier fixture left.
func checkOnConn(t *testing.T, srv sandboxtest.Server, conn *sql.Conn, file string) *outcome.Schema {
	t.Helper()
	ctx := context.Background()
	d, err := ReadFile(Options{SchemaFile: file, Client: clientOf(srv)})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(d.SchemaNames(), DefaultSchema) {
		if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(s)); err != nil {
			t.Fatal(err)
		}
	}
	objects, notes, err := Check(ctx, Servers{Target: conn}, d)
	if err != nil {
		t.Fatalf("check of %s: %v", file, err)
	}
	return &outcome.Schema{Objects: objects, Notes: notes}
}

// TestToolSaysWhatTheClientSays: on every target each fixture gives the
// refusals the target's own client reports, at the same lines with the
// same codes, and nothing more; the checks a client run cannot make are
// asserted per fixture.
func TestToolSaysWhatTheClientSays(t *testing.T) {
	for _, key := range []string{"mysql-9.7", "mariadb-11.8", "mariadb-10.11"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			client := srv.Start(t)
			tool := srv.Start(t)
			db := sandboxtest.OpenTexts(t, tool.DSN()) // as the check's own connection: a client statement sent whole
			db.SetMaxIdleConns(0)                      // each fixture's session a new one
			for i, fixture := range clientFixtures {
				file := filepath.Join("testdata", "client", fixture)
				dbName := fmt.Sprintf("fixture%d", i)
				switch {
				case fixture == "qualified-schema.sql":
					dbName = "legacy" // the schema its routines name: the file is meant for mysql legacy < file
				case withoutDatabase[fixture]:
					dbName = ""
				}
				dropSchemasOf(t, srv, client, file) // what an earlier fixture's load left
				want := clientErrors(t, srv, client, dbName, file)
				conn, err := db.Conn(context.Background()) // a fresh session: no database, as the check's own
				if err != nil {
					t.Fatal(err)
				}
				s := checkOnConn(t, srv, conn, file)
				_ = conn.Close()
				got := asTheClientNamesLines(fixture, toolErrors(t, s.Objects))
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: the check reports %v (line:code), the client %v", fixture, got, want)
				}
				assertBeyondTheClient(t, srv, fixture, s)
			}
		})
	}
}

// clientStatementLines map, per fixture, the line of a server statement to
// the line of the client statement holding it: the client names the line
// its text starts at, the check the line of the statement inside it that
// the server refused (delimiter-block.sql: "SELECT 1;" on line 31, then the
// refused CREATE TABLE on line 32, sent as one text).
var clientStatementLines = map[string]map[string]string{"delimiter-block.sql": {"32": "31"},
	"text-stops-midway.sql": {"6": "5"}}

// asTheClientNamesLines rewrites "line:code" as the client would name it.
func asTheClientNamesLines(fixture string, errs []string) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		line, code, _ := strings.Cut(e, ":")
		if l, ok := clientStatementLines[fixture][line]; ok {
			line = l
		}
		out[i] = line + ":" + code
	}
	sort.Strings(out)
	return out
}

// assertBeyondTheClient checks what only the check reports: a definition
// that loads only under the file's sql_mode, a collation the target picks.
func assertBeyondTheClient(t *testing.T, srv sandboxtest.Server, fixture string, s *outcome.Schema) {
	t.Helper()
	switch fixture {
	case "delimiter-block.sql":
		for _, name := range []string{"close_sessions", "clamp", "session_log_bi", "session_log"} {
			if o := findObject(s, name); o.Status != outcome.StatusLoaded {
				t.Errorf("%s: %s %s is %s, the client loads it: %+v", fixture, o.Kind, o.Name, o.Status, o.Problems)
			}
		}
	case "fk-at-end.sql", "prepared-fk.sql":
		for _, o := range s.Objects {
			if o.Status == outcome.StatusRefused || o.Status == outcome.StatusBlocked {
				t.Errorf("%s: %s %s %s: %+v", fixture, o.Kind, o.Name, o.Status, o.Problems)
			}
		}
	case "zero-dates.sql":
		log := findObject(s, "event_log")
		strict := srv.IsMySQL() // MySQL's default sql_mode has NO_ZERO_DATE; MariaDB's does not
		if got := hasCode(log.Problems, outcome.StatusRuntime, 1067); got != strict {
			t.Errorf("%s: event_log's zero-date default under the default sql_mode: reported %v, want %v: %+v", fixture, got, strict, log.Problems)
		}
		if c := findObject(s, "counter"); hasCode(c.Problems, outcome.StatusRuntime, 1067) {
			t.Errorf("%s: counter has no zero date: %+v", fixture, c.Problems)
		}
	case "compressed-mode.sql":
		if o := findObject(s, "capture"); o.Status != outcome.StatusLoaded {
			t.Errorf("%s: the compressed table loads and alters on the target: %s %+v", fixture, o.Status, o.Problems)
		}
	case "charset-only.sql":
		c := findObject(s, "customer")
		moved := srv.Key == "mariadb-11.8" // 11.8's character_set_collations: utf8mb4=utf8mb4_uca1400_ai_ci
		got := false
		for _, p := range c.Problems {
			if p.Kind == outcome.StatusRewritten && strings.Contains(p.Message, "without a collation") {
				got = true
			}
		}
		if got != moved {
			t.Errorf("%s: customer's collation choice reported %v, want %v: %+v", fixture, got, moved, c.Problems)
		}
		if p := findObject(s, "plain"); len(p.Problems) != 0 {
			t.Errorf("%s: plain states its collation: %+v", fixture, p.Problems)
		}
	case "removed-function.sql":
		ins := findObject(s, "INSERT INTO admin_user")
		if srv.IsMySQL() && (len(ins.Problems) != 1 || !strings.Contains(ins.Problems[0].Fix, "ALTER USER")) {
			t.Errorf("%s: the refused INSERT is not explained by PASSWORD(): %+v", fixture, ins.Problems)
		}
	case "end-as-name.sql", "own-schemas.sql":
		for _, o := range s.Objects {
			if o.Kind != string(KindStatement) && o.Status != outcome.StatusLoaded {
				t.Errorf("%s: %s %s is %s, the client loads it: %+v", fixture, o.Kind, o.Name, o.Status, o.Problems)
			}
		}
	case "use-without-delimiter.sql":
		// MariaDB's client creates items and order_lines in shop; MySQL's
		// sends "use shop CREATE TABLE ..." as one statement, which creates
		// nothing.
		for _, name := range []string{"items", "order_lines"} {
			o := findObject(s, name)
			if loaded := o.Status == outcome.StatusLoaded; loaded == srv.IsMySQL() {
				t.Errorf("%s: %s is %s on %s: %+v", fixture, name, o.Status, srv.Key, o.Problems)
			}
		}
		if o := findObject(s, "orders"); o.Status != outcome.StatusLoaded {
			t.Errorf("%s: orders is %s, the client loads it: %+v", fixture, o.Status, o.Problems)
		}
	case "use-without-delimiter-only.sql":
		// Its one table is after "use shop" without a semicolon: MariaDB's
		// client loads it; MySQL 9.7's sends "use shop CREATE TABLE ..."
		// as one statement, which the server refuses, so the file, with
		// no object the tool can read, is still checked.
		items := findObject(s, "items")
		if loaded := items.Status == outcome.StatusLoaded; loaded == srv.IsMySQL() {
			t.Errorf("%s: items is %s on %s: %+v", fixture, items.Status, srv.Key, items.Problems)
		}
		if use := findObject(s, "use shop"); srv.IsMySQL() && !hasCode(use.Problems, outcome.StatusRefused, 1064) {
			t.Errorf("%s: use shop at line 2 is %s, the server refuses it with 1064: %+v", fixture, use.Status, use.Problems)
		}
	case "qualified-schema.sql":
		if o := findObject(s, "legacy.item"); o.Status == outcome.StatusRefused {
			t.Errorf("%s: item: %+v", fixture, o.Problems)
		}
	}
}

// findObject returns the object named name (or ending in .name).
func findObject(s *outcome.Schema, name string) outcome.Object {
	for _, o := range s.Objects {
		if o.Name == name || strings.HasSuffix(o.Name, "."+name) {
			return o
		}
	}
	return outcome.Object{Name: name + " (missing)"}
}

// clientOf is srv's client family.
func clientOf(srv sandboxtest.Server) sqlfile.ClientFamily {
	if srv.IsMySQL() {
		return sqlfile.MySQLClient
	}
	return sqlfile.MariaDBClient
}
