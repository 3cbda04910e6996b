package stmt

import (
	"context"
	"database/sql"
)

// Execer is what the tool needs of a connection: *sql.DB and *sql.Conn both
// satisfy it. Writes go through one pinned *sql.Conn so session settings
// (sql_log_bin = 0, lock_wait_timeout) cover them.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
