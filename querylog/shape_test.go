package querylog

import (
	"slices"
	"testing"
)

func TestResultShape(t *testing.T) {
	tests := []struct {
		name             string
		sql              string
		columns          int
		ordered, limited bool
		ignored          []bool
	}{
		{"plain", "SELECT a, b FROM t", 2, false, false, []bool{false, false}},
		{"order by", "SELECT a FROM t ORDER BY a", 1, true, false, []bool{false}},
		{"order in a subquery", "SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 3) x", 1, false, false, []bool{false}},
		{"window and group_concat", "SELECT ROW_NUMBER() OVER (ORDER BY a), GROUP_CONCAT(b ORDER BY b) FROM t", 2, false, false, []bool{false, false}},
		{"limit without order", "SELECT a FROM t LIMIT 5", 1, false, true, []bool{false}},
		{"union ordered as a whole", "(SELECT a FROM t ORDER BY a) UNION (SELECT a FROM u) ORDER BY 1", 1, true, false, []bool{false}},
		{"union unordered", "SELECT a FROM t ORDER BY a UNION SELECT a FROM u", 1, false, false, []bool{false}},
		{"volatile functions", "SELECT id, NOW(), RAND() * 10, UUID() AS u, CONNECTION_ID(), VERSION() LIKE '8%', CURRENT_TIMESTAMP FROM t", 7,
			false, false, []bool{false, true, true, true, true, true, true}},
		{"volatile variables", "SELECT @@version, @@session.sql_mode, @@global.hostname, @@port", 4, false, false, []bool{true, false, true, true}},
		{"a column named like a function", "SELECT t.current_date, now_col FROM t", 2, false, false, []bool{false, false}},
		{"star in front", "SELECT *, NOW() FROM t", 4, false, false, []bool{false, false, false, true}},
		{"star in the middle", "SELECT NOW(), t.*, UUID() FROM t", 5, false, false, []bool{true, false, false, false, true}},
		{"cte", "WITH x AS (SELECT NOW() AS n) SELECT a, RAND() FROM x ORDER BY a", 2, true, false, []bool{false, true}},
		{"not a select", "UPDATE t SET a = NOW()", 0, false, false, []bool{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := ResultShape(tt.sql)
			if sh.Ordered != tt.ordered || sh.Limited != tt.limited {
				t.Errorf("ordered %v limited %v, want %v %v", sh.Ordered, sh.Limited, tt.ordered, tt.limited)
			}
			if got := sh.Ignored(tt.columns); !slices.Equal(got, tt.ignored) {
				t.Errorf("ignored %v, want %v", got, tt.ignored)
			}
		})
	}
}

func TestProtocolCommand(t *testing.T) {
	for _, tt := range []struct{ digest, sample, want string }{
		{"PREPARE SELECT NAME FROM `items` WHERE `id` = ?", "SELECT name FROM items WHERE id = ?", "PREPARE"},
		{"EXECUTE SELECT NAME FROM `items` WHERE `id` = ?", "SELECT name FROM items WHERE id = ?", "EXECUTE"},
		{"DEALLOCATE SELECT NAME FROM `items` WHERE `id` = ?", "SELECT name FROM items WHERE id = ?", "DEALLOCATE"},
		{"PREPARE `s` FROM ?", "PREPARE s FROM 'SELECT 1'", ""},
		{"EXECUTE `s`", "execute s", ""},
		{"SELECT ?", "SELECT 1", ""},
	} {
		if got := protocolCommand(tt.digest, tt.sample); got != tt.want {
			t.Errorf("protocolCommand(%q, %q) = %q, want %q", tt.digest, tt.sample, got, tt.want)
		}
	}
}
