package queries

import (
	"fmt"
	"testing"
	"time"
)

// TestTimingManyLoggedSessions times more classes of distinct logged
// sessions than the timing keeps open (maxTimingSessions): every class is
// timed, none loses its session to the others (a run of a 100,000-statement
// log, each statement with its own user variable, once had 281 of 339
// classes untimed with "connection is already closed").
func TestTimingManyLoggedSessions(t *testing.T) {
	srv := server(t, "mariadb-10.11")
	srv.Require(t)
	_, a := shop(t, srv)
	_, b := shop(t, srv)
	n := 2*maxTimingSessions + 3
	stmts := make([]Statement, n)
	for i := range stmts {
		sql := fmt.Sprintf("SELECT id, name FROM customers WHERE id = %d", i+1)
		stmts[i] = Statement{Class: sql, SQL: sql, Schema: "shop", Weight: float64(n - i),
			Session: []string{fmt.Sprintf("@visit = %d", i)}}
	}
	r, err := Compare(t.Context(), a, b, stmts, Options{Latency: true, Budget: 20 * time.Second, MinRounds: 2, MaxRounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Classes {
		if c.Latency == nil {
			t.Errorf("%s: untimed: %s", c.SQL, c.Untimed)
		}
	}
	if len(r.Classes) != n {
		t.Errorf("%d classes compared, want %d", len(r.Classes), n)
	}
}
