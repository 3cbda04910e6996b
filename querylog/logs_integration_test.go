package querylog

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// TestLogsWrittenByRealServers sends the traffic to each real server with
// its slow and general logs on (every statement), restarts it half-way
// (the logs then hold a second start-up header and reused thread ids), and
// reads both logs back.
func TestLogsWrittenByRealServers(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		var extra []string
		if !srv.IsMySQL() {
			// MariaDB: more # lines per entry (the plan, EXPLAIN's rows)
			extra = append(extra, "log_slow_verbosity=query_plan,explain")
		}
		sb := srv.Start(t, logOptions(extra...))
		setUp(t, sb)
		sendTraffic(t, sb, 1)
		ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
		defer cancel()
		if err := sb.Shutdown(ctx); err != nil {
			t.Fatalf("shutting down: %v", err)
		}
		if err := sb.Restart(ctx); err != nil {
			t.Fatalf("restarting: %v", err)
		}
		sendTraffic(t, sb, 2)
		// A server writes a statement's slow log entry after it has sent the
		// result: the logs are complete once it has shut down.
		if err := sb.Shutdown(ctx); err != nil {
			t.Fatalf("shutting down: %v", err)
		}
		for _, log := range []struct {
			file   string
			format Format
			timed  bool
		}{{"slow.log", FormatSlowLog, true}, {"general.log", FormatGeneralLog, false}} {
			t.Run(string(log.format), func(t *testing.T) {
				path := filepath.Join(sb.Dir(), log.file)
				keepLog(t, path, srv.Key+"-"+log.file)
				res, err := ReadFile(path, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if res.Format != log.format {
					t.Errorf("detected %q, want %q", res.Format, log.format)
				}
				e := logExpect(2, log.timed)
				e.noEmptySchema = srv.IsMySQL() && log.format == FormatSlowLog
				checkTraffic(t, res, e)
				if res.Skipped.Banners < 2 {
					t.Errorf("skipped %+v: want the two start-up headers", res.Skipped)
				}
				for _, c := range res.Classes {
					if strings.Contains(c.Fingerprint, "started with") || strings.Contains(c.Fingerprint, "tcp port") {
						t.Errorf("a start-up header read as a statement: %q", c.Fingerprint)
					}
				}
			})
		}
	})
}

// TestMySQLSlowLogExtra reads MySQL's slow log written with log_slow_extra
// (more fields on the Query_time line, the thread id among them).
func TestMySQLSlowLogExtra(t *testing.T) {
	sandboxtest.OnServer(t, "mysql-9.7", func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t, logOptions("log_slow_extra=ON"))
		setUp(t, sb)
		sendTraffic(t, sb, 1)
		if err := sb.Shutdown(t.Context()); err != nil {
			t.Fatalf("shutting down: %v", err)
		}
		path := filepath.Join(sb.Dir(), "slow.log")
		keepLog(t, path, "mysql-9.7-slow-extra.log")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), " Errno: 0 ") {
			t.Fatalf("the slow log has no log_slow_extra fields:\n%.2000s", data)
		}
		res, err := ReadFile(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		e := logExpect(1, true)
		e.noEmptySchema = true
		checkTraffic(t, res, e)
		// The same log rotated and compressed reads the same.
		gz := filepath.Join(t.TempDir(), "slow.log.1.gz")
		writeGzip(t, gz, data)
		zres, err := ReadFile(gz, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if zres.Format != FormatSlowLog || zres.Statements != res.Statements || len(zres.Classes) != len(res.Classes) {
			t.Errorf("compressed: %s, %d statements in %d classes; plain: %d in %d", zres.Format, zres.Statements, len(zres.Classes), res.Statements, len(res.Classes))
		}
	})
}

func writeGzip(t *testing.T, path string, data []byte) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
