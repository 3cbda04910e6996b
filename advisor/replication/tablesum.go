package replication

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"
)

// TableChunks is a table cut into chunks along its primary key on one
// server, the same chunks summed on others (the in-place rehearsal sums
// them before and after the upgrade): the checksum of the replication
// rehearsal, without the rows.
type TableChunks struct {
	t      table
	chunks []chunk
	// Total is how many chunks the table has; Summed is fewer when a
	// deadline sampled them.
	Total int
	// Err is why the table could not be cut into chunks (it does not open).
	Err error
}

// Name is the table's schema.name.
func (c TableChunks) Name() string { return c.t.String() }

// Quoted is the table's quoted `schema`.`name`.
func (c TableChunks) Quoted() string { return c.t.quoted() }

// Summed is how many chunks Sum reads.
func (c TableChunks) Summed() int { return len(c.chunks) }

// ChunkTables lists the base tables of schemas on db and cuts each into
// chunks of chunkRows rows (DefaultChunkRows when 0). A table that cannot
// be read (its tablespace is missing) is in the list with Err set.
func ChunkTables(ctx context.Context, db *sql.DB, schemas []string, chunkRows int) ([]TableChunks, error) {
	if chunkRows <= 0 {
		chunkRows = DefaultChunkRows
	}
	tables, err := listTables(ctx, db, schemas)
	if err != nil {
		return nil, err
	}
	out := make([]TableChunks, 0, len(tables))
	for _, t := range tables {
		chunks, err := chunksOf(ctx, db, t, chunkRows)
		out = append(out, TableChunks{t: t, chunks: chunks, Total: len(chunks), Err: err})
	}
	return out, nil
}

// Sum is the rows of the chunks summed and a checksum over each chunk's
// count and BIT_XOR of CRC32s, in chunk order, read on db. With a
// deadline, the chunks are taken in a fixed random order until it passes
// (at least one), and only those are kept: summing c again (on another
// server) reads the same ones.
func (c *TableChunks) Sum(ctx context.Context, db *sql.DB, deadline time.Time) (rows int64, checksum string, err error) {
	if !deadline.IsZero() {
		order := rand.New(rand.NewPCG(uint64(len(c.chunks)), 47)).Perm(len(c.chunks))
		shuffled := make([]chunk, len(c.chunks))
		for i, j := range order {
			shuffled[i] = c.chunks[j]
		}
		c.chunks = shuffled
	}
	h := fnv.New64a()
	for i, ch := range c.chunks {
		if !deadline.IsZero() && i > 0 && time.Now().After(deadline) {
			c.chunks = c.chunks[:i]
			break
		}
		s, err := chunkSum(ctx, db, c.t, ch)
		if err != nil {
			return 0, "", err
		}
		rows += s.count
		fmt.Fprintf(h, "%d:%d;", s.count, s.crc)
	}
	return rows, fmt.Sprintf("%016x", h.Sum64()), nil
}
