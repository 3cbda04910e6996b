package queries

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// server returns the test server with the scripts/servers.sh key.
func server(t *testing.T, key string) sandboxtest.Server {
	t.Helper()
	for _, s := range sandboxtest.Servers() {
		if s.Key == key {
			return s
		}
	}
	t.Fatalf("no test server %s", key)
	return sandboxtest.Server{}
}

// shop starts a sandbox of srv with the shop schema and data loaded.
func shop(t *testing.T, srv sandboxtest.Server) (*sandbox.Sandbox, Server) {
	t.Helper()
	sb := srv.Start(t, sandbox.Options{Dir: sandboxtest.ShortTempDir(t)})
	sandboxtest.LoadScript(t, sb, filepath.Join("testdata", "shop.sql"))
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(8)
	t.Cleanup(func() { db.Close() })
	return sb, Server{Name: srv.Key, DB: db}
}

// clientSays runs sql through the server's own command-line client on the
// shop schema, with its warnings shown, and returns what it printed.
func clientSays(t *testing.T, srv sandboxtest.Server, sb *sandbox.Sandbox, query string) string {
	t.Helper()
	return srv.ClientSays(t, sb, "shop", query)
}

func shopStatements(sqls ...string) []Statement {
	out := make([]Statement, len(sqls))
	for i, s := range sqls {
		out[i] = Statement{Class: s, SQL: s, Schema: "shop", Weight: float64(len(sqls) - i)}
	}
	return out
}

func byClass(r *Result) map[string]ClassResult {
	out := map[string]ClassResult{}
	for _, c := range r.Classes {
		out[c.Class] = c
	}
	return out
}

func logResult(t *testing.T, r *Result) {
	t.Helper()
	for _, c := range r.Classes {
		t.Logf("%-8s %s", c.Status, c.SQL)
		for _, p := range c.Problems {
			t.Logf("         %s/%s %d %s | today: %s | target: %s | fix: %s", p.Status, p.Aspect, p.Code, p.Message, p.Today, p.Target, p.Fix)
		}
		for _, n := range c.Notes {
			t.Logf("         note: %s", n)
		}
		if c.Latency != nil {
			t.Logf("         latency %.2f (%.2f-%.2f) rounds %d x%d %s", c.Latency.Ratio.Ratio, c.Latency.Ratio.Low, c.Latency.Ratio.High, c.Latency.Rounds, c.Latency.Repeats, c.Latency.Stop)
		}
	}
	t.Logf("counts %v, set aside %+v, compared in %v, timed in %v", r.Counts, r.SetAside, r.Compared, r.Timed)
}

var _ = strings.Contains
var _ = time.Second
var _ = context.Background
