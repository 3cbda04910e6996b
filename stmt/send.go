package stmt

import (
	"context"
	"database/sql"
	"errors"
	"iter"
	"strings"
)

// The helpers below are the only place the tag is put on a statement:
// callers pass the statement's own text, untagged; a text that already
// starts with the tag is sent as it is (Tagged), so no statement carries
// it twice.

// Exec runs one statement that returns no rows, tagged.
func Exec(ctx context.Context, q Execer, query string, args ...any) (sql.Result, error) {
	return q.ExecContext(ctx, Tagged(query), args...)
}

// QueryRow runs a query, tagged, for its first row; its Scan reports
// sql.ErrNoRows when there is none.
func QueryRow(ctx context.Context, q Execer, query string, args ...any) *sql.Row {
	return q.QueryRowContext(ctx, Tagged(query), args...)
}

// Row is the current row of a result Rows reads: its scan, and the
// result's columns.
type Row interface {
	Scan(dest ...any) error
	Columns() ([]string, error)
	ColumnTypes() ([]*sql.ColumnType, error)
}

// Rows runs a query, tagged, and yields each row of its result in order;
// the error of the query, of the result or of its close comes last, once,
// with a nil Row. Breaking out of the loop closes the result (the driver
// drains what is left) and reports nothing more.
func Rows(ctx context.Context, q Execer, query string, args ...any) iter.Seq2[Row, error] {
	return RowsWithColumns(ctx, q, query, nil, args...)
}

// RowsWithColumns is Rows for a reader that needs the result's columns
// even when it has no row: columns (when not nil) gets them once, before
// the first row; its error ends the reading as the query's would.
func RowsWithColumns(ctx context.Context, q Execer, query string, columns func([]*sql.ColumnType) error, args ...any) iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		rows, err := q.QueryContext(ctx, Tagged(query), args...)
		if err != nil {
			yield(nil, err)
			return
		}
		if columns != nil {
			types, err := rows.ColumnTypes()
			if err == nil {
				err = columns(types)
			}
			if err != nil {
				_ = rows.Close()
				yield(nil, err)
				return
			}
		}
		for rows.Next() {
			if !yield(rows, nil) {
				_ = rows.Close()
				return
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			yield(nil, err)
		}
	}
}

// Preparer is what Prepare needs of a connection: *sql.DB and *sql.Conn
// both satisfy it.
type Preparer interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// Prepare asks the server to prepare a statement, tagged, and closes it at
// once: the server parses and resolves the statement and never runs it.
// The error is the server's answer to the prepare.
func Prepare(ctx context.Context, p Preparer, query string) error {
	prepared, err := p.PrepareContext(ctx, Tagged(query))
	if err != nil {
		return err
	}
	_ = prepared.Close() // nothing to answer: the statement was only asked about
	return nil
}

// Warning is one row of SHOW WARNINGS.
type Warning struct {
	Level   string
	Code    int
	Message string
}

// ReadWarnings reads SHOW WARNINGS: the conditions the session's last
// statement left, in the server's order.
func ReadWarnings(ctx context.Context, q Execer) ([]Warning, error) {
	var out []Warning
	for row, err := range Rows(ctx, q, "SHOW WARNINGS") {
		if err != nil {
			return nil, err
		}
		var w Warning
		if err := row.Scan(&w.Level, &w.Code, &w.Message); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// Script is the text of a file of statements a server runs itself (its
// --init-file): each statement tagged and ended by ";" and a newline.
func Script(statements ...string) string {
	var b strings.Builder
	for _, s := range statements {
		b.WriteString(Tagged(s) + ";\n")
	}
	return b.String()
}
