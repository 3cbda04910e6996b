package datasample

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// table is one table of the live server's schemas, as the copy sees it.
type table struct {
	Schema, Name string
	Type         string // information_schema.TABLES.TABLE_TYPE
	Engine       string
	Columns      []column // the copied ones: every column but the generated
	Generated    []string // left for the sandbox to compute
	PrimaryKey   []string
}

// skipReason says why a table's rows are not read, "" when they are.
func (t table) skipReason() string {
	switch {
	case t.Type == "SEQUENCE":
		return "a sequence: the schema creates it, it has no rows to copy"
	case t.Type == "SYSTEM VERSIONED":
		return "system-versioned: its history cannot be written back as it is; load it from a dump"
	case t.Type != "BASE TABLE":
		return fmt.Sprintf("%s: no rows of its own", strings.ToLower(t.Type))
	case len(t.Columns) == 0:
		return "every column is generated"
	}
	return ""
}

// readTables lists the schemas' tables with their columns and primary keys,
// in schema and table order.
func readTables(ctx context.Context, live stmt.Execer, schemas []string) ([]*table, error) {
	in := stmt.QuoteStrings(schemas) // plain queries: no prepared statements on the live server
	var out []*table
	byName := map[string]*table{}
	for row, err := range stmt.Rows(ctx, live, "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, COALESCE(ENGINE, '') "+
		"FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ("+in+") ORDER BY TABLE_SCHEMA, TABLE_NAME") {
		if err != nil {
			return nil, fmt.Errorf("listing the tables of %s: %w", in, err)
		}
		t := &table{}
		if err := row.Scan(&t.Schema, &t.Name, &t.Type, &t.Engine); err != nil {
			return nil, fmt.Errorf("listing tables: %w", err)
		}
		out = append(out, t)
		byName[t.Schema+"."+t.Name] = t
	}
	if err := readColumns(ctx, live, in, byName); err != nil {
		return nil, err
	}
	return out, readPrimaryKeys(ctx, live, in, byName)
}

// readColumns fills in each table's columns in their order; EXTRA names
// the generated ones on both families (VIRTUAL/STORED/PERSISTENT GENERATED).
func readColumns(ctx context.Context, live stmt.Execer, in string, byName map[string]*table) error {
	for row, err := range stmt.Rows(ctx, live, "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, LOWER(DATA_TYPE), "+
		"COALESCE(CHARACTER_SET_NAME, ''), UPPER(EXTRA) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA IN ("+in+") "+
		"ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION") {
		if err != nil {
			return fmt.Errorf("reading the columns: %w", err)
		}
		var schema, name, extra string
		var c column
		if err := row.Scan(&schema, &name, &c.Name, &c.DataType, &c.Charset, &extra); err != nil {
			return fmt.Errorf("reading the columns: %w", err)
		}
		t := byName[schema+"."+name]
		if t == nil {
			continue // created since the tables were listed
		}
		if isGenerated(extra) {
			t.Generated = append(t.Generated, c.Name)
			continue
		}
		t.Columns = append(t.Columns, c)
	}
	return nil
}

// isGenerated reads EXTRA: "VIRTUAL GENERATED", "STORED GENERATED" (MySQL,
// MariaDB 10.2+), "VIRTUAL", "PERSISTENT" (MariaDB 10.1), but not MySQL's
// DEFAULT_GENERATED (an expression default, a column like any other).
func isGenerated(extra string) bool {
	extra = strings.ReplaceAll(extra, "DEFAULT_GENERATED", "")
	return strings.Contains(extra, "GENERATED") || strings.Contains(extra, "VIRTUAL") || strings.Contains(extra, "PERSISTENT")
}

// readPrimaryKeys fills in each table's primary key columns in key order.
func readPrimaryKeys(ctx context.Context, live stmt.Execer, in string, byName map[string]*table) error {
	for row, err := range stmt.Rows(ctx, live, "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME FROM information_schema.STATISTICS "+
		"WHERE TABLE_SCHEMA IN ("+in+") AND INDEX_NAME = 'PRIMARY' ORDER BY TABLE_SCHEMA, TABLE_NAME, SEQ_IN_INDEX") {
		if err != nil {
			return fmt.Errorf("reading the primary keys: %w", err)
		}
		var schema, name, col string
		if err := row.Scan(&schema, &name, &col); err != nil {
			return fmt.Errorf("reading the primary keys: %w", err)
		}
		if t := byName[schema+"."+name]; t != nil {
			t.PrimaryKey = append(t.PrimaryKey, col)
		}
	}
	return nil
}

// sampleQuery reads at most limit rows of t, in primary-key order when it
// has one, every value as selectExpr gives it.
func (t table) sampleQuery(limit int) string {
	exprs := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		exprs[i] = c.selectExpr()
	}
	q := "SELECT " + strings.Join(exprs, ", ") + " FROM " + stmt.QuoteIdent(t.Schema) + "." + stmt.QuoteIdent(t.Name)
	if len(t.PrimaryKey) > 0 {
		keys := make([]string, len(t.PrimaryKey))
		for i, k := range t.PrimaryKey {
			keys[i] = stmt.QuoteIdent(k)
		}
		q += " ORDER BY " + strings.Join(keys, ", ")
	}
	return q + fmt.Sprintf(" LIMIT %d", limit)
}

// insertPrefix is the INSERT's head: the table and its copied columns.
func (t table) insertPrefix() string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = stmt.QuoteIdent(c.Name)
	}
	return "INSERT INTO " + stmt.QuoteIdent(t.Schema) + "." + stmt.QuoteIdent(t.Name) + " (" + strings.Join(names, ", ") + ") VALUES "
}
