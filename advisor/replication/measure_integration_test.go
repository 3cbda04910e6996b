package replication

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
)

// TestMeasureThousandWrites rehearses 1,000 writes on 10,000 rows, MariaDB
// 10.11 -> 11.8 and back, ROW format, seeded from a dump: the issue asks
// for it within 60 s on this machine; the figures are logged.
func TestMeasureThousandWrites(t *testing.T) {
	today, target := testServer(t, "mariadb-10.11"), testServer(t, "mariadb-11.8")
	schema := writeFile(t, "big.sql", `CREATE DATABASE big;
USE big;
CREATE TABLE digits (d INT PRIMARY KEY);
INSERT INTO digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);
CREATE TABLE items (id INT PRIMARY KEY, qty INT NOT NULL, label VARCHAR(40) NOT NULL, at DATETIME NOT NULL, KEY qty (qty)) DEFAULT CHARSET=utf8mb4;
INSERT INTO items SELECT a.d*1000 + b.d*100 + c.d*10 + e.d + 1, (a.d + b.d + c.d + e.d) % 7,
  CONCAT('item ', a.d, b.d, c.d, e.d), DATE_ADD('2026-01-01', INTERVAL a.d*1000 + b.d*100 + c.d*10 + e.d MINUTE)
FROM digits a, digits b, digits c, digits e;
`)
	var w strings.Builder
	for i := 0; i < 1000; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&w, "INSERT INTO items VALUES (%d, %d, 'new %d', '2026-06-01 10:00:00');\n", 20000+i, i%7, i)
		case 1:
			fmt.Fprintf(&w, "UPDATE items SET qty = qty + 1 WHERE id = %d;\n", 1+i*9)
		case 2:
			fmt.Fprintf(&w, "UPDATE items SET label = CONCAT(label, ' x') WHERE id BETWEEN %d AND %d;\n", 1+i*9, 5+i*9)
		default:
			fmt.Fprintf(&w, "DELETE FROM items WHERE id = %d;\n", 2+i*9)
		}
	}
	o := rehearsal(t, today, target, schema, writeFile(t, "writes.sql", w.String()))
	o.Seeds = []string{SeedDump}
	t0 := time.Now()
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(t0)
	for _, r := range rep.Runs {
		t.Logf("%s: %.1f s (seed %.1f s, writes %.2f s); %d tables checked", verdict(r), r.Duration.Seconds(), r.Seed.Duration.Seconds(), r.Writes.Duration.Seconds(), r.TablesChecked)
		if r.Writes.Statements != 1000 || r.Status != outcome.Running || len(r.Tables) > 0 {
			t.Errorf("%s: %d writes, tables %+v; want the 1,000 writes replicated, nothing differing", verdict(r), r.Writes.Statements, r.Tables)
		}
	}
	t.Logf("1,000 writes on 10,000 rows, both directions: %.1f s, peak memory of the tool %.1f MB", took.Seconds(), rep.PeakRSSMB)
	if took > 60*time.Second {
		t.Errorf("the rehearsal took %v, over the 60 s the issue asks", took)
	}
}
