package querylog

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The traffic the integration tests send, and the classes it must give
// (per run of sendTraffic). Connection A has no schema at connect, runs
// USE shop and sets sql_mode; connection B connects to crm, later runs
// USE shop; a third, the mariadb client, sets crm with its use command. Their statements alternate, so the readers must follow each
// connection's session apart.
const (
	trafficSQLMode = "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION"
	fpItemByID     = "select name from items where id = ?"
	fpPeopleByName = "select count(*) from people where name = ?"
	fpItemsIn      = "select id from items where id in(?+)"
	fpInsertItems  = "insert into items(id, name, price) values(?+)"
	fpMultiLine    = "select id, name from items where price > ? order by id"
	fpPriceByName  = "select price from items where name = ?"
	fpSetSQLMode   = "set session sql_mode = ?"
	fpDatabase     = "select database()" // the mariadb client's, after its use command
	trafficTagged  = 2                   // tagged statements per run, besides the setup's
)

// wantClass is what one run of the traffic gives a class.
type wantClass struct {
	count    int
	schema   string
	settings bool // its samples carry A's sql_mode
}

var trafficClasses = map[string]wantClass{
	fpItemByID:     {6, "shop", true},
	fpPeopleByName: {6, "crm", false},
	fpItemsIn:      {2, "shop", true},
	fpInsertItems:  {2, "shop", true},
	fpMultiLine:    {3, "shop", true},
	fpPriceByName:  {1, "shop", false},
	fpSetSQLMode:   {1, "shop", true},
	fpDatabase:     {1, "", false}, // the client asks before it sends Init DB
}

// trafficSetup creates the schemas the traffic uses, tagged (the readers
// count it as the tool's own).
var trafficSetup = []string{
	"CREATE DATABASE shop",
	"CREATE TABLE shop.items (id INT PRIMARY KEY, name VARCHAR(20), price DECIMAL(8,2))",
	"INSERT INTO shop.items VALUES (1, 'x', 1.00), (2, 'y', 2.00), (3, 'z', 3.00)",
	"CREATE DATABASE crm",
	"CREATE TABLE crm.people (id INT PRIMARY KEY, name VARCHAR(20))",
}

// logOptions turn on both logs from the start, every statement; the
// sandbox keeps them in its directory (slow.log, general.log).
func logOptions(extra ...string) sandbox.Options {
	return sandbox.Options{ServerOptions: append([]string{
		"slow_query_log=1", "long_query_time=0", "general_log=1",
	}, extra...)}
}

// setUp creates the traffic's schemas.
func setUp(t *testing.T, sb *sandbox.Sandbox) {
	t.Helper()
	db := sandboxtest.Open(t, sb.DSN())
	defer db.Close() // before the restart: its connections would be stale
	for _, s := range trafficSetup {
		if _, err := db.ExecContext(t.Context(), stmt.Tag+s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// sendTraffic runs the traffic once; run numbers the inserted rows.
func sendTraffic(t *testing.T, sb *sandbox.Sandbox, run int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	a := pinned(ctx, t, sb, "")
	defer a.Close()
	b := pinned(ctx, t, sb, "crm")
	defer b.Close()
	exec := func(c *conn, q string, args ...any) {
		t.Helper()
		q = fmt.Sprintf(q, args...)
		rows, err := c.QueryContext(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		rows.Close()
	}
	exec(a, "USE shop")
	exec(a, "SET SESSION sql_mode = '%s'", trafficSQLMode)
	for i := 1; i <= 5; i++ {
		exec(a, "SELECT name FROM items WHERE id = %d", i)
		exec(b, "SELECT COUNT(*) FROM people WHERE name = 'p%d'", i)
	}
	// A server-side prepared statement: general logs show Prepare (set
	// aside) and Execute with the values in place, slow logs the execution.
	rows, err := a.QueryContext(ctx, "SELECT name FROM items WHERE id = ?", 6)
	if err != nil {
		t.Fatal(err)
	}
	rows.Close()
	exec(a, "SELECT id FROM items WHERE id IN (1, 2, 3)")
	exec(a, "select id from items where id in (4,5)")
	exec(a, "INSERT INTO items (id, name, price) VALUES (%d, 'a', 1.50), (%d, 'b', 2.50)", 100*run, 100*run+1)
	exec(a, "INSERT INTO items (id, name, price) VALUES (%d, 'c', 3)", 100*run+2)
	for i := 1; i <= 3; i++ {
		exec(a, "SELECT id,\n       name\nFROM items\nWHERE price > %d.00\nORDER BY id", i)
	}
	exec(b, "USE shop")
	exec(b, "SELECT price FROM items WHERE name = 'x'")
	// The mariadb client's own "use" command is COM_INIT_DB: the general
	// log's Init DB line is then the only place the schema comes from.
	clientScript(t, sb, "use crm\nSELECT COUNT(*) FROM people WHERE name = 'client';\n")
	for i := 0; i < trafficTagged; i++ {
		exec(a, stmt.Tag+"SELECT %d", i)
	}
}

// clientScript runs script through the mariadb client, on a connection of
// its own.
func clientScript(t *testing.T, sb *sandbox.Sandbox, script string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "traffic.sql")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	sandboxtest.LoadScript(t, sb, path)
}

// pinned opens one connection to sb with schema as its default database;
// closing it closes its pool.
func pinned(ctx context.Context, t *testing.T, sb *sandbox.Sandbox, schema string) *conn {
	t.Helper()
	cfg, err := mysql.ParseDSN(sb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	cfg.DBName = schema
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	c, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		t.Fatal(err)
	}
	return &conn{Conn: c, db: db}
}

// conn is a pinned connection with its own pool.
type conn struct {
	*sql.Conn
	db *sql.DB
}

func (c *conn) Close() error {
	c.Conn.Close()
	return c.db.Close()
}

// keepLog copies a log the server wrote to $UPGRADE_ADVISOR_QUERYLOG_KEEP,
// when set, to look at it after the sandbox is gone.
func keepLog(t *testing.T, path, name string) {
	dir := os.Getenv("UPGRADE_ADVISOR_QUERYLOG_KEEP")
	if dir == "" {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Logf("keeping %s: %v", path, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Logf("keeping %s: %v", path, err)
	}
}

// expect is what a source must give of the traffic.
type expect struct {
	runs     int  // runs of sendTraffic
	timed    bool // the source has times
	settings bool // the source follows sessions (performance_schema does not)
	tagged   int  // tagged entries at least (a digest counts one per digest)
	// noEmptySchema: the source cannot tell that a statement ran without a
	// schema (MySQL's slow log writes a use line only when the schema
	// changes to another one), so such a statement's schema is not checked.
	noEmptySchema bool
}

// logExpect is what a log file written from the start gives.
func logExpect(runs int, timed bool) expect {
	return expect{runs: runs, timed: timed, settings: true, tagged: trafficTagged*runs + len(trafficSetup)}
}

// checkTraffic asserts that res holds the traffic's classes e.runs times
// over, with their schemas and settings, and the tagged statements apart.
func checkTraffic(t *testing.T, res *Result, e expect) {
	t.Helper()
	runs, timed := e.runs, e.timed
	byPrint := map[string]*Class{}
	for _, c := range res.Classes {
		byPrint[c.Fingerprint] = c
		for _, s := range c.Samples {
			if isTagged(s.Text) {
				t.Errorf("class %q holds a tagged statement %q", c.Fingerprint, s.Text)
			}
		}
	}
	for print, want := range trafficClasses {
		c := byPrint[print]
		if c == nil {
			t.Errorf("no class %q; classes: %v", print, fingerprints(res.Classes))
			continue
		}
		if c.Count != want.count*runs {
			t.Errorf("class %q: count %d, want %d", print, c.Count, want.count*runs)
		}
		told := !(e.noEmptySchema && want.schema == "")
		if told && (len(c.Schemas) != 1 || c.Schemas[0] != want.schema) {
			t.Errorf("class %q: schemas %q, want [%s]", print, c.Schemas, want.schema)
		}
		if c.Timed != timed || (timed && c.Total <= 0) {
			t.Errorf("class %q: timed %v total %v, want timed %v", print, c.Timed, c.Total, timed)
		}
		for _, s := range c.Samples {
			if got := hasSQLMode(s.Settings); got != (want.settings && e.settings) {
				t.Errorf("class %q sample %q: settings %q, want sql_mode set: %v", print, s.Text, s.Settings, want.settings)
			}
		}
	}
	want := 0
	for _, w := range trafficClasses {
		want += w.count * runs
	}
	if len(res.Classes) != len(trafficClasses) || res.Statements != want {
		t.Errorf("%d classes of %d statements, want %d of %d: %v", len(res.Classes), res.Statements,
			len(trafficClasses), want, fingerprints(res.Classes))
	}
	if res.Skipped.Tagged < e.tagged {
		t.Errorf("skipped %+v: want at least %d tagged", res.Skipped, e.tagged)
	}
	if c := byPrint[fpMultiLine]; c != nil && len(c.Samples) > 0 && !containsNewline(c.Samples[0].Text) {
		t.Errorf("the multi-line statement lost its lines: %q", c.Samples[0].Text)
	}
}

func hasSQLMode(settings []string) bool {
	for _, s := range settings {
		if s == "sql_mode = '"+trafficSQLMode+"'" {
			return true
		}
	}
	return false
}

func containsNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return true
		}
	}
	return false
}

func fingerprints(cs []*Class) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = fmt.Sprintf("%s (%d)", c.Fingerprint, c.Count)
	}
	return out
}
