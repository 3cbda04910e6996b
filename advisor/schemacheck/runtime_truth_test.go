package schemacheck

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A runtime problem of a table ("its next ALTER TABLE fails") is a claim
// about what the target will do later. The ground truth is the target's
// own client: the file loaded with --force, then an ALTER TABLE of each
// table in a new session, under the server's default sql_mode.

// clientErrorCode is the code of the first error the client printed, 0
// for none.
var clientErrorCode = regexp.MustCompile(`(?m)^ERROR (\d+) `)

// clientAlter runs ALTER TABLE table ADD COLUMN in db through the server's
// own client as root, in a session of the server's defaults, and returns
// the error code it printed (0: the ALTER worked).
func clientAlter(t *testing.T, srv sandboxtest.Server, socket, db, table string) int {
	t.Helper()
	program := "mariadb"
	if srv.IsMySQL() {
		program = "mysql"
	}
	q := "ALTER TABLE " + stmt.QuoteIdent(table) + " ADD COLUMN client_check INT"
	cmd := srv.Client(t, program, "--no-defaults", "-S", socket, "-uroot", db, "-e", q)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run() // the exit status only says that the ALTER failed
	m := clientErrorCode.FindStringSubmatch(stderr.String())
	if m == nil {
		if stderr.Len() > 0 {
			t.Fatalf("%s: the client said %s", q, stderr.String())
		}
		return 0
	}
	code, _ := strconv.Atoi(m[1])
	return code
}

// runtimeCode is the code of the object's runtime problem, 0 for none.
func runtimeCode(o outcome.Object) int {
	for _, p := range o.Problems {
		if p.Kind == outcome.StatusRuntime {
			return p.Code
		}
	}
	return 0
}

// TestRuntimeClaimIsWhatTheTargetDoes: each table of a file that sets its
// own sql_mode is reported runtime exactly when the target's client, after
// loading the file, fails to ALTER it under the default sql_mode, with the
// same code. A compressed table (which a probe without a file per table
// refused) loads and alters on both targets; a zero-date default fails on
// MySQL 9.7, whose default sql_mode has NO_ZERO_DATE.
func TestRuntimeClaimIsWhatTheTargetDoes(t *testing.T) {
	const fixture = "compressed-mode.sql"
	file := filepath.Join("testdata", "client", fixture)
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			client := srv.Start(t)
			tool := srv.Start(t)
			if errs := clientErrors(t, srv, client, "fixture", file); len(errs) != 0 {
				t.Fatalf("the client refused %v of %s: the fixture must load", errs, fixture)
			}
			conn, err := sandboxtest.Open(t, tool.DSN()).Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			s := checkOnConn(t, srv, conn, file)
			failing := 0
			for _, table := range []string{"capture", "legacy_log", "plain"} {
				want := clientAlter(t, srv, client.Socket(), "fixture", table)
				o := findObject(s, table)
				if got := runtimeCode(o); got != want {
					t.Errorf("%s: the tool's runtime claim has code %d, the client's ALTER TABLE gave %d: %s %+v", table, got, want, o.Status, o.Problems)
				}
				if want != 0 {
					failing++
				}
			}
			if o := findObject(s, "capture"); o.Status != outcome.StatusLoaded {
				t.Errorf("the compressed table: %s %+v, want loaded", o.Status, o.Problems)
			}
			if srv.IsMySQL() && failing == 0 {
				t.Errorf("MySQL's default sql_mode has NO_ZERO_DATE: the client's ALTER of legacy_log should fail")
			}
		})
	}
}

// clientCall runs CALL procedure() in db through the server's own client
// as root and returns the error code it printed (0: the call worked).
func clientCall(t *testing.T, srv sandboxtest.Server, socket, db, procedure string) int {
	t.Helper()
	program := "mariadb"
	if srv.IsMySQL() {
		program = "mysql"
	}
	cmd := srv.Client(t, program, "--no-defaults", "-S", socket, "-uroot", db, "-e", "CALL "+stmt.QuoteIdent(procedure)+"()")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run() // the exit status only says that the call failed
	if m := clientErrorCode.FindStringSubmatch(stderr.String()); m != nil {
		code, _ := strconv.Atoi(m[1])
		return code
	}
	return 0
}

// TestFunctionProbeIsWhatTheCallDoes: a procedure is reported runtime
// (1305, a function the target lacks) exactly when the target's client,
// after loading the file, fails to CALL it with 1305. The geometry
// constructors, called with their arguments, exist on both targets; the
// one missing function is missing on both.
func TestFunctionProbeIsWhatTheCallDoes(t *testing.T) {
	const fixture = "geometry-calls.sql"
	file := filepath.Join("testdata", "client", fixture)
	procedures := []string{"fill_places", "call_linestring", "call_polygon", "call_multipoint", "call_multilinestring",
		"call_multipolygon", "call_geometrycollection", "call_missing"}
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			client := srv.Start(t)
			tool := srv.Start(t)
			if errs := clientErrors(t, srv, client, "fixture", file); len(errs) != 0 {
				t.Fatalf("the client refused %v of %s: the fixture must load", errs, fixture)
			}
			conn, err := sandboxtest.Open(t, tool.DSN()).Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			s := checkOnConn(t, srv, conn, file)
			missing := 0
			for _, p := range procedures {
				want := clientCall(t, srv, client.Socket(), "fixture", p)
				if want != 1305 {
					want = 0 // another failure is not a missing function
				} else {
					missing++
				}
				o := findObject(s, p)
				if got := runtimeCode(o); got != want {
					t.Errorf("%s: the tool's runtime claim has code %d, the client's CALL gave %d: %s %+v", p, got, want, o.Status, o.Problems)
				}
			}
			if missing != 1 {
				t.Errorf("the client's CALLs found %d procedures calling a missing function, want 1 (call_missing)", missing)
			}
		})
	}
}
