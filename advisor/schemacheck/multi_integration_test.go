package schemacheck

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// multiConn opens a connection with multiStatements=true to srv's shared
// sandbox as root, in a fresh database db.
func multiConn(t *testing.T, srv sandboxtest.Server, db string) *sql.Conn {
	t.Helper()
	ctx := context.Background()
	conn, err := sandboxtest.OpenTexts(t, srv.SharedDSN(t)).Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = conn.ExecContext(ctx, stmt.Tag+"DROP DATABASE IF EXISTS "+stmt.QuoteIdent(db))
		conn.Close()
	})
	for _, q := range []string{"DROP DATABASE IF EXISTS " + stmt.QuoteIdent(db), "CREATE DATABASE " + stmt.QuoteIdent(db), "USE " + stmt.QuoteIdent(db)} {
		if _, err := conn.ExecContext(ctx, stmt.Tag+q); err != nil {
			t.Fatal(err)
		}
	}
	return conn
}

// TestRunTextStopsWhereTheServerStops sends texts of several statements
// and checks, against what the server's catalog then holds, how many
// statements RunText says the server ran and the error it stopped at.
func TestRunTextStopsWhereTheServerStops(t *testing.T) {
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			conn := multiConn(t, srv, "multi_text")
			ctx := context.Background()
			for _, tc := range []struct {
				text string
				ran  int
				code uint16 // of the failing statement, 0 for none
			}{
				{"CREATE TABLE a (id INT)", 1, 0},
				{"CREATE TABLE b (id INT); SELECT 1; INSERT INTO b VALUES (1); SELECT * FROM b", 4, 0},
				{"CREATE TABLE c (id INT); CREATE TABLE c (id INT); CREATE TABLE d (id INT)", 2, 1050},
				{"SELECT 1; SELECT * FROM nowhere; CREATE TABLE e (id INT)", 2, 1146},
				{"CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END; CALL p(); SELEC 3; CREATE TABLE f (id INT)", 3, 1064},
				{"SELEC 1; CREATE TABLE g (id INT)", 1, 1064},
			} {
				ran, failed, err := stmt.RunText(ctx, conn, tc.text)
				if err != nil {
					t.Fatalf("%s: %v", tc.text, err)
				}
				var se *mysql.MySQLError
				code := uint16(0)
				if errors.As(failed, &se) {
					code = se.Number
				}
				if ran != tc.ran || code != tc.code {
					t.Errorf("%s: ran %d, stopped with %d (%v); want %d, %d", tc.text, ran, code, failed, tc.ran, tc.code)
				}
			}
		})
	}
}

// TestServerCutsTheClientText loads testdata/client/text-stops-midway.sql
// with the target's own client (--force) on one sandbox and checks it on
// another through a connection that takes texts: the check reports the
// errors the client reports (each at the line of its client statement),
// and the objects it reports loaded are those the client's load created,
// read from that sandbox's catalog.
func TestServerCutsTheClientText(t *testing.T) {
	file := filepath.Join("testdata", "client", "text-stops-midway.sql")
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			client, tool := srv.Start(t), srv.Start(t)
			want := clientErrors(t, srv, client, "app", file)
			created := catalogOf(t, client.DSN(), "app")
			conn, err := sandboxtest.OpenTexts(t, tool.DSN()).Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			s := checkOnConn(t, srv, conn, file)
			got := asTheClientNamesLines("text-stops-midway.sql", toolErrors(t, s.Objects))
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("the check reports %v (line:code), the client %v", got, want)
			}
			var loaded []string
			for _, o := range s.Objects {
				if o.Kind != string(KindStatement) && o.Status == outcome.StatusLoaded {
					loaded = append(loaded, strings.ToLower(o.Name[strings.LastIndex(o.Name, ".")+1:]))
				}
			}
			slices.Sort(loaded)
			if strings.Join(loaded, " ") != strings.Join(created, " ") {
				t.Errorf("the check loads %v, the client's load created %v", loaded, created)
			}
			if len(want) != 2 || len(created) != 5 {
				t.Errorf("the client's load: errors %v, objects %v; the fixture means two errors and five objects", want, created)
			}
		})
	}
}

// catalogOf lists, lower-cased and sorted, the tables, views and routines
// of schema db on the server at dsn.
func catalogOf(t *testing.T, dsn, db string) []string {
	t.Helper()
	pool := sandboxtest.Open(t, dsn)
	ctx := context.Background()
	names, err := stmt.ReadStrings(ctx, pool, "SELECT LOWER(TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? "+
		"UNION ALL SELECT LOWER(ROUTINE_NAME) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?", db, db)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}
