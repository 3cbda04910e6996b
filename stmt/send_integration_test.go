package stmt_test

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// onConn starts a sandbox of the installed server and returns one
// connection to it.
func onConn(t *testing.T) (*sql.DB, *sql.Conn) {
	t.Helper()
	sandboxtest.RequireServer(t)
	db := sandboxtest.Open(t, sandboxtest.Start(t).DSN())
	conn, err := db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return db, conn
}

// TestHelpersOnAServer reads results, their columns, their errors and
// warnings through stmt's helpers on a real server, and reads the server's
// general log: every statement arrived with the tag, once.
func TestHelpersOnAServer(t *testing.T) {
	db, conn := onConn(t)
	ctx := t.Context()
	sandboxtest.Exec(t, db, "SET GLOBAL log_output = 'TABLE'", "TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")

	t.Run("columns of an empty result", func(t *testing.T) {
		var names []string
		rows := 0
		for _, err := range stmt.RowsWithColumns(ctx, conn, "SELECT 1 AS a, 'x' AS b FROM DUAL WHERE 1 = 0", func(types []*sql.ColumnType) error {
			for _, c := range types {
				names = append(names, c.Name())
			}
			return nil
		}) {
			if err != nil {
				t.Fatal(err)
			}
			rows++
		}
		if rows != 0 || strings.Join(names, ",") != "a,b" {
			t.Errorf("got %d rows and columns %v, want 0 rows and columns a,b", rows, names)
		}
	})

	t.Run("break closes the result", func(t *testing.T) {
		var first int
		for row, err := range stmt.Rows(ctx, conn, "SELECT seq FROM (SELECT 1 AS seq UNION ALL SELECT 2 UNION ALL SELECT 3) AS s ORDER BY seq") {
			if err != nil {
				t.Fatal(err)
			}
			if err := row.Scan(&first); err != nil {
				t.Fatal(err)
			}
			break
		}
		var next int
		if err := stmt.QueryRow(ctx, conn, "SELECT 42").Scan(&next); err != nil || first != 1 || next != 42 {
			t.Errorf("first row %d, next statement on the connection %d, %v; want 1, 42, nil", first, next, err)
		}
	})

	t.Run("a refused query is the one error", func(t *testing.T) {
		var errs []error
		for row, err := range stmt.Rows(ctx, conn, "SELECT * FROM no_such_schema.no_such_table") {
			if row != nil {
				t.Errorf("a row with the error")
			}
			errs = append(errs, err)
		}
		var me *mysql.MySQLError
		if len(errs) != 1 || !errors.As(errs[0], &me) || me.Number != 1146 && me.Number != 1049 {
			t.Errorf("got %v, want one server error (1146 or 1049)", errs)
		}
	})

	t.Run("warnings of the last statement", func(t *testing.T) {
		if _, err := stmt.Exec(ctx, conn, "DO CAST('12abc' AS SIGNED)"); err != nil {
			t.Fatal(err)
		}
		ws, err := stmt.ReadWarnings(ctx, conn)
		if err != nil {
			t.Fatal(err)
		}
		if len(ws) != 1 || ws[0].Level != "Warning" || ws[0].Code != 1292 || !strings.Contains(ws[0].Message, "12abc") {
			t.Errorf("SHOW WARNINGS read %+v, want the one 1292 of the truncated '12abc'", ws)
		}
	})

	t.Run("tagged once in the general log", func(t *testing.T) {
		if _, err := stmt.Exec(ctx, conn, "DO 'untagged text'"); err != nil {
			t.Fatal(err)
		}
		if _, err := stmt.Exec(ctx, conn, stmt.Tag+"DO 'tagged text'"); err != nil {
			t.Fatal(err)
		}
		sandboxtest.Exec(t, db, "SET GLOBAL general_log = 0")
		logged := sandboxtest.Rows(t, db, "SELECT CAST(argument AS CHAR) FROM mysql.general_log WHERE argument LIKE '%DO %text%' AND argument NOT LIKE '%general_log%'")
		if len(logged) != 2 {
			t.Fatalf("the general log holds %v, want the two DO statements", logged)
		}
		for _, r := range logged {
			if !strings.HasPrefix(r[0], stmt.Tag) || strings.Count(r[0], strings.TrimSpace(stmt.Tag)) != 1 {
				t.Errorf("the server received %q: want the tag once, in front", r[0])
			}
		}
	})
}
