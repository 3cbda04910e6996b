package sandbox_test

import (
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
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
		var log bufferLog
		cache := sandboxtest.ShortTempDir(t)
		srv.Start(t, sandbox.Options{Quick: true, Dir: sandboxtest.ShortTempDir(t), CacheDir: cache}) // initialises
		quick := srv.Start(t, sandbox.Options{Quick: true, Dir: sandboxtest.ShortTempDir(t), CacheDir: cache, Log: &log})
		if !strings.Contains(log.buf.String(), "/quick in") {
			t.Errorf("a quick sandbox did not copy the cache entry's sparse form:\n%s", log.buf.String())
		}
		if data, sparse := allocated(t, cache, "data"), allocated(t, cache, "quick"); sparse > data {
			t.Errorf("the entry's sparse form holds %d bytes, more than the datadir's %d", sparse, data)
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

// allocated is the disk space of the files under the only cache entry's
// form (data or quick) in cache.
func allocated(t *testing.T, cache, form string) int64 {
	t.Helper()
	dirs, _ := filepath.Glob(filepath.Join(cache, "datadirs", "*", form))
	if len(dirs) != 1 {
		t.Fatalf("cache entries with %s: %v, want one", form, dirs)
	}
	var n int64
	_ = filepath.WalkDir(dirs[0], func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Sys().(*syscall.Stat_t).Blocks * 512
			}
		}
		return nil
	})
	return n
}
