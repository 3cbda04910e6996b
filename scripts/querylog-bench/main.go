// Command querylog-bench makes the traffic of the query reader's
// side-by-side with pt-query-digest, and reads a log the way the tool does.
//
//	querylog-bench -setup              the schema and rows the traffic needs (SQL on stdout)
//	querylog-bench -gen 100000         that many statements of a few hundred classes (SQL on stdout)
//	querylog-bench -read slow.log      read and group a log, print a summary
//	querylog-bench -compare 1000 -target-basedir DIR
//	                                   that many classes compared on two sandboxes (compare.go)
//
// scripts/querylog-bench.sh pipes -setup and -gen through the mariadb
// client into a sandbox whose slow log takes every statement, then times
// -read and pt-query-digest on the log the server wrote.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/querylog"
)

const tables = 12

func main() {
	setup := flag.Bool("setup", false, "print the schema and rows")
	gen := flag.Int("gen", 0, "print this many statements")
	read := flag.String("read", "", "read and group this log")
	compare := flag.Int("compare", 0, "compare this many classes on two sandboxes")
	todayBasedir := flag.String("today-basedir", "", "with -compare: today's server (default: the installed one)")
	targetBasedir := flag.String("target-basedir", "", "with -compare: the target's server (default: the installed one)")
	flag.Parse()
	switch {
	case *setup:
		printSetup()
	case *gen > 0:
		generate(*gen)
	case *compare > 0:
		if err := compareClasses(*compare, *todayBasedir, *targetBasedir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case *read != "":
		if err := summarise(*read); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	default:
		flag.Usage()
		os.Exit(2)
	}
}

func printSetup() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for _, q := range setupStatements() {
		fmt.Fprintf(w, "%s;\n", q)
	}
}

// setupStatements are the schema and rows the traffic needs.
func setupStatements() []string {
	out := []string{"CREATE DATABASE IF NOT EXISTS bench", "USE bench"}
	for t := 0; t < tables; t++ {
		out = append(out,
			fmt.Sprintf("CREATE TABLE t%d (id INT PRIMARY KEY, a INT, b VARCHAR(32), c DECIMAL(10,2), d DATETIME, KEY (a))", t),
			fmt.Sprintf("CREATE TABLE t%d_log (id INT AUTO_INCREMENT PRIMARY KEY, a INT, b VARCHAR(32))", t))
		for i := 0; i < 500; i += 50 {
			var b strings.Builder
			fmt.Fprintf(&b, "INSERT INTO t%d VALUES ", t)
			for j := i; j < i+50; j++ {
				if j > i {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "(%d,%d,'name%d',%d.%02d,'2026-01-%02d 10:00:00')", j, j%37, j, j*3, j%100, 1+j%28)
			}
			out = append(out, b.String())
		}
	}
	return out
}

// shapes are the statement forms; each table gives one class per shape
// (a few hundred classes), literals drawn per execution.
var shapes = []func(r *rand.Rand, t int) string{
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT b, c FROM t%d WHERE id = %d", t, r.IntN(500))
	},
	func(r *rand.Rand, t int) string { return fmt.Sprintf("SELECT * FROM t%d WHERE a = %d", t, r.IntN(37)) },
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT id FROM t%d WHERE id IN (%s)", t, intList(r, 1+r.IntN(20)))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT COUNT(*) FROM t%d WHERE b LIKE 'name%d%%'", t, r.IntN(50))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT a, SUM(c) FROM t%d WHERE d >= '2026-01-%02d' GROUP BY a ORDER BY a", t, 1+r.IntN(28))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT id, b FROM t%d ORDER BY c DESC LIMIT %d", t, 1+r.IntN(10))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("UPDATE t%d SET c = c + %d.%02d WHERE id = %d", t, r.IntN(5), r.IntN(100), r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		rows := make([]string, 1+r.IntN(5))
		for i := range rows {
			rows[i] = fmt.Sprintf("(%d, 'row %d')", r.IntN(1000), r.IntN(1e6))
		}
		return fmt.Sprintf("INSERT INTO t%d_log (a, b) VALUES %s", t, strings.Join(rows, ", "))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("DELETE FROM t%d_log WHERE id = %d", t, -1-r.IntN(100))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT x.b, y.b FROM t%d x JOIN t%d y ON y.id = x.a WHERE x.id BETWEEN %d AND %d", t, (t+1)%tables, r.IntN(250), 250+r.IntN(250))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT b\n  FROM t%d\n WHERE c > %d.5\n   AND a <> %d\n ORDER BY id\n LIMIT 3", t, r.IntN(1500), r.IntN(37))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT /* report */ MAX(c), MIN(d) FROM t%d WHERE b = 'name%d'", t, r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT id FROM t%d WHERE a IN (SELECT a FROM t%d WHERE id < %d)", t, (t+2)%tables, r.IntN(100))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SET @last_t%d = %d", t, r.IntN(1000))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT DISTINCT a FROM t%d WHERE c BETWEEN %d AND %d", t, r.IntN(500), 500+r.IntN(1000))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT CONCAT(b, '-', %d) AS label FROM t%d WHERE id = %d", r.IntN(9), t, r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("UPDATE t%d_log SET b = 'touched %d' WHERE a = %d LIMIT 1", t, r.IntN(1e6), r.IntN(1000))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT a, COUNT(*) AS n FROM t%d GROUP BY a HAVING n > %d", t, r.IntN(20))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT id FROM t%d WHERE d < '2026-01-%02d' AND b <> 'name%d' LIMIT 5", t, 1+r.IntN(28), r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT * FROM t%d WHERE id = %d FOR UPDATE", t, r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT COUNT(*) FROM t%d_log WHERE a > %d", t, r.IntN(1000))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT b FROM t%d WHERE id = %d UNION ALL SELECT b FROM t%d WHERE id = %d", t, r.IntN(500), (t+3)%tables, r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT AVG(c) FROM t%d WHERE a = %d AND id > %d", t, r.IntN(37), r.IntN(400))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT id, a FROM t%d WHERE b IN ('name%d', 'name%d', 'name%d')", t, r.IntN(500), r.IntN(500), r.IntN(500))
	},
	func(r *rand.Rand, t int) string {
		return fmt.Sprintf("SELECT 0x%X AS tag, id FROM t%d WHERE id = %d", r.IntN(1<<16), t, r.IntN(500))
	},
}

func intList(r *rand.Rand, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprint(r.IntN(500))
	}
	return strings.Join(parts, ", ")
}

// generate prints n statements; classes are drawn with a skewed weight
// (a few heavy, many light), as real traffic is.
func generate(n int) {
	r := rand.New(rand.NewPCG(31, 2026))
	classes := len(shapes) * tables
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintln(w, "USE bench;")
	fmt.Fprintln(w, "SET SESSION sql_mode = 'STRICT_TRANS_TABLES';")
	for i := 0; i < n; i++ {
		k := int(float64(classes) * r.Float64() * r.Float64()) // skewed towards the first classes
		shape, table := shapes[k%len(shapes)], k/len(shapes)
		fmt.Fprintf(w, "%s;\n", shape(r, table))
	}
}

func summarise(path string) error {
	began := time.Now()
	res, err := querylog.ReadFile(path, querylog.Options{})
	if err != nil {
		return err
	}
	fmt.Printf("querylog: %s read as a %s log in %.2f s: %d statements, %d classes, %d skipped (%+v)\n",
		path, res.Format, time.Since(began).Seconds(), res.Statements, len(res.Classes), res.Skipped.Total(), res.Skipped)
	for i, c := range res.Classes {
		if i == 5 {
			break
		}
		fmt.Printf("  %8d  %9.3f s  %.90s\n", c.Count, c.Total.Seconds(), c.Fingerprint)
	}
	return nil
}
