package querylog

import "testing"

func TestFingerprint(t *testing.T) {
	tests := []struct {
		name, sql, want string
	}{
		{"numbers and strings", "SELECT name FROM items WHERE id = 42 AND name = 'it''s'", "select name from items where id = ? and name = ?"},
		{"double quotes are strings", `select * from t where a = "x\"y"`, "select * from t where a = ?"},
		{"whitespace and case", "SELECT\n\tid ,  Name\nFROM   Items\n", "select id, name from items"},
		{"comments dropped", "SELECT /* hint */ 1 -- trailing\n, 2 # hash\n", "select ?, ?"},
		{"optimizer hint dropped", "SELECT /*+ NO_INDEX(t) */ a FROM t", "select a from t"},
		{"executable comment kept", "SELECT /*!40001 SQL_NO_CACHE */ a FROM t", "select sql_no_cache a from t"},
		{"mariadb executable comment", "SELECT /*M!100100 1, */ 2", "select ?, ?"},
		{"IN list collapsed", "SELECT * FROM t WHERE id IN (1, 2, 3)", "select * from t where id in(?+)"},
		{"IN list of one", "select * from t where id in ('a')", "select * from t where id in(?+)"},
		{"IN subquery kept", "SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE x = 1)", "select * from t where id in(select id from u where x = ?)"},
		{"VALUES rows collapsed", "INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL), (3, DEFAULT)", "insert into t(a, b) values(?+)"},
		{"VALUE one row", "insert into t value (1,2)", "insert into t value(?+)"},
		{"VALUES with a function kept", "INSERT INTO t VALUES (1, NOW())", "insert into t values(?, now())"},
		{"NULL kept", "SELECT * FROM t WHERE a IS NULL OR b = NULL", "select * from t where a is null or b = null"},
		{"negative numbers", "SELECT * FROM t WHERE a = -1 AND b > -2.5e3", "select * from t where a = ? and b > ?"},
		{"minus stays an operator", "SELECT a-1, a - 2 FROM t", "select a - ?, a - ? from t"},
		{"hex bit and introducers", "SELECT 0x1F, X'ff', b'01', 0b11, _utf8mb4'x', N'y'", "select ?, ?, ?, ?, ?, ?"},
		{"decimals", "SELECT 1.5, .5, 3e10 FROM t", "select ?, ?, ? from t"},
		{"names with digits stay", "SELECT * FROM t1 JOIN 1abc ON t1.a = 1abc.b", "select * from t1 join 1abc on t1.a = 1abc.b"},
		{"quoted names unquoted", "SELECT `Id`, `my col`, `123` FROM `Shop`.`Items`", "select id, `my col`, `123` from shop.items"},
		{"placeholders kept", "SELECT * FROM t WHERE a = ? AND b IN (?, ?)", "select * from t where a = ? and b in(?+)"},
		{"trailing semicolon", "SELECT 1;", "select ?"},
		{"operators", "SELECT a FROM t WHERE a <=> 1 AND b >= 2 AND c != 3 AND j->>'$.x' = 4", "select a from t where a <=> ? and b >= ? and c != ? and j ->> ? = ?"},
		{"variables", "SELECT @@session.sql_mode, @x := 1", "select @@session.sql_mode, @x := ?"},
		{"limit", "SELECT * FROM t LIMIT 10, 20", "select * from t limit ?, ?"},
		{"unterminated string", "SELECT 'abc", "select ?"},
		{"unterminated comment", "SELECT 1 /* oops", "select ?"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Fingerprint(tt.sql); got != tt.want {
				t.Errorf("Fingerprint(%q)\n got %q\nwant %q", tt.sql, got, tt.want)
			}
		})
	}
}

func TestFingerprintGroupsWhatDiffersOnlyInLiterals(t *testing.T) {
	same := [][2]string{
		{"SELECT * FROM t WHERE id IN (1,2)", "select * from t where id in (7, 8, 9, 10)"},
		{"INSERT INTO t VALUES (1,'a')", "INSERT INTO t VALUES (2,'b'),(3,'c')"},
		{"UPDATE t SET a = 'x' WHERE id = 1", "update t set a='yy' where id=2"},
	}
	for _, p := range same {
		if a, b := Fingerprint(p[0]), Fingerprint(p[1]); a != b {
			t.Errorf("%q and %q differ: %q vs %q", p[0], p[1], a, b)
		}
	}
	differ := [][2]string{
		{"SELECT * FROM t WHERE a IS NULL", "SELECT * FROM t WHERE a IS NOT NULL"},
		{"SELECT a FROM t", "SELECT b FROM t"},
		{"SELECT `my col` FROM t", "SELECT `my  col` FROM t"},
	}
	for _, p := range differ {
		if a, b := Fingerprint(p[0]), Fingerprint(p[1]); a == b {
			t.Errorf("%q and %q share the class %q", p[0], p[1], a)
		}
	}
}
