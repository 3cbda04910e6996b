package sandbox_test

// Integration tests run on each real server (sandboxtest.EachServer):
// MariaDB 10.11 installed, MySQL 9.7 and MariaDB 11.8 unpacked package roots
// run through their own loader.

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// stopLeftover stops the sandbox in dir if a failed test left it running.
func stopLeftover(t *testing.T, dir string) {
	t.Cleanup(func() {
		if _, err := os.Stat(dir); err != nil {
			return
		}
		if sb, err := sandbox.Load(dir); err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			_ = sb.Stop(ctx)
		}
	})
}

// listState returns how List under parent shows the sandbox in dir:
// "running", "stopped" or "absent", and the pid it reports.
func listState(t *testing.T, parent, dir string) (string, int) {
	t.Helper()
	sbs, err := sandbox.List(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, sb := range sbs {
		if sb.Dir() == dir {
			if sb.Running() {
				return "running", sb.PID()
			}
			return "stopped", sb.PID()
		}
	}
	return "absent", 0
}

// The `sandbox start` / `list` / `stop DIR` flow on each server: the server
// is started by another process that then dies (so it is nobody's child
// here), List shows it running under its pid, Stop returns only once every
// thread of the process has exited, and removes the directory after that.
func TestEachServerStartListStop(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		parent := parentDir(t)
		t0 := time.Now()
		dir := startInHelper(t, parent, srv.Basedir, false)
		stopLeftover(t, dir)
		t.Logf("%s: sandbox start (init + start, in a helper process) took %v", srv.Name(), time.Since(t0).Round(time.Millisecond))

		state, pid := listState(t, parent, dir)
		if state != "running" || pid <= 0 {
			t.Fatalf("List shows %s (pid %d), want running", state, pid)
		}
		if !processLives(pid) {
			t.Fatalf("List says running with pid %d, but no such process lives", pid)
		}
		sb, err := sandbox.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		db := openDB(t, sb.DSN())
		if v := queryString(t, db, "SELECT @@version"); !strings.HasPrefix(v, srv.Binary.Flavor.Version.String()) {
			t.Errorf("@@version = %s, want %s", v, srv.Binary.Flavor.Version)
		}
		if got := queryString(t, db, "SELECT @@pid_file"); got != filepath.Join(dir, "mysqld.pid") {
			t.Errorf("@@pid_file = %s, want the sandbox's", got)
		}
		db.Close()

		t1 := time.Now()
		if err := sb.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: stop took %v", srv.Name(), time.Since(t1).Round(time.Millisecond))
		if processLives(pid) {
			t.Errorf("Stop returned while server pid %d still has live threads", pid)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("Stop returned and %s still exists (%v)", dir, err)
		}
		assertNothingLeft(t, parent)
	})
}

// A crashed server is listed as stopped, and Stop still cleans up.
func TestEachServerListShowsKilledAsStopped(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		parent := parentDir(t)
		sb := srv.Start(t, sandbox.Options{Dir: parent})
		if state, _ := listState(t, parent, sb.Dir()); state != "running" {
			t.Fatalf("List shows %s, want running", state)
		}
		pid := sb.PID()
		if err := sb.Kill(); err != nil {
			t.Fatal(err)
		}
		if processLives(pid) {
			t.Fatalf("Kill returned with pid %d alive", pid)
		}
		if state, _ := listState(t, parent, sb.Dir()); state != "stopped" {
			t.Errorf("List shows a killed server %s, want stopped", state)
		}
		if err := sb.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		assertNothingLeft(t, parent)
	})
}

// With networking, root has a random password: in the DSN (also of another
// process's handle), in a 0600 file, required over TCP and the socket, and in
// neither sandbox.json nor the error log.
func TestEachServerNetworkingPassword(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		parent := parentDir(t)
		sb := srv.Start(t, sandbox.Options{Dir: parent, Networking: true})
		pw := sb.Password()
		if len(pw) < 16 {
			t.Fatalf("password %d characters long, want a random one of 16 or more", len(pw))
		}
		cfg, err := mysql.ParseDSN(sb.DSN())
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Net != "tcp" || cfg.Passwd != pw {
			t.Fatalf("DSN is over %s with password set %v, want tcp with the password", cfg.Net, cfg.Passwd != "")
		}
		if got := queryString(t, openDB(t, sb.DSN()), "SELECT @@port"); got != strings.TrimPrefix(cfg.Addr, "127.0.0.1:") {
			t.Errorf("@@port = %s, DSN address %s", got, cfg.Addr)
		}
		fi, err := os.Stat(filepath.Join(sb.Dir(), "root-password"))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("root-password mode %v, want 0600", fi.Mode().Perm())
		}
		other, err := sandbox.Open(sb.Dir())
		if err != nil {
			t.Fatal(err)
		}
		if other.DSN() != sb.DSN() {
			t.Error("a re-attached handle's DSN differs: it did not read the password")
		}
		for name, dsn := range map[string]string{
			"tcp without password":    "root@tcp(" + cfg.Addr + ")/?timeout=5s",
			"socket without password": "root@unix(" + sb.Socket() + ")/?timeout=5s",
			"anonymous over tcp":      "@tcp(" + cfg.Addr + ")/?timeout=5s",
		} {
			db := openDB(t, dsn)
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			err := db.PingContext(ctx)
			cancel()
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1045 {
				t.Errorf("%s: got %v, want access denied (1045)", name, err)
			}
		}
		for _, f := range []string{"sandbox.json", "error.log"} {
			data, err := os.ReadFile(filepath.Join(sb.Dir(), f))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), pw) {
				t.Errorf("%s contains root's password", f)
			}
		}
	})
}

// Options that shape the running server go to its start only: sql_mode with
// ANSI_QUOTES broke mariadb-install-db when it was given to the
// initialisation. An init-time option (innodb_page_size) still reaches the
// initialisation, or the server would refuse the datadir.
func TestEachServerOptionsGoToTheRightStep(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t, sandbox.Options{Dir: parentDir(t), ServerOptions: []string{
			"sql_mode=ANSI_QUOTES,STRICT_TRANS_TABLES", "innodb_page_size=8192",
		}})
		db := openDB(t, sb.DSN())
		if got := queryString(t, db, "SELECT @@GLOBAL.sql_mode"); !strings.Contains(got, "ANSI_QUOTES") {
			t.Errorf("@@GLOBAL.sql_mode = %s, want ANSI_QUOTES in it", got)
		}
		if got := queryString(t, db, "SELECT @@innodb_page_size"); got != "8192" {
			t.Errorf("@@innodb_page_size = %s, want 8192", got)
		}
		// The build's paths are set and the file directory is the sandbox's own.
		if got := queryString(t, db, "SELECT @@secure_file_priv"); !strings.HasPrefix(filepath.Clean(got), sb.Dir()) {
			t.Errorf("@@secure_file_priv = %s, want a directory inside %s", got, sb.Dir())
		}
	})
}

// The server's own error is quoted, and the error names the CLI flag.
func TestEachServerBadOptionNamesFlag(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		parent := parentDir(t)
		_, err := sandbox.Start(t.Context(), srv.Options(sandbox.Options{Dir: parent, ServerOptions: []string{"innodb_no_such_option=1"}}))
		if err == nil {
			t.Fatal("Start with an unknown option succeeded")
		}
		msg := err.Error()
		for _, want := range []string{"--sandbox-option", "innodb_no_such_option"} {
			if !strings.Contains(msg, want) {
				t.Errorf("error does not mention %s:\n%s", want, msg)
			}
		}
		if strings.Contains(msg, "Options.") {
			t.Errorf("error names a Go field:\n%s", msg)
		}
		assertNothingLeft(t, parent)
	})
}

// A tarball layout (bin/mariadbd, scripts/mariadb-install-db, share/) still
// works: built from the installed MariaDB 10.11 with symlinks (the unpacked
// servers need their own loader, which a tarball layout does not carry).
func TestTarballLayoutBasedir(t *testing.T) {
	srv := sandboxtest.Servers()[0]
	srv.Require(t)
	base := sandboxtest.ShortTempDir(t) // reachable: a sandbox started by root runs as an unprivileged account
	links := map[string]string{
		"bin/mariadbd":               srv.Binary.Path,
		"bin/my_print_defaults":      "/usr/bin/my_print_defaults",
		"bin/resolveip":              "/usr/bin/resolveip",
		"sbin/mariadbd":              srv.Binary.Path,
		"scripts/mariadb-install-db": srv.Binary.InstallDB,
		"share":                      "/usr/share",
		"lib":                        "/usr/lib",
	}
	for rel, target := range links {
		if _, err := os.Stat(target); err != nil {
			t.Skipf("%s has no %s: %v", srv.Name(), target, err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(base, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(base, rel)); err != nil {
			t.Fatal(err)
		}
	}
	b, err := sandbox.Detect(t.Context(), base)
	if err != nil {
		t.Fatal(err)
	}
	if b.Layout != sandbox.LayoutTarball || b.Loader != "" {
		t.Errorf("layout %v loader %q, want a tarball without loader", b.Layout, b.Loader)
	}
	sb := start(t, sandbox.Options{Basedir: base})
	if got := queryString(t, openDB(t, sb.DSN()), "SELECT @@basedir"); filepath.Clean(got) != base {
		t.Errorf("@@basedir = %s, want %s", got, base)
	}
}

// A package root is recognised as one, with its own loader.
func TestPackageRootDetected(t *testing.T) {
	for _, srv := range sandboxtest.Servers()[1:] {
		t.Run(srv.Name(), func(t *testing.T) {
			srv.Require(t)
			b := srv.Binary
			if b.Layout != sandbox.LayoutPackageRoot {
				t.Errorf("layout %v, want package root", b.Layout)
			}
			if b.Loader == "" || !strings.HasPrefix(b.Loader, srv.Basedir) {
				t.Errorf("loader %q, want the root's own", b.Loader)
			}
			if !strings.HasPrefix(b.Path, filepath.Join(srv.Basedir, "usr", "sbin")) {
				t.Errorf("server %s, want it under usr/sbin", b.Path)
			}
		})
	}
}
