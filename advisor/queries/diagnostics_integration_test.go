package queries

import (
	"context"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// TestOwnWarningsOnly shows the MariaDB trap and that the run avoids it: a
// statement that uses no table leaves the previous statement's conditions
// in SHOW WARNINGS; observe reads the statement's own.
func TestOwnWarningsOnly(t *testing.T) {
	srv := server(t, "mariadb-10.11")
	srv.Require(t)
	_, s := shop(t, srv)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	sd, err := identify(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	st := Statement{SQL: "SELECT PASSWORD('x')", Schema: "shop", Session: []string{"SET SESSION no_such_variable = 1"}}
	ss, err := sd.open(ctx, st, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.close()
	if len(ss.problems) != 1 || ss.problems[0].Code != 1193 {
		t.Fatalf("the session's failing SET: %+v, want one 1193", ss.problems)
	}
	// The trap: a failing statement, then one that uses no table.
	if _, err := ss.conn.ExecContext(ctx, stmt.Tag+"SELECT no_such_function_x()"); err == nil {
		t.Fatal("SELECT no_such_function_x() ran")
	}
	if _, err := ss.conn.ExecContext(ctx, stmt.Tag+"SELECT PASSWORD('x')"); err != nil {
		t.Fatal(err)
	}
	stale, err := ss.warnings(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) == 0 || stale[0].Code != 1305 {
		t.Fatalf("SHOW WARNINGS after a tableless statement: %+v, want the previous statement's 1305 (the trap)", stale)
	}
	obs, err := ss.observe(ctx, st.SQL, KindQuery, limits{timeout: 10 * time.Second, maxRows: 10, maxBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.warnings) != 0 || obs.err != nil {
		t.Errorf("observe read conditions that are not the statement's own: %+v, error %v", obs.warnings, obs.err)
	}
	warned, err := ss.observe(ctx, "SELECT CAST('x' AS SIGNED)", KindQuery, limits{timeout: 10 * time.Second, maxRows: 10, maxBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(warned.warnings) != 1 || warned.warnings[0].Code != 1292 {
		t.Errorf("a statement's own warning: %+v, want one 1292", warned.warnings)
	}
}

// TestBoundedExecution: the statement timeout stops a long statement on
// the server, and the cap stops reading a large result.
func TestBoundedExecution(t *testing.T) {
	srv := server(t, "mariadb-10.11")
	srv.Require(t)
	_, s := shop(t, srv)
	ctx := t.Context()
	sd, err := identify(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	lim := limits{timeout: time.Second, maxRows: 100, maxBytes: 1 << 20}
	ss, err := sd.open(ctx, Statement{Schema: "shop"}, lim.timeout)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.close()
	began := time.Now()
	slow, err := ss.observe(ctx, "SELECT COUNT(*) FROM orders a, orders b, orders c", KindQuery, lim)
	if err != nil {
		t.Fatal(err)
	}
	if !slow.timedOut || slow.err == nil || slow.err.Code != 1969 {
		t.Errorf("a 27e9-row join: timed out %v, error %+v; want 1969 from max_statement_time", slow.timedOut, slow.err)
	}
	if took := time.Since(began); took > 20*time.Second {
		t.Errorf("the timed-out statement held the session for %v", took)
	}
	big, err := ss.observe(ctx, "SELECT * FROM orders", KindQuery, lim)
	if err != nil {
		t.Fatal(err)
	}
	if !big.result.truncated || len(big.result.rows) != lim.maxRows {
		t.Errorf("3000 rows under a cap of %d: truncated %v, %d read", lim.maxRows, big.result.truncated, len(big.result.rows))
	}
}
