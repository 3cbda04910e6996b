package datasample

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// snapshot is the live server's session of the copy: one consistent,
// read-only view of every table, on a connection nobody else uses.
type snapshot struct{ conn *sql.Conn }

// snapshotSetup starts the session: TIMESTAMPs read in UTC (the sandboxes
// write them in UTC too), REPEATABLE READ so the snapshot holds for every
// table, then the snapshot itself.
var snapshotSetup = []string{
	"SET SESSION time_zone = '+00:00'",
	"SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ",
	"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY",
}

func openSnapshot(ctx context.Context, live *sql.DB) (*snapshot, error) {
	if live == nil {
		return nil, fmt.Errorf("datasample: no live server connection")
	}
	conn, err := live.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("connecting to the live server: %w", err)
	}
	s := &snapshot{conn: conn}
	for _, q := range snapshotSetup {
		if _, err := stmt.Exec(ctx, conn, q); err != nil {
			s.close()
			return nil, fmt.Errorf("live server: %s: %w (the account needs only SELECT on the schemas)", q, err)
		}
	}
	return s, nil
}

// close ends the snapshot and discards the connection, so the session's
// settings never reach another user of the pool.
func (s *snapshot) close() {
	_, _ = stmt.Exec(context.Background(), s.conn, "ROLLBACK")
	discard(s.conn)
}

// discard closes a connection and keeps it out of its pool.
func discard(conn *sql.Conn) {
	_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	_ = conn.Close()
}
