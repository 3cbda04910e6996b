package queries

import (
	"strings"
	"testing"
)

func rowsOf(lines ...string) [][]cell {
	var out [][]cell
	for _, l := range lines {
		var r []cell
		for _, v := range strings.Split(l, "|") {
			r = append(r, cell{null: v == "NULL", text: v})
		}
		out = append(out, r)
	}
	return out
}

func TestCompareResults(t *testing.T) {
	intCol := []Column{{Name: "id", Type: "INT"}, {Name: "v", Type: "VARCHAR"}}
	bigCol := []Column{{Name: "id", Type: "BIGINT"}, {Name: "v", Type: "VARCHAR"}}
	dec := []Column{{Name: "d", Type: "DECIMAL"}, {Name: "f", Type: "DOUBLE"}}
	jsonText10 := []Column{{Name: "doc", Type: "TEXT"}} // MariaDB's JSON
	jsonMySQL := []Column{{Name: "doc", Type: "JSON"}}
	for _, tt := range []struct {
		name   string
		sql    string
		a, b   *resultSet
		status Status
	}{
		{"same rows", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a", "2|b")}, &resultSet{columns: bigCol, rows: rowsOf("1|a", "2|b")}, StatusSame},
		{"other order without ORDER BY", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a", "2|b")}, &resultSet{columns: intCol, rows: rowsOf("2|b", "1|a")}, StatusOrder},
		{"other order with ORDER BY", "SELECT id, v FROM t ORDER BY v", &resultSet{columns: intCol, rows: rowsOf("1|a", "2|b")}, &resultSet{columns: intCol, rows: rowsOf("2|b", "1|a")}, StatusChanged},
		{"ties under ORDER BY", "SELECT id, v FROM t ORDER BY v", &resultSet{columns: intCol, rows: rowsOf("1|a", "2|a", "3|b")}, &resultSet{columns: intCol, rows: rowsOf("2|a", "1|a", "3|b")}, StatusSame},
		{"other rows", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: intCol, rows: rowsOf("1|A")}, StatusChanged},
		{"a row more", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: intCol, rows: rowsOf("1|a", "1|a")}, StatusChanged},
		{"NULL is not empty", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|NULL")}, &resultSet{columns: intCol, rows: rowsOf("1|")}, StatusChanged},
		{"DECIMAL exact, DOUBLE within digits", "SELECT d, f FROM t", &resultSet{columns: dec, rows: rowsOf("1.50|14.21428571")}, &resultSet{columns: dec, rows: rowsOf("1.5|14.214286")}, StatusSame},
		{"DECIMAL differs in the last digit", "SELECT d, f FROM t", &resultSet{columns: dec, rows: rowsOf("1.51|1")}, &resultSet{columns: dec, rows: rowsOf("1.50|1")}, StatusChanged},
		{"DOUBLE beyond the digits", "SELECT d, f FROM t", &resultSet{columns: dec, rows: rowsOf("1|14.2142")}, &resultSet{columns: dec, rows: rowsOf("1|14.2143")}, StatusChanged},
		{"a column renamed", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: []Column{{Name: "id", Type: "INT"}, {Name: "w", Type: "VARCHAR"}}, rows: rowsOf("1|a")}, StatusChanged},
		{"a number turned text", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: []Column{{Name: "id", Type: "VARCHAR"}, {Name: "v", Type: "VARCHAR"}}, rows: rowsOf("1|a")}, StatusChanged},
		{"volatile column", "SELECT id, NOW() FROM t", &resultSet{columns: intCol, rows: rowsOf("1|2026-01-01 00:00:00")}, &resultSet{columns: intCol, rows: rowsOf("1|2026-01-01 00:00:01")}, StatusSame},
		{"LIMIT without ORDER BY", "SELECT id, v FROM t LIMIT 1", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: intCol, rows: rowsOf("2|b")}, StatusOrder},
		{"repeats count", "SELECT v FROM t", &resultSet{columns: intCol[1:], rows: rowsOf("a", "a", "b")}, &resultSet{columns: intCol[1:], rows: rowsOf("a", "b", "b")}, StatusChanged},
		{"a column fewer", "SELECT * FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: intCol[:1], rows: rowsOf("1")}, StatusChanged},
		{"text types are one family", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a")}, &resultSet{columns: []Column{{Name: "id", Type: "BIGINT"}, {Name: "v", Type: "TEXT"}}, rows: rowsOf("1|a")}, StatusSame},
		{"DOUBLE's last bits", "SELECT AVG(x) AS f FROM t", &resultSet{columns: dec[1:], rows: rowsOf("0.30000000000000004")}, &resultSet{columns: dec[1:], rows: rowsOf("0.3")}, StatusSame},
		{"FLOAT in single precision", "SELECT f FROM t", &resultSet{columns: []Column{{Name: "f", Type: "FLOAT"}}, rows: rowsOf("1.1")}, &resultSet{columns: []Column{{Name: "f", Type: "FLOAT"}}, rows: rowsOf("1.10000002384")}, StatusSame},
		{"approximate rows as a multiset", "SELECT id, AVG(x) AS f FROM t GROUP BY id", &resultSet{columns: []Column{{Name: "id", Type: "INT"}, {Name: "f", Type: "DOUBLE"}}, rows: rowsOf("1|2.5", "1|0.1")}, &resultSet{columns: []Column{{Name: "id", Type: "INT"}, {Name: "f", Type: "DOUBLE"}}, rows: rowsOf("1|0.1000000000000000001", "1|2.5")}, StatusOrder},
		{"UUID() in the select list", "SELECT id, UUID() AS u FROM t", &resultSet{columns: intCol, rows: rowsOf("1|x")}, &resultSet{columns: intCol, rows: rowsOf("1|y")}, StatusSame},
		{"VERSION() in the select list", "SELECT id, VERSION() LIKE '10%' AS v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|1")}, &resultSet{columns: intCol, rows: rowsOf("1|0")}, StatusSame},
		{"JSON by meaning", "SELECT doc FROM t", &resultSet{columns: jsonText10, rows: rowsOf(`{"b":[1,2],"a":1.50}`)}, &resultSet{columns: jsonMySQL, rows: rowsOf(`{"a": 1.5, "b": [1, 2]}`)}, StatusSame},
		{"JSON by meaning, the other way", "SELECT doc FROM t", &resultSet{columns: jsonMySQL, rows: rowsOf(`{"a": 1, "b": [1, 2]}`)}, &resultSet{columns: jsonText10, rows: rowsOf(`{"b":[1,2],"a":1}`)}, StatusSame},
		{"JSON value changed", "SELECT doc FROM t", &resultSet{columns: jsonText10, rows: rowsOf(`{"a":1,"b":[1,2]}`)}, &resultSet{columns: jsonMySQL, rows: rowsOf(`{"a": 1, "b": [2, 1]}`)}, StatusChanged},
		{"JSON rows as a multiset", "SELECT doc FROM t", &resultSet{columns: jsonText10, rows: rowsOf(`{"a":1}`, `{"a":2}`)}, &resultSet{columns: jsonMySQL, rows: rowsOf(`{"a": 2}`, `{"a": 1}`)}, StatusOrder},
		{"JSON NULL and JSON null", "SELECT doc FROM t", &resultSet{columns: jsonText10, rows: rowsOf("NULL")}, &resultSet{columns: jsonMySQL, rows: rowsOf("null")}, StatusChanged},
		{"text that is not JSON stays text", "SELECT doc FROM t", &resultSet{columns: jsonText10, rows: rowsOf("{a: 1}")}, &resultSet{columns: jsonMySQL, rows: rowsOf("{a:1}")}, StatusChanged},
		{"JSON-looking text without a JSON type", "SELECT v FROM t", &resultSet{columns: jsonText10, rows: rowsOf(`{"a":1}`)}, &resultSet{columns: jsonText10, rows: rowsOf(`{"a": 1}`)}, StatusChanged},
		{"capped", "SELECT id, v FROM t", &resultSet{columns: intCol, rows: rowsOf("1|a"), truncated: true}, &resultSet{columns: intCol, rows: rowsOf("2|b")}, StatusSame},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ws, _ := outlineOf(tt.sql)
			c := compareSample(&observation{result: tt.a}, &observation{result: tt.b}, KindQuery, ws, fixContext{}, 6)
			if got := worst(c.problems); got != tt.status {
				t.Errorf("status %s, want %s (%+v)", got, tt.status, c.problems)
			}
		})
	}
}

func TestCompareErrorsAndWarnings(t *testing.T) {
	e := func(code int, msg string) *serverError { return &serverError{Code: code, Message: msg} }
	for _, tt := range []struct {
		name         string
		sql          string
		today, tgt   observation
		status       Status
		fixHas       string
		problemCount int
		reserved     []string // the names the target reserves and today's server does not
	}{
		{"breaks", "SELECT a AS rank FROM t", observation{}, observation{err: e(1064, "... near 'rank FROM t' at line 1")}, StatusBreaks, "`rank`", 1, []string{"rank"}},
		{"breaks, no word newly reserved: none blamed", "SELECT a AS rank FROM t", observation{}, observation{err: e(1064, "... near 'rank FROM t' at line 1")}, StatusBreaks, "", 1, nil},
		{"fixed", "SELECT a AS offset FROM t", observation{err: e(1064, "near 'offset FROM t'")}, observation{}, StatusFixed, "", 1, nil},
		{"fails alike: its own status, never same", "SELECT x()", observation{err: e(1305, "a")}, observation{err: e(1305, "b")}, StatusFailedBoth, "", 1, nil},
		{"fails alike without a database: the fix names --database", "SELECT a FROM t", observation{err: e(1046, "No database selected")}, observation{err: e(1046, "No database selected")}, StatusFailedBoth, "--database", 1, nil},
		{"fails otherwise", "SELECT x()", observation{err: e(1305, "a")}, observation{err: e(1046, "b")}, StatusChanged, "", 1, nil},
		{"fails today for a setup reason: nothing compared, whatever the target says", "SELECT a AS groups FROM t", observation{err: e(1046, "No database selected")}, observation{err: e(1064, "near 'groups FROM t'")}, StatusFailedBoth, "--database", 1, nil},
		{"timeout on the target", "SELECT 1", observation{}, observation{err: e(3024, "maximum statement execution time exceeded"), timedOut: true}, StatusSlower, "", 1, nil},
		{"a new warning", "SELECT SQL_CALC_FOUND_ROWS a FROM t", observation{}, observation{warnings: []Condition{{"Warning", 1287, "'X' is deprecated. Please use Y instead"}}}, StatusWarned, "use Y instead", 1, nil},
		{"the same warning", "SELECT 1", observation{warnings: []Condition{{"Warning", 1292, "a"}}}, observation{warnings: []Condition{{"Warning", 1292, "b"}}}, StatusSame, "", 0, nil},
		{"a warning gone", "SELECT 1", observation{warnings: []Condition{{"Warning", 1292, "a"}}}, observation{}, StatusSame, "", 0, nil},
		{"a session SET refused", "SELECT 1", observation{}, observation{session: []serverError{{1193, "Unknown system variable 'tx_isolation'"}}}, StatusBreaks, "transaction_isolation", 1, nil},
		{"a plan", "SELECT 1", observation{plan: []planStep{{"t", "ref", "k"}}}, observation{plan: []planStep{{"t", "ALL", ""}}}, StatusPlan, "ANALYZE", 1, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ws, _ := outlineOf(tt.sql)
			c := compareSample(&tt.today, &tt.tgt, KindQuery, ws, fixContext{reserved: tt.reserved}, 6)
			if got := worst(c.problems); got != tt.status || len(c.problems) != tt.problemCount {
				t.Fatalf("status %s with %d problems, want %s with %d: %+v", got, len(c.problems), tt.status, tt.problemCount, c.problems)
			}
			if tt.fixHas != "" && !strings.Contains(c.problems[0].Fix, tt.fixHas) {
				t.Errorf("fix %q does not say %q", c.problems[0].Fix, tt.fixHas)
			}
			if tt.reserved == nil && len(c.problems) > 0 && strings.Contains(c.problems[0].Fix, "reserved word") {
				t.Errorf("fix %q blames a word the target does not newly reserve", c.problems[0].Fix)
			}
		})
	}
}

func TestWorstStatus(t *testing.T) {
	p := func(ss ...Status) []Problem {
		var out []Problem
		for _, s := range ss {
			out = append(out, Problem{Status: s})
		}
		return out
	}
	for _, tt := range []struct {
		ps   []Problem
		want Status
	}{
		{nil, StatusSame},
		{p(StatusPlan, StatusBreaks), StatusBreaks},
		{p(StatusFaster, StatusFixed), StatusFixed},
		{p(StatusFaster, StatusPlan), StatusPlan},
		{p(StatusWarned, StatusSlower), StatusSlower},
		{p(StatusFaster), StatusFaster},
	} {
		if got := worst(tt.ps); got != tt.want {
			t.Errorf("worst(%v) = %s, want %s", tt.ps, got, tt.want)
		}
	}
	if Statuses()[0] != StatusBreaks || StatusBreaks.Rank() >= StatusChanged.Rank() || StatusSame.Rank() >= StatusFixed.Rank() {
		t.Error("statuses are not worst first")
	}
}

func TestSyntaxFixes(t *testing.T) {
	for _, tt := range []struct {
		sql, msg, has string
		reserved      []string
	}{
		{"SELECT id AS vector FROM t", "near 'vector FROM t' at line 1", "`vector`", []string{"vector"}},
		// 9.7 stops after rank, at FROM: the fix names the word only the target reserves.
		{"SELECT id, name, rank FROM customer ORDER BY rank DESC, id", "near 'FROM customer ORDER BY rank DESC, id' at line 1", "rank is a reserved word", []string{"rank"}},
		{"SELECT id, rank, window FROM t", "near 'window FROM t' at line 1", "`rank`, `window`", []string{"rank", "window"}},
		// Nothing newly reserved: no word is blamed, least of all FROM.
		{"SELECT id, name FROM customer", "near 'FROM customer' at line 1", "", nil},
		{"SELECT a FROM t GROUP BY a DESC", "near 'DESC' at line 1", "ORDER BY", nil},
		{"SELECT PASSWORD('x')", "near '('x')' at line 1", "ALTER USER", nil},
		{"SHOW MASTER STATUS", "near 'MASTER STATUS' at line 1", "SHOW BINARY LOG STATUS", nil},
		{"SHOW SLAVE STATUS", "near 'SLAVE STATUS' at line 1", "SHOW REPLICA STATUS", nil},
		{"SELECT 1 +", "near '' at line 1", "", nil},
	} {
		ws, _ := outlineOf(tt.sql)
		got := syntaxFix(tt.msg, ws, tt.reserved)
		if (tt.has == "" && got != "") || !strings.Contains(got, tt.has) {
			t.Errorf("%s (%s): fix %q, want it to say %q", tt.sql, tt.msg, got, tt.has)
		}
	}
}
