package datasample

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// Options bound the copy.
type Options struct {
	// Rows is the most rows read of each table (required, at least 1).
	Rows int
	// BatchBytes bounds one INSERT's text (default 1 MiB, under every
	// server's default max_allowed_packet).
	BatchBytes int
}

const defaultBatchBytes = 1 << 20

// Result is what the copy did.
type Result struct {
	// Tables are the tables whose rows were read, in schema and table order.
	Tables []TableCopy `json:"tables"`
	// Skipped are the tables, or a table on one sandbox, not copied, and why.
	Skipped []Skip `json:"skipped,omitempty"`
	// Took is the copy's wall time.
	Took time.Duration `json:"took_ns"`
}

// TableCopy is one table's sample.
type TableCopy struct {
	Schema string `json:"schema"`
	Table  string `json:"table"`
	// Rows is how many rows were read from the live server (and written to
	// each sandbox that has no Skip for the table).
	Rows int `json:"rows"`
	// Limited says the table has more rows than were read.
	Limited bool `json:"limited,omitempty"`
	// Generated are the generated columns, left for the sandbox to compute.
	Generated []string `json:"generated,omitempty"`
	// Warnings is how many warnings the sandboxes gave for its INSERTs,
	// summed (a value the sandbox stored differently, e.g. truncated).
	Warnings int `json:"warnings,omitempty"`
	// NotInSnapshot says the engine is not transactional (MyISAM, Aria,
	// ...): its rows were read outside the consistent snapshot.
	NotInSnapshot bool `json:"not_in_snapshot,omitempty"`
}

// Skip is a table not copied, or not written to one sandbox.
type Skip struct {
	Schema string `json:"schema"`
	Table  string `json:"table"`
	// Sandbox is the index in dst of the sandbox that refused the rows;
	// -1 when the table was not read at all.
	Sandbox int    `json:"sandbox"`
	Reason  string `json:"reason"`
}

// Copy reads at most o.Rows rows of each table of schemas from live, in one
// consistent read-only snapshot on a session of its own (discarded at the
// end), and inserts them into the same tables of every dst. The tables must
// exist in each dst (the schema loaded) and hold no rows that would collide.
// Nothing is written to live: it is sent tagged SELECTs, session SETs and
// the snapshot's START TRANSACTION and ROLLBACK, as plain queries.
func Copy(ctx context.Context, live *sql.DB, schemas []string, dst []*sql.DB, o Options) (*Result, error) {
	began := time.Now()
	if o.Rows < 1 {
		return nil, fmt.Errorf("datasample: a row limit of %d: give "+flagname.SampleRows+" 1 or more", o.Rows)
	}
	if len(schemas) == 0 || len(dst) == 0 {
		return nil, errors.New("datasample: nothing to copy: name the schemas and at least one sandbox")
	}
	if o.BatchBytes <= 0 {
		o.BatchBytes = defaultBatchBytes
	}
	snap, err := openSnapshot(ctx, live)
	if err != nil {
		return nil, err
	}
	defer snap.close()
	tables, err := readTables(ctx, snap.conn, schemas)
	if err != nil {
		return nil, err
	}
	sinks, err := openSinks(ctx, dst)
	if err != nil {
		return nil, err
	}
	defer closeSinks(sinks)
	res := &Result{}
	for _, t := range tables {
		if why := t.skipReason(); why != "" {
			res.Skipped = append(res.Skipped, Skip{Schema: t.Schema, Table: t.Name, Sandbox: -1, Reason: why})
			continue
		}
		tc, skips, err := copyTable(ctx, snap, t, sinks, o)
		if err == nil {
			err = ctx.Err() // a cancelled copy is not a sandbox refusing rows
		}
		if err != nil {
			return nil, err
		}
		res.Tables = append(res.Tables, tc)
		res.Skipped = append(res.Skipped, skips...)
	}
	res.Took = time.Since(began)
	return res, nil
}

// copyTable streams t's sample from the snapshot into every sink in batches.
// A sandbox that refuses a batch gets no more of the table (a Skip says
// why); a failed read of the live server ends the copy.
func copyTable(ctx context.Context, snap *snapshot, t *table, sinks []*sink, o Options) (TableCopy, []Skip, error) {
	tc := TableCopy{Schema: t.Schema, Table: t.Name, Generated: t.Generated, NotInSnapshot: !transactional(t.Engine)}
	b := newBatch(t, sinks, o.BatchBytes)
	values := make([]sql.NullString, len(t.Columns))
	ptrs := make([]any, len(values))
	for i := range values {
		ptrs[i] = &values[i]
	}
	for row, err := range stmt.Rows(ctx, snap.conn, t.sampleQuery(o.Rows+1)) {
		if err != nil {
			return tc, nil, fmt.Errorf("reading %s.%s from the live server: %w", t.Schema, t.Name, err)
		}
		if tc.Rows == o.Rows {
			tc.Limited = true
			break
		}
		if err := row.Scan(ptrs...); err != nil {
			return tc, nil, fmt.Errorf("reading %s.%s: %w", t.Schema, t.Name, err)
		}
		if err := b.add(ctx, values); err != nil {
			return tc, nil, err
		}
		tc.Rows++
	}
	b.flush(ctx)
	tc.Warnings = b.warnings
	return tc, b.skips(), nil
}

// transactional says whether an engine's rows are in the snapshot.
func transactional(engine string) bool {
	switch engine {
	case "InnoDB", "TokuDB", "RocksDB", "ndbcluster", "":
		return true
	}
	return false
}
