package replication

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// DefaultChunkRows is the checksum's chunk size, in rows of the primary.
const DefaultChunkRows = 1000

// maxRowSample bounds the rows named per differing table.
const maxRowSample = 10

// chunk is a range of a table's primary key: (low, high], open at either
// end; a table without a primary key is one chunk.
type chunk struct {
	where string
	args  []any
}

// sum is what pt-table-checksum compares per chunk.
type sum struct {
	count int64
	crc   uint64
}

// checked is what the checksums found.
type checked struct {
	tables     int
	diffs      []outcome.TableDiff
	collations []outcome.Collation
}

// checksumTables checksums every base table of schemas on both sides, the
// same statement on each, chunk by chunk along the primary's key; it
// returns how many tables it checked, those whose rows differ, and those
// whose default collation differs.
func checksumTables(ctx context.Context, primary, replica *sql.DB, schemas []string, chunkRows int) (checked, error) {
	var out checked
	if chunkRows <= 0 {
		chunkRows = DefaultChunkRows
	}
	tables, err := listTables(ctx, primary, schemas)
	if err != nil {
		return out, err
	}
	onReplica, err := listTables(ctx, replica, schemas)
	if err != nil {
		return out, err
	}
	have := map[string]table{}
	for _, t := range onReplica {
		have[t.String()] = t
	}
	out.tables = len(tables)
	for _, t := range tables {
		rt, ok := have[t.String()]
		if !ok {
			n, err := countRows(ctx, primary, t)
			if err != nil {
				return out, err
			}
			out.diffs = append(out.diffs, outcome.TableDiff{Table: t.String(), PrimaryRows: n, Note: "the table is missing on the replica"})
			continue
		}
		if rt.collation != t.collation {
			out.collations = append(out.collations, outcome.Collation{Table: t.String(), Primary: t.collation, Replica: rt.collation})
		}
		d, err := checksumTable(ctx, primary, replica, t, chunkRows)
		if err != nil {
			return out, fmt.Errorf("%s: %w", t, err)
		}
		if d != nil {
			out.diffs = append(out.diffs, *d)
		}
	}
	return out, nil
}

func countRows(ctx context.Context, db *sql.DB, t table) (int64, error) {
	var n int64
	err := stmt.QueryRow(ctx, db, "SELECT COUNT(*) FROM "+t.quoted()).Scan(&n)
	return n, err
}

// checksumTable compares a table chunk by chunk, then the rows of the
// chunks that differ; nil when every row is the same on both sides.
func checksumTable(ctx context.Context, primary, replica *sql.DB, t table, chunkRows int) (*outcome.TableDiff, error) {
	chunks, err := chunksOf(ctx, primary, t, chunkRows)
	if err != nil {
		return nil, err
	}
	d := &outcome.TableDiff{Table: t.String(), Chunks: len(chunks)}
	var differing []chunk
	for _, c := range chunks {
		p, err := chunkSum(ctx, primary, t, c)
		if err != nil {
			return nil, fmt.Errorf("the primary: %w", err)
		}
		r, err := chunkSum(ctx, replica, t, c)
		if err != nil {
			return nil, fmt.Errorf("the replica: %w", err)
		}
		d.PrimaryRows += p.count
		d.ReplicaRows += r.count
		if p != r {
			differing = append(differing, c)
		}
	}
	if len(differing) == 0 {
		return nil, nil
	}
	d.DifferingChunks = len(differing)
	if err := compareRows(ctx, primary, replica, t, differing, d); err != nil {
		return nil, err
	}
	if d.DifferingRows == 0 {
		// The chunks' ranges held other rows on each side (the key's
		// collation orders them differently), but every row is on both.
		return nil, nil
	}
	return d, nil
}

// chunksOf cuts the table along the primary's key order every chunkRows rows.
func chunksOf(ctx context.Context, db *sql.DB, t table, chunkRows int) ([]chunk, error) {
	if len(t.key) == 0 {
		return []chunk{{where: "1=1"}}, nil
	}
	var bounds [][]any
	raw := make([]sql.RawBytes, len(t.key))
	ptrs := make([]any, len(raw))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	n := 0
	for row, err := range stmt.Rows(ctx, db, "SELECT "+t.keyList()+" FROM "+t.quoted()+" ORDER BY "+t.keyList()) {
		if err != nil {
			return nil, err
		}
		if n++; n%chunkRows != 0 {
			continue
		}
		if err := row.Scan(ptrs...); err != nil {
			return nil, err
		}
		b := make([]any, len(raw))
		for i, v := range raw {
			b[i] = string(v)
		}
		bounds = append(bounds, b)
	}
	return ranges(t, bounds), nil
}

// ranges turns the bounds into chunks: (-inf, b1], (b1, b2], ..., (bk, +inf).
func ranges(t table, bounds [][]any) []chunk {
	k, ph := t.keyTuple(), t.placeholders()
	if len(bounds) == 0 {
		return []chunk{{where: "1=1"}}
	}
	out := []chunk{{where: k + " <= " + ph, args: bounds[0]}}
	for i := 1; i < len(bounds); i++ {
		out = append(out, chunk{where: k + " > " + ph + " AND " + k + " <= " + ph, args: append(append([]any{}, bounds[i-1]...), bounds[i]...)})
	}
	return append(out, chunk{where: k + " > " + ph, args: bounds[len(bounds)-1]})
}

// chunkSum is the chunk's row count and BIT_XOR of its rows' CRC32.
func chunkSum(ctx context.Context, db *sql.DB, t table, c chunk) (sum, error) {
	var s sum
	q := "SELECT COUNT(*), COALESCE(BIT_XOR(CRC32(" + t.rowText() + ")), 0) FROM " + t.quoted() + " WHERE " + c.where
	err := stmt.QueryRow(ctx, db, q, c.args...).Scan(&s.count, &s.crc)
	return s, err
}

// rowSums are a side's rows of some chunks: key -> CRC32 and values.
type rowSums map[string]struct {
	crc    uint64
	sample string
}

// compareRows reads the differing chunks' rows on both sides and names
// those found on one side only or with other values.
func compareRows(ctx context.Context, primary, replica *sql.DB, t table, chunks []chunk, d *outcome.TableDiff) error {
	p, err := readRows(ctx, primary, t, chunks)
	if err != nil {
		return fmt.Errorf("the primary's rows: %w", err)
	}
	r, err := readRows(ctx, replica, t, chunks)
	if err != nil {
		return fmt.Errorf("the replica's rows: %w", err)
	}
	note := func(key, onPrimary, onReplica string) {
		d.DifferingRows++
		if len(d.Rows) < maxRowSample {
			d.Rows = append(d.Rows, outcome.RowMismatch{Key: key, Primary: onPrimary, Replica: onReplica})
		}
	}
	for _, key := range sortedKeys(p) {
		pr := p[key]
		rr, ok := r[key]
		switch {
		case !ok:
			note(key, pr.sample, "")
		case rr.crc != pr.crc:
			note(key, pr.sample, rr.sample)
		}
	}
	for _, key := range sortedKeys(r) {
		if _, ok := p[key]; !ok {
			note(key, "", r[key].sample)
		}
	}
	return nil
}

// readRows reads the chunks' rows: their key (or, without a key, their
// values and occurrence), CRC32 and values.
func readRows(ctx context.Context, db *sql.DB, t table, chunks []chunk) (rowSums, error) {
	keyExpr := t.sampleText()
	if len(t.key) > 0 {
		var parts []string
		for _, c := range t.key {
			parts = append(parts, "CONCAT("+stmt.QuoteString(c+"=")+", CAST("+stmt.QuoteIdent(c)+" AS BINARY))")
		}
		keyExpr = "CONCAT_WS(', ', " + strings.Join(parts, ", ") + ")"
	}
	out := rowSums{}
	for _, c := range chunks {
		for row, err := range stmt.Rows(ctx, db, "SELECT "+keyExpr+", CRC32("+t.rowText()+"), "+t.sampleText()+" FROM "+t.quoted()+" WHERE "+c.where, c.args...) {
			if err != nil {
				return nil, err
			}
			var key, sample sql.NullString
			var crc uint64
			if err := row.Scan(&key, &crc, &sample); err != nil {
				return nil, err
			}
			k := key.String
			if len(t.key) == 0 { // a multiset: the n-th copy of a row is a key of its own
				for n := 2; ; n++ {
					if _, dup := out[k]; !dup {
						break
					}
					k = fmt.Sprintf("%s (copy %d)", key.String, n)
				}
			}
			out[k] = struct {
				crc    uint64
				sample string
			}{crc, truncate(sample.String, 200)}
		}
	}
	return out, nil
}

// truncate keeps at most n bytes of s, never half a character, and marks
// the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) { // never half a character
		n--
	}
	return s[:n] + "..."
}
