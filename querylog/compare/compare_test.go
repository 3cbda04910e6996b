package compare

import (
	"slices"
	"strings"
	"testing"
)

// res builds a result: columns as "name:TYPE", rows of texts ("NULL" is NULL).
func res(cols []string, rows ...[]string) Result {
	var r Result
	for _, c := range cols {
		name, typ, _ := strings.Cut(c, ":")
		r.Columns = append(r.Columns, Column{Name: name, Type: typ})
	}
	for _, row := range rows {
		var cells []Cell
		for _, v := range row {
			cells = append(cells, Cell{Null: v == "NULL", Text: v})
		}
		r.Rows = append(r.Rows, cells)
	}
	return r
}

func TestCompare(t *testing.T) {
	idName := []string{"id:INT", "name:VARCHAR"}
	tests := []struct {
		name          string
		sql           string
		today, target Result
		want          Outcome
		reason        string // a part of the reason
		ignored       []string
		undetermined  bool
	}{
		{"same rows", "SELECT id, name FROM t", res(idName, []string{"1", "a"}, []string{"2", "b"}),
			res(idName, []string{"1", "a"}, []string{"2", "b"}), Same, "", nil, false},
		{"another order without ORDER BY", "SELECT id, name FROM t", res(idName, []string{"1", "a"}, []string{"2", "b"}),
			res(idName, []string{"2", "b"}, []string{"1", "a"}), Order, "no ORDER BY", nil, false},
		{"another order with ORDER BY", "SELECT id, name FROM t ORDER BY name", res(idName, []string{"1", "a"}, []string{"2", "B"}),
			res(idName, []string{"2", "B"}, []string{"1", "a"}), Changed, "statement orders them", nil, false},
		{"other rows", "SELECT id, name FROM t", res(idName, []string{"1", "a"}, []string{"2", "b"}),
			res(idName, []string{"1", "a"}, []string{"2", "c"}), Changed, `today ("2", "b"), on the target ("2", "c")`, nil, false},
		{"repeats count", "SELECT name FROM t", res([]string{"name:VARCHAR"}, []string{"a"}, []string{"a"}, []string{"b"}),
			res([]string{"name:VARCHAR"}, []string{"a"}, []string{"b"}, []string{"b"}), Changed, "1 of 3 rows differ", nil, false},
		{"row count", "SELECT id, name FROM t", res(idName, []string{"1", "a"}), res(idName), Changed, "1 rows today, 0 on the target", nil, false},
		{"column names", "SELECT id, name FROM t", res(idName), res([]string{"id:INT", "Name:VARCHAR"}), Changed, `"name" today, "Name" on the target`, nil, false},
		{"column count", "SELECT * FROM t", res(idName), res([]string{"id:INT"}), Changed, "2 columns today", nil, false},
		{"type kind", "SELECT id, name FROM t", res(idName), res([]string{"id:VARCHAR", "name:VARCHAR"}), Changed, "INT today, VARCHAR on the target", nil, false},
		{"text types are one kind", "SELECT id, name FROM t", res(idName, []string{"1", "a"}),
			res([]string{"id:BIGINT", "name:TEXT"}, []string{"1", "a"}), Same, "", nil, false},
		{"decimal exact", "SELECT SUM(p) AS s FROM t", res([]string{"s:DECIMAL"}, []string{"10.50"}), res([]string{"s:DECIMAL"}, []string{"10.5"}), Same, "", nil, false},
		{"decimal differs in the last digit", "SELECT SUM(p) AS s FROM t", res([]string{"s:DECIMAL"}, []string{"10.50"}),
			res([]string{"s:DECIMAL"}, []string{"10.51"}), Changed, "rows differ", nil, false},
		{"double within tolerance", "SELECT AVG(x) AS a FROM t", res([]string{"a:DOUBLE"}, []string{"0.30000000000000004"}),
			res([]string{"a:DOUBLE"}, []string{"0.3"}), Same, "", nil, false},
		{"double beyond tolerance", "SELECT AVG(x) AS a FROM t", res([]string{"a:DOUBLE"}, []string{"0.3001"}),
			res([]string{"a:DOUBLE"}, []string{"0.3"}), Changed, "rows differ", nil, false},
		{"float columns use single precision", "SELECT f FROM t", res([]string{"f:FLOAT"}, []string{"1.1"}),
			res([]string{"f:FLOAT"}, []string{"1.10000002384"}), Same, "", nil, false},
		{"floats as a multiset", "SELECT k, AVG(x) AS a FROM t GROUP BY k", res([]string{"k:INT", "a:DOUBLE"}, []string{"1", "2.5"}, []string{"1", "0.1"}),
			res([]string{"k:INT", "a:DOUBLE"}, []string{"1", "0.1000000000000000001"}, []string{"1", "2.5"}), Order, "no ORDER BY", nil, false},
		{"NULL is not empty", "SELECT name FROM t", res([]string{"name:VARCHAR"}, []string{"NULL"}),
			res([]string{"name:VARCHAR"}, []string{""}), Changed, "NULL", nil, false},
		{"JSON by meaning", "SELECT doc FROM t", res([]string{"doc:LONGTEXT"}, []string{`{"a":1,"b":[1.0,2]}`}),
			res([]string{"doc:JSON"}, []string{`{"b": [1, 2], "a": 1}`}), Same, "", nil, false},
		{"volatile columns ignored", "SELECT id, NOW() AS n, UUID() AS u FROM t", res([]string{"id:INT", "n:DATETIME", "u:VARCHAR"}, []string{"1", "2026-12-02 07:00:00", "x"}),
			res([]string{"id:INT", "n:DATETIME", "u:VARCHAR"}, []string{"1", "2026-12-02 07:00:05", "y"}), Same, "", []string{"n", "u"}, false},
		{"version ignored", "SELECT VERSION() LIKE '10%' AS v", res([]string{"v:INT"}, []string{"1"}), res([]string{"v:INT"}, []string{"0"}), Same, "", []string{"v"}, false},
		{"limit without order", "SELECT id FROM t LIMIT 1", res([]string{"id:INT"}, []string{"1"}), res([]string{"id:INT"}, []string{"2"}), Changed, "rows differ", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Compare(tt.sql, tt.today, tt.target, Options{})
			if d.Outcome != tt.want || !strings.Contains(d.Reason, tt.reason) {
				t.Errorf("outcome %s (%s), want %s with %q", d.Outcome, d.Reason, tt.want, tt.reason)
			}
			if !slices.Equal(d.Ignored, tt.ignored) || d.Undetermined != tt.undetermined {
				t.Errorf("ignored %q undetermined %v, want %q %v", d.Ignored, d.Undetermined, tt.ignored, tt.undetermined)
			}
		})
	}
}
