package replication

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// table is a base table to checksum: its columns in order and its primary
// key's (none: the table is one chunk, compared as a multiset of rows).
type table struct {
	schema, name string
	collation    string
	columns      []string
	key          []string
}

func (t table) quoted() string { return stmt.QuoteIdent(t.schema) + "." + stmt.QuoteIdent(t.name) }
func (t table) String() string { return t.schema + "." + t.name }

// listTables reads the base tables of schemas, their columns and primary keys.
func listTables(ctx context.Context, db *sql.DB, schemas []string) ([]table, error) {
	in := stmt.QuoteStrings(schemas)
	var out []table
	for row, err := range stmt.Rows(ctx, db, "SELECT c.TABLE_SCHEMA, c.TABLE_NAME, COALESCE(t.TABLE_COLLATION, ''), c.COLUMN_NAME "+
		"FROM information_schema.COLUMNS c JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME "+
		"WHERE t.TABLE_TYPE = 'BASE TABLE' AND c.TABLE_SCHEMA IN ("+in+") ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION") {
		if err != nil {
			return nil, fmt.Errorf("listing the tables: %w", err)
		}
		var schema, name, collation, col string
		if err := row.Scan(&schema, &name, &collation, &col); err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].schema != schema || out[n-1].name != name {
			out = append(out, table{schema: schema, name: name, collation: collation})
		}
		out[len(out)-1].columns = append(out[len(out)-1].columns, col)
	}
	for i := range out {
		var err error
		if out[i].key, err = primaryKey(ctx, db, out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// primaryKey reads a table's primary key columns in key order.
func primaryKey(ctx context.Context, db *sql.DB, t table) ([]string, error) {
	return stmt.ReadStrings(ctx, db, "SELECT COLUMN_NAME FROM information_schema.STATISTICS "+
		"WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY' ORDER BY SEQ_IN_INDEX", t.schema, t.name)
}

// rowText is the expression pt-table-checksum hashes: every column's bytes
// (CAST AS BINARY: no collation, no character set conversion) joined by
// '#', with a flag per column for NULL.
func (t table) rowText() string {
	var cols, nulls []string
	for _, c := range t.columns {
		q := stmt.QuoteIdent(c)
		cols = append(cols, "CAST("+q+" AS BINARY)")
		nulls = append(nulls, "ISNULL("+q+")")
	}
	return "CONCAT_WS('#', " + strings.Join(cols, ", ") + ", CONCAT(" + strings.Join(nulls, ", ") + "))"
}

// sampleText is a row's values for the report.
func (t table) sampleText() string {
	var cols []string
	for _, c := range t.columns {
		cols = append(cols, "CAST("+stmt.QuoteIdent(c)+" AS BINARY)")
	}
	return "CONCAT_WS(' | ', " + strings.Join(cols, ", ") + ")"
}

// keyList is the primary key's columns, quoted and joined.
func (t table) keyList() string {
	var q []string
	for _, c := range t.key {
		q = append(q, stmt.QuoteIdent(c))
	}
	return strings.Join(q, ", ")
}

// keyTuple is the key as a row constructor, for range conditions.
func (t table) keyTuple() string {
	if len(t.key) == 1 {
		return stmt.QuoteIdent(t.key[0])
	}
	return "(" + t.keyList() + ")"
}

// placeholders is a row constructor of ? for the key.
func (t table) placeholders() string {
	if len(t.key) == 1 {
		return "?"
	}
	return "(" + strings.TrimSuffix(strings.Repeat("?, ", len(t.key)), ", ") + ")"
}
