package queries

import (
	"context"
	"database/sql"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// planStep is one row of the tabular EXPLAIN: the parts compared.
type planStep struct {
	Table  string `json:"table"`
	Access string `json:"access"` // the type column: ALL, index, range, ref, eq_ref, const, ...
	Key    string `json:"key"`
}

func (p planStep) String() string {
	key := p.Key
	if key == "" {
		key = "-"
	}
	return p.Table + ":" + p.Access + ":" + key
}

// explain reads the statement's tabular plan: EXPLAIN FORMAT=TRADITIONAL
// on MySQL (plain EXPLAIN is a tree on 9.x), plain EXPLAIN on MariaDB.
// A statement EXPLAIN cannot read (DO, VALUES on some versions) has no plan.
func (ss *session) explain(ctx context.Context, q string) []planStep {
	prefix := "EXPLAIN "
	if ss.side.flavor.IsMySQLFamily() {
		prefix = "EXPLAIN FORMAT=TRADITIONAL "
	}
	var out []planStep
	var idx map[string]int
	var vals []sql.NullString
	var ptrs []any
	for row, err := range stmt.Rows(ctx, ss.conn, prefix+q) {
		if err != nil {
			return nil
		}
		if idx == nil {
			cols, err := row.Columns()
			if err != nil {
				return nil
			}
			idx = map[string]int{}
			for i, c := range cols {
				idx[strings.ToLower(c)] = i
			}
			vals = make([]sql.NullString, len(cols))
			ptrs = make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
		}
		if row.Scan(ptrs...) != nil {
			return nil
		}
		get := func(name string) string {
			if i, ok := idx[name]; ok {
				return vals[i].String
			}
			return ""
		}
		out = append(out, planStep{Table: get("table"), Access: get("type"), Key: get("key")})
	}
	return out
}

// samePlan compares two plans by table order, access type and key.
func samePlan(a, b []planStep) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// planText shows a plan on one line.
func planText(p []planStep) string {
	parts := make([]string, len(p))
	for i, s := range p {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}
