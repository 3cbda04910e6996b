package sandbox_test

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A quick sandbox starts on each server with its faster settings in force
// (every option is one the version accepts), is copied from the cache
// entry's sparse form, and records where its start's time went. (That a
// measured one keeps the defaults: TestQuickServerArgs.)
func TestQuickSandboxOnEachServer(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		var log bufferLog
		quick := srv.Start(t, sandbox.Options{Quick: true, Dir: sandboxtest.ShortTempDir(t), Log: &log})
		if strings.Contains(log.buf.String(), "datadir initialised") { // a cold cache: the next one copies
			log.buf.Reset()
			srv.Start(t, sandbox.Options{Quick: true, Dir: sandboxtest.ShortTempDir(t), Log: &log})
		}
		if !strings.Contains(log.buf.String(), "/quick in") {
			t.Errorf("a quick sandbox did not copy the cache entry's sparse form:\n%s", log.buf.String())
		}
		if got := globalOf(t, quick, "innodb_flush_log_at_trx_commit"); got != "2" {
			t.Errorf("quick sandbox: innodb_flush_log_at_trx_commit = %s, want 2", got)
		}
		if got := globalOf(t, quick, "performance_schema"); got != "0" {
			t.Errorf("quick sandbox: performance_schema = %s, want 0 (off)", got)
		}
		ph := quick.Phases()
		if ph.Datadir <= 0 || ph.Socket <= 0 || ph.Answer < 0 {
			t.Errorf("start phases not recorded: %+v", ph)
		}
	})
}

func globalOf(t *testing.T, sb *sandbox.Sandbox, name string) string {
	t.Helper()
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	if err := db.QueryRowContext(t.Context(), stmt.Tag+"SELECT @@GLOBAL."+name).Scan(&v); err != nil {
		t.Fatalf("@@%s: %v", name, err)
	}
	return v
}
