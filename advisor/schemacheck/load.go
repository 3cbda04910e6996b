package schemacheck

import (
	"context"
	"database/sql"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// LoadDump creates every object of d on conn, tables first, then functions,
// procedures, views, triggers and events; within a kind in file order, and
// again while an object that failed on a missing object can now be made.
// A server error never stops the load; only a lost connection does.
//
// A file's dump (with Steps) is replayed in file order instead, as the mysql
// client runs it; see replay.
func LoadDump(ctx context.Context, conn *sql.Conn, d *sqlfile.Dump) (*Load, error) {
	l := &loader{conn: conn, applied: map[string]string{}}
	if d.Steps != nil {
		return l.replay(ctx, d)
	}
	return l.byKind(ctx, d)
}
