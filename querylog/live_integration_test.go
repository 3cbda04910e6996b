package querylog

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// readLiveUntil reads the live source until it holds want statements of
// the application or a few seconds pass (a server writes a statement's
// entry after it has sent the result), and returns the last reading.
func readLiveUntil(t *testing.T, sb *sandbox.Sandbox, want int) *Result {
	t.Helper()
	db := sandboxtest.Open(t, sb.DSN())
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		res, err := ReadLive(ctx, db, LiveOptions{})
		cancel()
		if err != nil && !errors.Is(err, ErrNoStatements) {
			t.Fatal(err)
		}
		if err == nil && (res.Statements >= want || time.Now().After(deadline)) {
			return res
		}
		if time.Now().After(deadline) {
			t.Fatalf("no statements after 10 s: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func trafficStatements(runs int) int {
	n := 0
	for _, w := range trafficClasses {
		n += w.count * runs
	}
	return n
}

// TestLiveDigestsOfMySQL reads the traffic back from MySQL's
// performance_schema digests: one sample per digest, no session settings.
func TestLiveDigestsOfMySQL(t *testing.T) {
	sandboxtest.OnServer(t, "mysql-9.7", func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t)
		setUp(t, sb)
		sendTraffic(t, sb, 1)
		res := readLiveUntil(t, sb, trafficStatements(1))
		if res.Format != FormatDigests {
			t.Fatalf("read %s, want the digests", res.Format)
		}
		checkTraffic(t, res, expect{runs: 1, timed: true, tagged: 1})
		// The prepared statement's PREPARE and DEALLOCATE digests are set aside.
		if res.Skipped.Admin != 2 || !strings.Contains(strings.Join(res.Notes, " "), "1 digests are server-side prepared statements") {
			t.Errorf("skipped %+v, notes %q", res.Skipped, res.Notes)
		}
	})
}

// TestLiveSlowLogTable reads the traffic back from mysql.slow_log
// (log_output=TABLE), following each thread's USE and SET, on MariaDB
// 10.11 and 11.8 (which have no digest samples) and MySQL with
// performance_schema off.
func TestLiveSlowLogTable(t *testing.T) {
	for _, key := range []string{"mariadb-10.11", "mariadb-11.8", "mysql-9.7"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) { liveSlowLogTable(t, srv) })
	}
}

func liveSlowLogTable(t *testing.T, srv sandboxtest.Server) {
	opts := sandbox.Options{ServerOptions: []string{"log_output=TABLE", "slow_query_log=1", "long_query_time=0"}}
	if srv.IsMySQL() {
		opts.ServerOptions = append(opts.ServerOptions, "performance_schema=OFF")
	}
	sb := srv.Start(t, opts)
	setUp(t, sb)
	sendTraffic(t, sb, 1)
	res := readLiveUntil(t, sb, trafficStatements(1))
	if res.Format != FormatSlowLogTable {
		t.Fatalf("read %s, want mysql.slow_log", res.Format)
	}
	checkTraffic(t, res, logExpect(1, true))
}

// TestLiveSourceOffSaysHowToTurnItOn: a server with neither source on
// gives ErrNoStatements with the statements that turn each on.
func TestLiveSourceOffSaysHowToTurnItOn(t *testing.T) {
	sandboxtest.OnServer(t, "mariadb-10.11", func(t *testing.T, srv sandboxtest.Server) {
		db := sandboxtest.Open(t, srv.SharedDSN(t))
		_, err := ReadLive(t.Context(), db, LiveOptions{})
		if !errors.Is(err, ErrNoStatements) {
			t.Fatalf("got %v, want ErrNoStatements", err)
		}
		for _, want := range []string{"SET GLOBAL log_output = 'FILE,TABLE'", "long_query_time = 0", "slow_query_log = ON"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("the error does not say %q: %v", want, err)
			}
		}
	})
}
