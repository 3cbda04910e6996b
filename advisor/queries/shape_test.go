package queries

import (
	"slices"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

func outlineOf(sql string) (words, string) {
	ws, p := sqlfile.Outline(sql)
	return words(ws), p
}

func shapeOf(sql string) shape {
	ws, _ := outlineOf(sql)
	return resultShape(ws)
}

func TestResultShapeOrdering(t *testing.T) {
	for _, tt := range []struct {
		sql     string
		ordered bool
		limited bool
		keys    []string
	}{
		{"SELECT a FROM t", false, false, nil},
		{"SELECT a FROM t ORDER BY a", true, false, []string{"a"}},
		{"SELECT a, b FROM t ORDER BY t.a DESC, 2 LIMIT 5", true, true, []string{"a", "#2"}},
		{"SELECT a FROM t ORDER BY LOWER(a)", true, false, nil},
		{"SELECT a FROM t LIMIT 3", false, true, nil},
		{"SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 3) AS d", false, false, nil},
		{"SELECT GROUP_CONCAT(a ORDER BY a) FROM t", false, false, nil},
		{"SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t", false, false, nil},
		{"SELECT a FROM t UNION SELECT b FROM u ORDER BY 1", true, false, []string{"#1"}},
		{"(SELECT a FROM t ORDER BY a) UNION (SELECT a FROM u) ORDER BY 1", true, false, []string{"#1"}},
		{"WITH x AS (SELECT a FROM t ORDER BY a) SELECT a FROM x LIMIT 2", false, true, nil},
	} {
		sh := shapeOf(tt.sql)
		if sh.ordered != tt.ordered || sh.limited != tt.limited || !slices.Equal(sh.orderKeys, tt.keys) {
			t.Errorf("%s: ordered %v limited %v keys %q, want %v %v %q", tt.sql, sh.ordered, sh.limited, sh.orderKeys, tt.ordered, tt.limited, tt.keys)
		}
	}
}

func TestResultShapeVolatile(t *testing.T) {
	for _, tt := range []struct {
		sql    string
		n      int
		masked []bool
		rows   bool
	}{
		{"SELECT id, NOW(), CONNECTION_ID(), VERSION() FROM t", 4, []bool{false, true, true, true}, false},
		{"SELECT id, CURRENT_TIMESTAMP, @@version, @@sql_mode FROM t", 4, []bool{false, true, true, false}, false},
		{"SELECT id, @@session.hostname FROM t", 2, []bool{false, true}, false},
		{"SELECT now FROM t", 1, []bool{false}, false},
		{"SELECT t.version() FROM t", 1, []bool{false}, false},
		{"SELECT *, NOW() FROM t", 3, []bool{false, false, true}, false},
		{"SELECT NOW(), t.* FROM t", 3, []bool{true, false, false}, false},
		{"SELECT id FROM t ORDER BY RAND() LIMIT 1", 1, []bool{false}, true},
		{"SELECT id FROM t WHERE created < NOW()", 1, []bool{false}, false},
		{"SELECT id, (SELECT MAX(x) FROM u WHERE u.d < NOW()) FROM t", 2, []bool{false, true}, false},
		{"SELECT id, RAND() * 10, UUID() AS u, VERSION() LIKE '8%' FROM t", 4, []bool{false, true, true, true}, false},
		{"SELECT @@version, @@session.sql_mode, @@global.hostname, @@port", 4, []bool{true, false, true, true}, false},
		{"SELECT t.current_date, now_col FROM t", 2, []bool{false, false}, false},
		{"SELECT NOW(), t.*, UUID() FROM t", 5, []bool{true, false, false, false, true}, false},
		{"WITH x AS (SELECT NOW() AS n) SELECT a, RAND() FROM x ORDER BY a", 2, []bool{false, true}, false},
		{"UPDATE t SET a = NOW()", 0, []bool{}, false},
	} {
		sh := shapeOf(tt.sql)
		if got := sh.masked(tt.n); !slices.Equal(got, tt.masked) || sh.rowsVolatile != tt.rows {
			t.Errorf("%s: masked %v rows volatile %v, want %v %v", tt.sql, got, sh.rowsVolatile, tt.masked, tt.rows)
		}
	}
}
