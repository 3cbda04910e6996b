package queries

import (
	"fmt"

	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
)

// templates are the shapes of the generated traffic; each %d takes the
// variant's number, so every statement is a class of its own.
var templates = []string{
	"SELECT id, name, city FROM customers WHERE id = %d",
	"SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND tier = %d %% 3",
	"SELECT city, COUNT(*) FROM customers WHERE id > %d GROUP BY city ORDER BY city",
	"SELECT * FROM products WHERE category = 'toys' AND id > %d ORDER BY id LIMIT 5",
	"SELECT category, SUM(price), AVG(weight) FROM products WHERE id > %d GROUP BY category ORDER BY category",
	"SELECT o.id, c.name, p.title FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id WHERE o.customer_id = %d ORDER BY o.id",
	"SELECT customer_id, SUM(qty) FROM orders WHERE placed >= DATE_ADD('2026-01-01', INTERVAL %d DAY) GROUP BY customer_id ORDER BY customer_id LIMIT 10",
	"UPDATE orders SET qty = qty + 1 WHERE customer_id = %d",
	"DELETE FROM orders WHERE id = %d",
	"INSERT INTO orders VALUES (%d + 5000, 1, 1, 1, '2026-05-05', 'new')",
	"SELECT name FROM customers WHERE name LIKE 'customer %d%%' ORDER BY id",
	"SELECT id FROM orders WHERE note = 'note %d' ORDER BY id",
	"SELECT MAX(placed), MIN(placed) FROM orders WHERE product_id = %d",
	"SELECT id, price * %d FROM products WHERE id < 10 ORDER BY id",
	"SELECT COUNT(DISTINCT customer_id) FROM orders WHERE qty = 1 + %d %% 5",
	"SELECT p.category, COUNT(*) FROM orders o JOIN products p ON p.id = o.product_id WHERE o.product_id < %d GROUP BY p.category ORDER BY p.category",
	"SELECT c.city, SUM(o.qty) FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.id < %d GROUP BY c.city ORDER BY c.city",
	"SELECT id FROM customers WHERE id IN (%d, %[1]d + 7, %[1]d + 19) ORDER BY id",
	"SELECT EXISTS(SELECT 1 FROM orders WHERE customer_id = %d)",
	"SET SESSION sort_buffer_size = 262144 + %d * 1024",
	"SELECT id, name, NOW() FROM customers WHERE city = 'Oslo' ORDER BY name LIMIT %d",
}

// generated returns n statement classes of the shop's traffic.
func generated(n int) []Statement {
	var out []Statement
	for v := 1; len(out) < n; v++ {
		for _, tpl := range templates {
			if len(out) == n {
				break
			}
			sql := fmt.Sprintf(tpl, v)
			out = append(out, Statement{Class: sql, SQL: sql, Schema: "shop", Weight: float64(v)})
		}
	}
	return out
}

// TestAAOnTodaysVersion compares today's version with itself (two
// sandboxes of MariaDB 10.11 with the same data): ten runs in a row over
// 210 classes, the first five timed, find nothing (no plan differs: the
// statistics are exact on both, statistics.go); then 1,000 classes are
// compared without timing, and the time it takes is logged.
func TestAAOnTodaysVersion(t *testing.T) {
	srv := server(t, "mariadb-10.11")
	srv.Require(t)
	_, a := shop(t, srv)
	_, b := shop(t, srv)
	stmts := generated(210)
	verdicts := map[Status]int{}
	const runs, timedRuns = 10, 5
	for run := range runs {
		r, err := Compare(t.Context(), a, b, stmts, Options{Latency: run < timedRuns, Budget: 60 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		timed := 0
		stops := map[string]int{}
		widest := 0.0
		var rounds, widths []float64
		for _, c := range r.Classes {
			if c.Latency != nil {
				timed++
				stops[c.Latency.Stop+"/"+c.Latency.Decision.Verdict]++
				widest = max(widest, c.Latency.Ratio.High/c.Latency.Ratio.Low)
				rounds = append(rounds, float64(c.Latency.Rounds))
				widths = append(widths, c.Latency.Ratio.High/c.Latency.Ratio.Low)
			}
			if c.Negligible { // beyond the threshold, however small the difference: luck
				verdicts["negligible"]++
				t.Errorf("run %d: %s: beyond the threshold (negligible) %+v", run+1, c.SQL, c.Latency)
			}
			for _, p := range c.Problems {
				verdicts[p.Status]++
				t.Errorf("run %d: %s: %s/%s %s (today %s, target %s)", run+1, c.SQL, p.Status, p.Aspect, p.Message, p.Today, p.Target)
			}
		}
		if len(r.Classes) != len(stmts) || run < timedRuns && timed < len(stmts)*9/10 {
			t.Errorf("run %d: %d classes compared, %d timed; want %d, at least 90%% timed", run+1, len(r.Classes), timed, len(stmts))
		}
		t.Logf("run %d: %d classes, %d timed, counts %v, compared in %v, timed in %v; stops %v; rounds per class median %.0f; interval high/low median %.2f, widest %.2f",
			run+1, len(r.Classes), timed, r.Counts, r.Compared.Round(time.Millisecond), r.Timed.Round(time.Millisecond), stops,
			paired.Median(rounds), paired.Median(widths), widest)
	}
	t.Logf("A/A over %d runs: problems by status %v (plan differences: %d)", runs, verdicts, verdicts[StatusPlan])

	many := generated(1000)
	began := time.Now()
	r, err := Compare(t.Context(), a, b, many, Options{})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(began)
	if len(r.Classes) != 1000 || r.Counts[StatusSame] != 1000 {
		t.Errorf("1,000 classes: %d compared, counts %v; want 1000 same", len(r.Classes), r.Counts)
	}
	t.Logf("1,000 classes compared (errors, warnings, results, plans) in %v", took.Round(time.Millisecond))
}
