package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
// schema; then the same for the target's own dump of that schema (whose
// header sql_mode makes the check create every table once more under the
// default sql_mode). Five rounds each, alternating; the least and the
// median of each are reported (on a shared machine the least is the
// cost without other work in the way).
//
//	go test -run '^$' -bench SchemaCheckVsClient -benchtime 1x ./advisor/schemacheck/
func BenchmarkSchemaCheckVsClient(b *testing.B) {
	script := filepath.Join(b.TempDir(), "pace.sql")
	if err := writePaceSchema(script, 240, 80); err != nil {
		b.Fatal(err)
	}
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		b.Run(key, func(b *testing.B) {
			srv := sandboxtest.ByKey(b, key)
			srv.Require(b)
			sb := srv.Start(b)
			db := sandboxtest.Open(b, sb.DSN())
			conn, err := db.Conn(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close()
			p := &pace{b: b, srv: srv, socket: sb.Socket(), conn: conn}
			p.rounds("install script", script, []string{DefaultSchema}, func(round int) string { return fmt.Sprintf("client%d", round) })
			dump := ""
			if srv.IsMySQL() {
				dump = srv.Dump(b, sb, "mysqldump", "--no-data", "--routines", "--set-gtid-purged=OFF", "--databases", "client0")
			} else { // the 11.8 root ships no dump client: the installed one dumps every MariaDB
				dump = sandboxtest.Server{Key: key}.Dump(b, sb, "mariadb-dump", "--no-data", "--routines", "--databases", "client0")
			}
			dumper := filepath.Base(dump)
			p.rounds(dumper, dump, []string{"client0"}, func(int) string { return "scratch" })
		})
	}
}

// pace times the check against the client on one sandbox.
type pace struct {
	b      *testing.B
	srv    sandboxtest.Server
	socket string
	conn   *sql.Conn
}

// rounds times five alternating rounds of the check and the client on
// file, dropping drop before each; clientDB names the client's database.
func (p *pace) rounds(what, file string, drop []string, clientDB func(round int) string) {
	ctx := context.Background()
	var check, client []float64
	loadBefore := loadAverage()
	for round := range 5 {
		p.drop(drop)
		began := time.Now()
		d, err := ReadFile(Options{SchemaFile: file})
		if err != nil {
			p.b.Fatal(err)
		}
		objects, _, err := Check(ctx, Servers{Target: p.conn}, d)
		if err != nil {
			p.b.Fatal(err)
		}
		check = append(check, time.Since(began).Seconds())
		if n := len(objects); n != 240+80+12+24 {
			p.b.Fatalf("%s: %d objects checked", what, n)
		}
		p.drop(append(drop, clientDB(round)))
		began = time.Now()
		if errs := clientErrorsIn(p.b, p.srv, p.socket, clientDB(round), file); len(errs) != 0 {
			p.b.Fatalf("%s: the client's errors: %v", what, errs)
		}
		client = append(client, time.Since(began).Seconds())
	}
	name := strings.NewReplacer(" ", "_", ".", "_").Replace(what)
	p.b.ReportMetric(slices.Min(check), name+"_check_min_s")
	p.b.ReportMetric(slices.Min(client), name+"_client_min_s")
	p.b.Logf("%s, %s: check least %.2f s, median %.2f s (rounds %.2f); client least %.2f s, median %.2f s (rounds %.2f); ratio of the least %.2f, of the medians %.2f; load average %s before, %s after",
		p.srv.Key, what, slices.Min(check), median(check), check, slices.Min(client), median(client), client,
		slices.Min(check)/slices.Min(client), median(check)/median(client), loadBefore, loadAverage())
}

// loadAverage is the machine's 1-minute load average, "?" where unknown.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// drop drops schemas of the sandbox.
func (p *pace) drop(schemas []string) {
	for _, s := range schemas {
		if _, err := p.conn.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(s)); err != nil {
			p.b.Fatal(err)
		}
	}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
