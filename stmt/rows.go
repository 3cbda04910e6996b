package stmt

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// ReadPairs runs a statement that returns name/value rows (SHOW VARIABLES,
// SHOW STATUS, a SELECT of two columns), tagged, and returns the values by
// lower-case name; a NULL value reads as "".
func ReadPairs(ctx context.Context, q Execer, stmt string) (map[string]string, error) {
	out := map[string]string{}
	for row, err := range Rows(ctx, q, stmt) {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stmt, err)
		}
		var name string
		var value sql.NullString
		if err := row.Scan(&name, &value); err != nil {
			return nil, fmt.Errorf("%s: %w", stmt, err)
		}
		out[strings.ToLower(name)] = value.String
	}
	return out, nil
}

// ReadStrings runs a query of one string column, tagged, and returns its
// values in order.
func ReadStrings(ctx context.Context, q Execer, query string, args ...any) ([]string, error) {
	var out []string
	for row, err := range Rows(ctx, q, query, args...) {
		if err != nil {
			return nil, err
		}
		var s string
		if err := row.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// ReadRow runs a query, tagged, and returns its first row by column name
// (SHOW CREATE ..., SHOW MASTER STATUS); a NULL column is absent, and a
// query that returns no row gives an empty map.
func ReadRow(ctx context.Context, q Execer, query string) (map[string]string, error) {
	out := map[string]string{}
	for row, err := range Rows(ctx, q, query) {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", query, err)
		}
		cols, err := row.Columns()
		if err != nil {
			return nil, err
		}
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := row.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, c := range cols {
			if vals[i].Valid {
				out[c] = vals[i].String
			}
		}
		break
	}
	return out, nil
}
