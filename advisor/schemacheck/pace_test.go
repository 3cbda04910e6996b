package schemacheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// writePaceSchema writes an install script of tables tables (each with a
// key, an index and a foreign key to the one before, added at the end of
// the file as a monitoring schema does), triggers triggers, a view per ten
// tables and a procedure per twenty.
func writePaceSchema(path string, tables, triggers int) error {
	var b strings.Builder
	b.WriteString("-- A generated application schema, for timing the check against the client.\n")
	for i := range tables {
		fmt.Fprintf(&b, "CREATE TABLE t%03d (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, parent_id BIGINT UNSIGNED NULL,\n"+
			"  name VARCHAR(64) NOT NULL DEFAULT '', created DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP, hits INT NOT NULL DEFAULT 0,\n"+
			"  note TEXT, KEY t%03d_name (name), KEY t%03d_parent (parent_id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n", i, i, i)
	}
	for i := 1; i < tables; i++ {
		fmt.Fprintf(&b, "ALTER TABLE t%03d ADD CONSTRAINT c_t%03d FOREIGN KEY (parent_id) REFERENCES t%03d (id) ON DELETE SET NULL;\n", i, i, i-1)
	}
	b.WriteString("DELIMITER //\n")
	for i := range triggers {
		fmt.Fprintf(&b, "CREATE TRIGGER tr%03d BEFORE INSERT ON t%03d FOR EACH ROW BEGIN\n  IF NEW.name = '' THEN SET NEW.name = CONCAT('row-', NEW.hits); END IF;\nEND //\n", i, i%tables)
	}
	for i := 0; i < tables; i += 20 {
		fmt.Fprintf(&b, "CREATE PROCEDURE bump%03d(IN p_id BIGINT) BEGIN UPDATE t%03d SET hits = hits + 1 WHERE id = p_id; END //\n", i, i)
	}
	b.WriteString("DELIMITER ;\n")
	for i := 0; i < tables; i += 10 {
		fmt.Fprintf(&b, "CREATE VIEW v%03d AS SELECT id, name, hits FROM t%03d WHERE hits > 0;\n", i, i)
	}
	b.WriteString("INSERT INTO t000 (name) VALUES ('root');\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// BenchmarkSchemaCheckVsClient times, on one running sandbox of each
// target, the check of a 240-table, 80-trigger install script (everything
// but the sandbox's start: reading, the load, the probes, the comparisons)
// against the target's own client loading the same file into a fresh
// schema; three rounds each, alternating, medians reported.
//
//	go test -run '^$' -bench SchemaCheckVsClient -benchtime 1x ./advisor/schemacheck/
func BenchmarkSchemaCheckVsClient(b *testing.B) {
	file := filepath.Join(b.TempDir(), "pace.sql")
	if err := writePaceSchema(file, 240, 80); err != nil {
		b.Fatal(err)
	}
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		b.Run(key, func(b *testing.B) {
			srv := sandboxtest.ByKey(b, key)
			srv.Require(b)
			sb := srv.Start(b)
			db := sandboxtest.Open(b, sb.DSN())
			ctx := context.Background()
			conn, err := db.Conn(ctx)
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close()
			var check, client []float64
			for round := range 3 {
				for _, s := range []string{DefaultSchema, "client"} {
					if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(s)); err != nil {
						b.Fatal(err)
					}
				}
				began := time.Now()
				d, err := ReadFile(Options{SchemaFile: file})
				if err != nil {
					b.Fatal(err)
				}
				objects, _, err := Check(ctx, Servers{Target: conn}, d)
				if err != nil {
					b.Fatal(err)
				}
				check = append(check, time.Since(began).Seconds())
				began = time.Now()
				if errs := clientErrorsIn(b, srv, sb.Socket(), fmt.Sprintf("client%d", round), file); len(errs) != 0 {
					b.Fatalf("the client's errors on the generated schema: %v", errs)
				}
				client = append(client, time.Since(began).Seconds())
				if len(objects) != 240+80+12+24 {
					b.Fatalf("%d objects checked", len(objects))
				}
			}
			c, l := median(check), median(client)
			b.ReportMetric(c, "check_s")
			b.ReportMetric(l, "client_s")
			b.ReportMetric(c/l, "ratio")
			b.Logf("%s: check %.2f s (rounds %v), client %.2f s (rounds %v), ratio %.2f", key, c, check, l, client, c/l)
		})
	}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
