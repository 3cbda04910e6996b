package stmt

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/go-sql-driver/mysql"
)

// RunText sends text, which may hold several statements, as one query on
// conn, a connection opened with multiStatements=true (a sandbox's: never a
// live server's), as the mysql client sends the text up to its delimiter:
// the server cuts it and runs its statements one after the other, stopping
// at the first that fails. Every result is read (Next, NextResultSet).
//
// ran is how many statements the server began, read from the session's
// Questions counter before and after (the server counts each statement of
// a multi-statement text as it reaches it, the failing one too), and
// failed is the server's error of statement ran when it stopped there, nil
// when all ran. err is set only when the connection itself failed or the
// counter could not be read.
func RunText(ctx context.Context, conn *sql.Conn, text string) (ran int, failed error, err error) {
	before, err := questions(ctx, conn)
	if err != nil {
		return 0, nil, err
	}
	failed = drain(ctx, conn, text)
	after, err := questions(ctx, conn)
	if err != nil {
		if failed != nil {
			return 0, nil, fmt.Errorf("%w (after: %w)", err, failed)
		}
		return 0, nil, err
	}
	// Each read of the counter is a statement of its own, counted before
	// it answers: after counts itself.
	return after - before - 1, failed, nil
}

// drain sends text and reads every result set to its end.
func drain(ctx context.Context, conn *sql.Conn, text string) error {
	rows, err := conn.QueryContext(ctx, Tagged(text))
	if err != nil {
		return err
	}
	defer rows.Close()
	for {
		for rows.Next() {
		}
		if !rows.NextResultSet() {
			break
		}
	}
	return rows.Err()
}

// questions is the session's count of statements the client sent.
func questions(ctx context.Context, conn *sql.Conn) (int, error) {
	var name, value string
	if err := conn.QueryRowContext(ctx, Tag+"SHOW SESSION STATUS LIKE 'Questions'").Scan(&name, &value); err != nil {
		return 0, fmt.Errorf("reading the session's Questions counter: %w", err)
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return 0, fmt.Errorf("reading the session's Questions counter %q: %w", value, err)
	}
	return n, nil
}

// TakesTexts reports whether conn was opened with multiStatements=true:
// the server runs a text of two statements on it instead of refusing it
// with a syntax error (1064).
func TakesTexts(ctx context.Context, conn *sql.Conn) (bool, error) {
	_, err := conn.ExecContext(ctx, Tag+"DO 0; DO 0")
	var se *mysql.MySQLError
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &se) && se.Number == 1064:
		return false, nil
	}
	return false, fmt.Errorf("asking the server for a text of two statements: %w", err)
}
