package datasample

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// sink is one sandbox's session of the copy.
type sink struct{ conn *sql.Conn }

// sinkSetup loads rows as a dump does: children before (or without) their
// parents, unique checks left to the end, a 0 in an AUTO_INCREMENT column
// kept, TIMESTAMPs in UTC as they were read, and no strict mode so a value
// the target stores differently is a warning counted, not a lost table.
var sinkSetup = []string{
	"SET SESSION foreign_key_checks = 0",
	"SET SESSION unique_checks = 0",
	"SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO,NO_ENGINE_SUBSTITUTION'",
	"SET SESSION time_zone = '+00:00'",
}

func openSinks(ctx context.Context, dst []*sql.DB) ([]*sink, error) {
	var out []*sink
	for i, db := range dst {
		if db == nil {
			closeSinks(out)
			return nil, fmt.Errorf("datasample: sandbox %d has no connection", i)
		}
		conn, err := db.Conn(ctx)
		if err != nil {
			closeSinks(out)
			return nil, fmt.Errorf("connecting to sandbox %d: %w (is it running?)", i, err)
		}
		out = append(out, &sink{conn: conn})
		for _, q := range sinkSetup {
			if _, err := stmt.Exec(ctx, conn, q); err != nil {
				closeSinks(out)
				return nil, fmt.Errorf("sandbox %d: %s: %w", i, q, err)
			}
		}
	}
	return out, nil
}

func closeSinks(sinks []*sink) {
	for _, s := range sinks {
		discard(s.conn)
	}
}

// batch gathers one table's rows into INSERTs of at most limit bytes and
// writes each to every sandbox that has not refused the table.
type batch struct {
	t        *table
	sinks    []*sink
	limit    int
	prefix   string
	text     strings.Builder
	rows     int
	refused  map[int]string // sandbox index -> why
	warnings int
}

func newBatch(t *table, sinks []*sink, limit int) *batch {
	return &batch{t: t, sinks: sinks, limit: limit, prefix: t.insertPrefix(), refused: map[int]string{}}
}

// add appends one row read from the live server, flushing first when the
// row would take the INSERT past its limit. It fails only on a value that
// is not what the SELECT reads (a bug, not the data).
func (b *batch) add(ctx context.Context, values []sql.NullString) error {
	row, err := b.rowText(values)
	if err != nil {
		return fmt.Errorf("%s.%s: %w", b.t.Schema, b.t.Name, err)
	}
	if b.rows > 0 && len(stmt.Tag)+len(b.prefix)+b.text.Len()+len(row)+1 > b.limit { // the INSERT as sent, tagged
		b.flush(ctx)
	}
	if b.rows > 0 {
		b.text.WriteByte(',')
	}
	b.text.WriteString(row)
	b.rows++
	return nil
}

func (b *batch) rowText(values []sql.NullString) (string, error) {
	lits := make([]string, len(values))
	for i, v := range values {
		var p *string
		if v.Valid {
			p = &v.String
		}
		lit, err := b.t.Columns[i].literal(p)
		if err != nil {
			return "", err
		}
		lits[i] = lit
	}
	return "(" + strings.Join(lits, ", ") + ")", nil
}

// flush writes the gathered rows to every sandbox still taking the table
// and counts the warnings each gave.
func (b *batch) flush(ctx context.Context) {
	if b.rows == 0 {
		return
	}
	q := b.prefix + b.text.String()
	b.text.Reset()
	b.rows = 0
	for i, s := range b.sinks {
		if _, gone := b.refused[i]; gone {
			continue
		}
		if _, err := stmt.Exec(ctx, s.conn, q); err != nil {
			b.refused[i] = fmt.Sprintf("the sandbox refused the rows: %v", err)
			continue
		}
		var n int
		if err := stmt.QueryRow(ctx, s.conn, "SELECT @@warning_count").Scan(&n); err == nil {
			b.warnings += n
		}
	}
}

// skips are the sandboxes that refused the table.
func (b *batch) skips() []Skip {
	var out []Skip
	for i := range b.sinks {
		if why, ok := b.refused[i]; ok {
			out = append(out, Skip{Schema: b.t.Schema, Table: b.t.Name, Sandbox: i, Reason: why})
		}
	}
	return out
}
