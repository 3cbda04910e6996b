package datasample

import (
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

const sampleRows = 100

// digests are the test's own reads of each table: every copied column in
// a form both families print alike (JSON and floating point are normalised
// in Go), the rows of the sample only (the first ones by primary key).
var digests = []struct {
	table, query string
	// jsonCols and floatCols are the indexes normalised in Go.
	jsonCols, floatCols []int
}{
	{"parents", "SELECT id, HEX(name), HEX(note), flags + 0, price, ratio, weight + 0e0, doc, CAST(made AS CHAR), CAST(at AS CHAR), " +
		"CAST(seen AS CHAR), CAST(span AS CHAR), yr, kind, tags, HEX(raw), HEX(body), HEX(fixed), big, tiny, secret, name_len, price2 " +
		"FROM sampled.parents ORDER BY id LIMIT %d", []int{7}, []int{5, 6}},
	{"children", "SELECT id, parent_id, qty, label FROM sampled.children ORDER BY id LIMIT %d", nil, nil},
	{"readings", "SELECT sensor, value FROM sampled.readings LIMIT %d", nil, []int{1}},
	{"counters", "SELECT name, hits FROM sampled.counters ORDER BY name LIMIT %d", nil, nil},
	{"nothing_yet", "SELECT id FROM sampled.nothing_yet LIMIT %d", nil, nil},
}

// TestCopyFromLiveIntoTargets loads the fixture into a "live" server,
// copies a 100-row sample of each table into sandboxes that hold the
// schema only, and compares each table's rows (count and checksum) on the
// live server and every sandbox. The live server's general log must hold
// nothing but the copy's tagged SELECTs, session SETs and its snapshot's
// START TRANSACTION and ROLLBACK, as plain queries. Today's MariaDB 10.11 goes to
// MySQL 9.7 and MariaDB 11.8; a live MySQL 9.7 (JSON without a character
// set, DEFAULT_GENERATED) goes to MySQL 9.7.
func TestCopyFromLiveIntoTargets(t *testing.T) {
	cases := []struct {
		live    string
		targets []string
	}{
		{"mariadb-10.11", []string{"mysql-9.7", "mariadb-11.8"}},
		{"mysql-9.7", []string{"mysql-9.7", "mariadb-11.8"}},
	}
	for _, c := range cases {
		sandboxtest.OnServer(t, c.live, func(t *testing.T, liveSrv sandboxtest.Server) {
			var targets []sandboxtest.Server
			for _, key := range c.targets {
				targets = append(targets, sandboxtest.ByKey(t, key))
				targets[len(targets)-1].Require(t)
			}
			copyAndCompare(t, liveSrv, targets)
		})
	}
}

func copyAndCompare(t *testing.T, liveSrv sandboxtest.Server, targets []sandboxtest.Server) {
	dir := sandboxtest.ShortTempDir(t)
	live := liveSrv.Start(t, sandbox.Options{Dir: dir})
	sandboxtest.LoadScript(t, live, filepath.Join("testdata", "schema.sql"))
	sandboxtest.LoadScript(t, live, filepath.Join("testdata", "rows.sql"))
	var dst []*sql.DB
	for _, s := range targets {
		sb := s.Start(t, sandbox.Options{Dir: dir})
		sandboxtest.LoadScript(t, sb, filepath.Join("testdata", "schema.sql"))
		dst = append(dst, sandboxtest.Open(t, sb.DSN()))
	}
	// A table the schema replay did not create on one target: that
	// sandbox alone goes without its rows, and the Result says why.
	sandboxtest.Exec(t, dst[1], "DROP TABLE sampled.readings")

	root := sandboxtest.Open(t, live.DSN())
	sandboxtest.User(t, root, "'sampler'@'localhost'", "", "Sample-31", "GRANT SELECT ON sampled.* TO 'sampler'@'localhost'")
	sandboxtest.Exec(t, root, "SET GLOBAL log_output = 'TABLE'", "TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")
	t.Cleanup(func() { sandboxtest.Exec(t, root, "SET GLOBAL general_log = 0") })
	res, err := Copy(t.Context(), accountDB(t, live, "sampler", "Sample-31"), []string{"sampled"}, dst, Options{Rows: sampleRows})
	sandboxtest.Exec(t, root, "SET GLOBAL general_log = 0")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("copied in %v: %+v; skipped %+v", res.Took, res.Tables, res.Skipped)

	checkResult(t, res)
	for _, d := range digests {
		want, wantRows := digest(t, root, d.query, d.jsonCols, d.floatCols)
		for i, db := range dst {
			if d.table == "readings" && i == 1 {
				continue
			}
			got, gotRows := digest(t, db, d.query, d.jsonCols, d.floatCols)
			if gotRows != wantRows || got != want {
				t.Errorf("%s on %s: %d rows, checksum %.12s; live: %d rows, checksum %.12s", d.table, targets[i].Name(), gotRows, got, wantRows, want)
			}
		}
	}
	checkGeneralLog(t, root)
}

// checkResult checks what the Result says against the fixture: the row
// counts, the limit reached, the generated columns, the MyISAM table, the
// view set aside and the table missing on the second sandbox.
func checkResult(t *testing.T, res *Result) {
	t.Helper()
	want := map[string]struct {
		rows    int
		limited bool
	}{"parents": {100, true}, "children": {100, true}, "readings": {4, false}, "counters": {2, false}, "nothing_yet": {0, false}}
	got := map[string]TableCopy{}
	for _, tc := range res.Tables {
		got[tc.Table] = tc
	}
	for name, w := range want {
		tc, ok := got[name]
		if !ok || tc.Rows != w.rows || tc.Limited != w.limited {
			t.Errorf("%s: copied %+v; want %d rows, limited %v", name, tc, w.rows, w.limited)
		}
	}
	if g := got["parents"].Generated; !slices.Equal(g, []string{"name_len", "price2"}) {
		t.Errorf("parents: generated columns %v, want name_len and price2", g)
	}
	if !got["counters"].NotInSnapshot || got["parents"].NotInSnapshot {
		t.Errorf("NotInSnapshot: counters (MyISAM) %v, parents (InnoDB) %v", got["counters"].NotInSnapshot, got["parents"].NotInSnapshot)
	}
	if len(res.Skipped) != 2 || res.Skipped[0].Table != "big_parents" || res.Skipped[0].Sandbox != -1 ||
		res.Skipped[1].Table != "readings" || res.Skipped[1].Sandbox != 1 || !strings.Contains(res.Skipped[1].Reason, "1146") {
		t.Errorf("skipped %+v; want the view big_parents, and readings on the second sandbox (1146: no such table)", res.Skipped)
	}
}

// checkGeneralLog reads what the sampler account sent the live server.
func checkGeneralLog(t *testing.T, root *sql.DB) {
	t.Helper()
	allowed := []string{"SELECT ", "SET SESSION ", "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", "ROLLBACK"}
	n := 0
	for _, r := range sandboxtest.Rows(t, root, "SELECT command_type, CAST(argument AS CHAR) FROM mysql.general_log "+
		"WHERE user_host LIKE 'sampler[%' AND command_type NOT IN ('Connect', 'Quit', 'Init DB')") {
		n++
		q, ok := strings.CutPrefix(r[1], stmt.Tag)
		ok = ok && r[0] == "Query" && slices.ContainsFunc(allowed, func(p string) bool { return strings.HasPrefix(q, p) })
		if !ok {
			t.Errorf("the live server got %s %.200q", r[0], r[1])
		}
	}
	if n < len(digests) {
		t.Errorf("the general log holds %d statements of the copy: it did not log them", n)
	}
	t.Logf("%d statements in the live server's general log, all tagged reads", n)
}

// accountDB opens the live sandbox as account.
func accountDB(t *testing.T, sb *sandbox.Sandbox, user, password string) *sql.DB {
	t.Helper()
	cfg, err := mysql.ParseDSN(sb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	cfg.User, cfg.Passwd = user, password
	return sandboxtest.Open(t, cfg.FormatDSN())
}

// digest reads a query's rows, normalises JSON and floating-point columns,
// and returns a checksum of the rows as a multiset and their count.
func digest(t *testing.T, db *sql.DB, query string, jsonCols, floatCols []int) (string, int) {
	t.Helper()
	rows := sandboxtest.Rows(t, db, fmt.Sprintf(query, sampleRows))
	lines := make([]string, len(rows))
	for i, r := range rows {
		for _, c := range jsonCols {
			r[c] = normalJSON(t, r[c])
		}
		for _, c := range floatCols {
			r[c] = normalFloat(t, r[c])
		}
		lines[i] = strings.Join(r, "\x1f")
	}
	slices.Sort(lines)
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return fmt.Sprintf("%x", sum), len(rows)
}

func normalJSON(t *testing.T, s string) string {
	if s == "" {
		return s
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("JSON %q: %v", s, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

func normalFloat(t *testing.T, s string) string {
	if s == "" {
		return s
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("float %q: %v", s, err)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
