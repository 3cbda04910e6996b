package queries

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// want is what a pair must say of one statement: its status, the
// server's code (0: none asked) and a piece of the fix ("" : none asked).
type want struct {
	sql    string
	status Status
	code   int
	fix    string
}

// pairCase is one upgrade: today's server, the target, and the statements
// with their expected statuses (compared without timing), and the ones
// timed for slower and faster.
type pairCase struct {
	name          string
	today, target string
	compared      []want
	timed         []want
	// threshold is the timing's threshold (0: the default 5%).
	threshold float64
	// reversed are timed with the two servers swapped (the target as
	// today's), where no statement of the fixture is robustly faster on
	// the target: the same servers in the other direction show the status.
	reversed []want
}

// Shared by both pairs: statements whose status is the same on each.
var (
	stillSame = want{sql: "SELECT id, name FROM customers WHERE id = 42", status: StatusSame}
	volatile  = want{sql: "SELECT id, name, NOW(), CONNECTION_ID(), VERSION() FROM customers WHERE id = 42", status: StatusSame}
	dmlSame   = want{sql: "UPDATE products SET price = price * 1.1 WHERE category = 'toys'", status: StatusSame}
	accent    = want{sql: "SELECT id FROM customers WHERE name = 'Strasse' ORDER BY id", status: StatusChanged, fix: "COLLATE"}
	sorted    = want{sql: "SELECT id, name FROM customers WHERE id > 1000 ORDER BY name", status: StatusChanged}
	distinct  = want{sql: "SELECT GROUP_CONCAT(DISTINCT name ORDER BY id) FROM customers WHERE id > 1000", status: StatusChanged}
	limited   = want{sql: "SELECT o.id, c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.qty = 5 AND c.tier = 1 LIMIT 20", status: StatusOrder, fix: "ORDER BY"}
)

var pairCases = []pairCase{{
	name: "MariaDB-10.11-to-MySQL-9.7", today: "mariadb-10.11", target: "mysql-9.7",
	compared: []want{
		{sql: "SELECT id, name AS rank FROM customers WHERE id < 5 ORDER BY id", status: StatusBreaks, code: 1064, fix: "`rank`"},
		{sql: "SELECT city, COUNT(*) FROM customers GROUP BY city DESC", status: StatusBreaks, code: 1064, fix: "ORDER BY"},
		{sql: "SELECT MD5('x')", status: StatusBreaks, code: 1305, fix: "SHA2"},
		{sql: "SELECT ENCRYPT('x', 'ab')", status: StatusBreaks, code: 1305, fix: "SHA2"},
		{sql: "SELECT PASSWORD('x')", status: StatusBreaks, code: 1064, fix: "ALTER USER"},
		{sql: "SELECT @@query_cache_size", status: StatusBreaks, code: 1193, fix: "query cache"},
		{sql: "SELECT @@tx_isolation", status: StatusBreaks, code: 1193, fix: "@@transaction_isolation"},
		{sql: "SELECT city, name FROM customers GROUP BY city", status: StatusBreaks, code: 1055, fix: "ONLY_FULL_GROUP_BY"},
		{sql: "SHOW MASTER STATUS", status: StatusBreaks, code: 1064, fix: "SHOW BINARY LOG STATUS"},
		{sql: "SET SESSION sql_mode = 'NO_AUTO_CREATE_USER'", status: StatusBreaks, code: 1231, fix: "NO_AUTO_CREATE_USER"},
		{sql: "SELECT COUNT(*) FROM customers WHERE name = 'trailing'", status: StatusChanged, fix: "utf8mb4_0900_ai_ci"},
		accent, sorted, distinct,
		{sql: "SELECT p.category, COUNT(*) FROM orders o JOIN products p ON p.id = o.product_id GROUP BY p.category", status: StatusOrder, fix: "ORDER BY"},
		{sql: "SELECT SQL_CALC_FOUND_ROWS id FROM customers WHERE city = 'Oslo' ORDER BY id LIMIT 3", status: StatusWarned, code: 1287},
		{sql: "SELECT SQL_NO_CACHE id FROM customers WHERE id = 1", status: StatusWarned, code: 1681},
		{sql: "INSERT INTO orders (id, customer_id, product_id, qty, placed, note) VALUES (1, 1, 1, 9, '2026-01-01', 'x') ON DUPLICATE KEY UPDATE qty = VALUES(qty)", status: StatusWarned, code: 1287, fix: "alias"},
		{sql: "SELECT c.name, SUM(o.qty * p.price) FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id WHERE c.city = 'Oslo' GROUP BY c.name ORDER BY c.name LIMIT 5", status: StatusPlan},
		stillSame, volatile, dmlSame,
		{sql: "SELECT id AS offset FROM customers WHERE id = 1", status: StatusFixed, code: 1064},
	},
	timed: []want{
		{sql: "SELECT COUNT(*) FROM customers c WHERE (SELECT COUNT(*) FROM orders o WHERE o.qty = c.tier) > 0", status: StatusSlower},
		{sql: "SELECT COUNT(*) FROM orders o JOIN customers c ON o.qty = c.tier", status: StatusFaster},
	},
}, {
	name: "MariaDB-10.11-to-MariaDB-11.8", today: "mariadb-10.11", target: "mariadb-11.8",
	compared: []want{
		{sql: "SELECT id AS vector FROM customers WHERE id = 1", status: StatusBreaks, code: 1064, fix: "`vector`"},
		{sql: "SET SESSION optimizer_switch = 'engine_condition_pushdown=on'", status: StatusBreaks, code: 1231},
		accent, sorted, distinct, limited,
		{sql: "SET SESSION tx_isolation = 'READ-COMMITTED'", status: StatusWarned, code: 1287, fix: "@@transaction_isolation"},
		{sql: "SELECT city, name FROM customers GROUP BY city", status: StatusPlan},
		{sql: "SELECT COUNT(*) FROM customers WHERE name = 'trailing'", status: StatusSame},
		{sql: "SELECT city, COUNT(*) FROM customers GROUP BY city DESC", status: StatusSame},
		stillSame, volatile, dmlSame,
		{sql: "SELECT VEC_ToText(VEC_FromText('[1,2]'))", status: StatusFixed, code: 1305},
	},
	timed: []want{
		// 1.10-1.47x in ten runs: an unindexed LIKE under utf8mb4_uca1400_ai_ci.
		{sql: "SELECT COUNT(*) FROM orders WHERE note LIKE '%5%'", status: StatusSlower},
	},
	// The same LIKE from 11.8 to 10.11. The fixture's best candidate for
	// faster on 11.8, COUNT(DISTINCT note), measured 0.77-0.96x: not
	// decided every time.
	reversed: []want{{sql: "SELECT COUNT(*) FROM orders WHERE note LIKE '%5%'", status: StatusFaster}},
	// The two MariaDB versions differ by 10-20% here, too close to the
	// default 5% margin with its run-to-run allowance to be decided every
	// time: the user's threshold is set to 2%.
	threshold: 1.02,
}}

// TestStatusesOnEachPair runs the shop's statements on today's server and
// the target, both real sandboxes with the same data, and checks every
// status against what the servers' own clients say.
func TestStatusesOnEachPair(t *testing.T) {
	for _, pc := range pairCases {
		t.Run(pc.name, func(t *testing.T) {
			todaySrv, targetSrv := server(t, pc.today), server(t, pc.target)
			todaySrv.Require(t)
			targetSrv.Require(t)
			sbToday, today := shop(t, todaySrv)
			sbTarget, target := shop(t, targetSrv)
			before := sandboxtest.Rows(t, today.DB, "SELECT SUM(price), COUNT(*) FROM shop.products")
			r, err := Compare(t.Context(), today, target, append(statementsOf(pc.compared), shopStatements(setAside...)...), Options{})
			if err != nil {
				t.Fatal(err)
			}
			logResult(t, r)
			checkStatuses(t, r, pc.compared)
			checkSetAside(t, r, target)
			if after := sandboxtest.Rows(t, today.DB, "SELECT SUM(price), COUNT(*) FROM shop.products"); after[0][0] != before[0][0] {
				t.Errorf("the DML was not rolled back: SUM(price) %s before, %s after", before[0][0], after[0][0])
			}
			for _, w := range pc.compared {
				verifyWithClients(t, w, todaySrv, sbToday, targetSrv, sbTarget)
			}
			timed, err := Compare(t.Context(), today, target, statementsOf(pc.timed), Options{Latency: true, Budget: 40 * time.Second, MaxRounds: 2000, Threshold: pc.threshold})
			if err != nil {
				t.Fatal(err)
			}
			logResult(t, timed)
			checkStatuses(t, timed, pc.timed)
			if len(pc.reversed) > 0 {
				back, err := Compare(t.Context(), target, today, statementsOf(pc.reversed), Options{Latency: true, Budget: 40 * time.Second, MaxRounds: 2000, Threshold: pc.threshold})
				if err != nil {
					t.Fatal(err)
				}
				logResult(t, back)
				checkStatuses(t, back, pc.reversed)
			}
		})
	}
}

func statementsOf(ws []want) []Statement {
	sqls := make([]string, len(ws))
	for i, w := range ws {
		sqls[i] = w.sql
	}
	return shopStatements(sqls...)
}

func checkStatuses(t *testing.T, r *Result, wants []want) {
	t.Helper()
	got := byClass(r)
	for _, w := range wants {
		c, ok := got[w.sql]
		if !ok {
			t.Errorf("%s: not in the result", w.sql)
			continue
		}
		if c.Status != w.status {
			t.Errorf("%s: status %s, want %s (problems %+v, notes %v)", w.sql, c.Status, w.status, c.Problems, c.Notes)
			continue
		}
		p := problemOf(c, w.status)
		if w.status != StatusSame && p == nil {
			t.Errorf("%s: status %s without a problem of it", w.sql, c.Status)
			continue
		}
		if w.code != 0 && p.Code != w.code {
			t.Errorf("%s: code %d, want %d (%s)", w.sql, p.Code, w.code, p.Message)
		}
		if w.fix != "" && !strings.Contains(p.Fix, w.fix) {
			t.Errorf("%s: fix %q does not say %q", w.sql, p.Fix, w.fix)
		}
	}
}

func problemOf(c ClassResult, s Status) *Problem {
	for i := range c.Problems {
		if c.Problems[i].Status == s {
			return &c.Problems[i]
		}
	}
	return nil
}

var volatileClientLine = regexp.MustCompile(`(?m)^.*(MariaDB|MySQL|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d).*$`)

// verifyWithClients checks an expectation against the servers' own
// command-line clients on the same sandboxes: the error or warning code
// where one is expected, and for changed, order and same whether the two
// printouts differ.
func verifyWithClients(t *testing.T, w want, todaySrv sandboxtest.Server, sbToday *sandbox.Sandbox, targetSrv sandboxtest.Server, sbTarget *sandbox.Sandbox) {
	t.Helper()
	q := w.sql
	if Classify(q) == KindDML {
		q = "START TRANSACTION; " + q + "; ROLLBACK"
	}
	a := clientSays(t, todaySrv, sbToday, q)
	b := clientSays(t, targetSrv, sbTarget, q)
	code := func(c int) string { return " " + itoa(c) + " " }
	switch w.status {
	case StatusBreaks:
		if !strings.Contains(b, "ERROR"+code(w.code)) || strings.Contains(a, "ERROR") {
			t.Errorf("%s: the clients do not show a target-only error %d:\ntoday:  %s\ntarget: %s", w.sql, w.code, a, b)
		}
	case StatusFixed:
		if !strings.Contains(a, "ERROR"+code(w.code)) || strings.Contains(b, "ERROR") {
			t.Errorf("%s: the clients do not show a today-only error %d:\ntoday:  %s\ntarget: %s", w.sql, w.code, a, b)
		}
	case StatusWarned:
		if !strings.Contains(b, "(Code "+itoa(w.code)+")") || strings.Contains(a, "(Code "+itoa(w.code)+")") {
			t.Errorf("%s: the clients do not show a target-only warning %d:\ntoday:  %s\ntarget: %s", w.sql, w.code, a, b)
		}
	case StatusChanged, StatusOrder:
		if a == b {
			t.Errorf("%s: the clients print the same result:\n%s", w.sql, a)
		}
	case StatusSame:
		if volatileClientLine.ReplaceAllString(a, "") != volatileClientLine.ReplaceAllString(b, "") && !strings.Contains(w.sql, "NOW()") {
			t.Errorf("%s: the clients print different results:\ntoday:  %s\ntarget: %s", w.sql, a, b)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// setAside are statements that must never run, one or two of each kind.
var setAside = []string{
	"CREATE TABLE never_created (i INT)", "DROP TABLE orders",
	"GRANT SELECT ON shop.* TO 'someone'@'%'", "FLUSH TABLES", "SET GLOBAL max_connections = 7",
	"BEGIN", "COMMIT", "LOAD DATA INFILE '/etc/hostname' INTO TABLE orders", "CALL no_such_procedure()",
}

// checkSetAside checks that every set-aside statement was counted by its
// kind and none ran.
func checkSetAside(t *testing.T, r *Result, target Server) {
	t.Helper()
	want := map[Kind]int{KindDDL: 2, KindAccount: 1, KindAdmin: 2, KindTransaction: 2, KindFile: 1, KindRoutine: 1}
	got := map[Kind]int{}
	for _, s := range r.SetAside {
		got[s.Kind] = s.Classes
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("set aside as %s: %d classes, want %d (%+v)", k, got[k], n, r.SetAside)
		}
	}
	for _, c := range r.Classes {
		for _, s := range setAside {
			if c.SQL == s {
				t.Errorf("%s ran", s)
			}
		}
	}
	if rows := sandboxtest.Rows(t, target.DB, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME IN ('never_created', 'orders')"); rows[0][0] != "1" {
		t.Errorf("the shop's tables on the target after the run: %v, want orders alone", rows)
	}
	if g := sandboxtest.Rows(t, target.DB, "SELECT @@GLOBAL.max_connections"); g[0][0] == "7" {
		t.Error("SET GLOBAL ran on the target")
	}
}
