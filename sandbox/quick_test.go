package sandbox_test

import (
	"database/sql"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A quick sandbox starts on each server with its faster settings in force
// (every option is one the version accepts), records where its start's
// time went, and a measured one keeps the version's defaults.
func TestQuickSandboxOnEachServer(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		quick := srv.Start(t, sandbox.Options{Quick: true, Dir: sandboxtest.ShortTempDir(t)})
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
		measured := srv.Start(t, sandbox.Options{Dir: sandboxtest.ShortTempDir(t)})
		if got := globalOf(t, measured, "innodb_flush_log_at_trx_commit"); got != "1" {
			t.Errorf("measured sandbox: innodb_flush_log_at_trx_commit = %s, want the default 1", got)
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
