package sandbox_test

// Integration tests against the installed server binaries. They skip (fail
// under CI=true) when no mysqld/mariadbd is installed.

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// parentDir is a short, empty parent directory for this test's sandboxes, so
// the test can check that nothing is left in it.
func parentDir(t *testing.T) string {
	t.Helper()
	return sandboxtest.ShortTempDir(t)
}

// serversUnder returns the pids of server processes whose datadir is under parent.
func serversUnder(t *testing.T, parent string) []int {
	t.Helper()
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var pids []int
	for _, p := range procs {
		raw, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(raw, []byte("--datadir="+parent+"/")) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		if processLives(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// processLives reports whether any thread of pid is alive (not a zombie):
// a server's main thread can exit before the threads that shut InnoDB down.
func processLives(pid int) bool {
	stats, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "stat"))
	for _, st := range stats {
		stat, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && i+2 < len(stat) && stat[i+2] != 'Z' && stat[i+2] != 'X' {
			return true
		}
	}
	return false
}

// assertNothingLeft checks that parent holds no directory and no server.
func assertNothingLeft(t *testing.T, parent string) {
	t.Helper()
	if pids := serversUnder(t, parent); len(pids) > 0 {
		t.Errorf("server processes left behind under %s: %v", parent, pids)
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		t.Errorf("left behind in %s: %s", parent, e.Name())
	}
}

func start(t *testing.T, o sandbox.Options) *sandbox.Sandbox {
	t.Helper()
	if o.Dir == "" {
		o.Dir = parentDir(t)
	}
	return sandboxtest.Start(t, o)
}

func openDB(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func queryString(t *testing.T, db *sql.DB, q string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var s string
	if err := db.QueryRowContext(ctx, q).Scan(&s); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return s
}

func TestStartQueryStop(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	t0 := time.Now()
	sb, err := sandbox.Start(t.Context(), sandbox.Options{Dir: parent})
	if err != nil {
		t.Fatal(err)
	}
	started := time.Since(t0)
	defer sb.Stop(context.Background())

	flavor, version := sb.Flavor()
	db := openDB(t, sb.DSN())
	if got := queryString(t, db, "SELECT @@version"); got != version {
		t.Errorf("@@version = %q, --version said %q", got, version)
	}
	if got := queryString(t, db, "SELECT @@skip_networking"); got != "1" {
		t.Errorf("@@skip_networking = %s, want 1 (networking off by default)", got)
	}
	if got := queryString(t, db, "SELECT @@datadir"); filepath.Clean(got) != sb.Datadir() {
		t.Errorf("@@datadir = %s, want %s", got, sb.Datadir())
	}
	if !strings.HasPrefix(sb.Dir(), filepath.Join(parent, "upgrade-advisor-sandbox-")) || !strings.HasPrefix(sb.Socket(), sb.Dir()) {
		t.Errorf("dir %s / socket %s not where expected", sb.Dir(), sb.Socket())
	}
	if !strings.Contains(sb.DSN(), "unix("+sb.Socket()+")") || !strings.Contains(sb.DSN(), "timeout=5s") {
		t.Errorf("DSN %s", sb.DSN())
	}
	if sb.ErrorLogTail(5) == "" {
		t.Error("empty error log tail")
	}
	db.Close()
	pid := sb.PID()

	t1 := time.Now()
	if err := sb.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	stopped := time.Since(t1)
	t.Logf("%s %s: start %v, stop %v", flavor, version, started.Round(time.Millisecond), stopped.Round(time.Millisecond))
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("pid %d still exists after Stop", pid)
	}
	if sb.Running() {
		t.Error("Running after Stop")
	}
	if err := sb.Stop(t.Context()); err != nil {
		t.Errorf("second Stop: %v", err)
	}
	assertNothingLeft(t, parent)
}

func TestBadServerOptionFailsFast(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	t0 := time.Now()
	sb, err := sandbox.Start(t.Context(), sandbox.Options{Dir: parent, ServerOptions: []string{"innodb_no_such_option=1"}, StartTimeout: 30 * time.Second})
	took := time.Since(t0)
	if err == nil {
		sb.Stop(context.Background())
		t.Fatal("Start with innodb_no_such_option=1 succeeded")
	}
	t.Logf("failed in %v with:\n%v", took.Round(time.Millisecond), err)
	if !strings.Contains(err.Error(), "unknown variable") || !strings.Contains(err.Error(), "innodb_no_such_option") {
		t.Errorf("error does not quote the server's reason (unknown variable ...):\n%v", err)
	}
	if took > 15*time.Second {
		t.Errorf("took %v to fail; want a fast failure", took)
	}
	assertNothingLeft(t, parent)
}

// A failure of the server itself (not of the initialisation): after a crash
// the datadir is damaged, the server exits during start-up, and the error
// quotes error.log; the directory is kept for inspection.
func TestServerExitDuringStartQuotesErrorLog(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	sb := start(t, sandbox.Options{Dir: parent})
	if err := sb.Kill(); err != nil {
		t.Fatal(err)
	}
	// Make the datadir unusable: the server must exit, and Restart report why.
	if err := os.WriteFile(filepath.Join(sb.Datadir(), "ibdata1"), []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	err := sb.Restart(t.Context())
	if err == nil {
		t.Fatal("Restart on a broken datadir succeeded")
	}
	t.Logf("failed in %v with:\n%v", time.Since(t0).Round(time.Millisecond), err)
	if !strings.Contains(err.Error(), "did not start") || !strings.Contains(err.Error(), "[ERROR]") {
		t.Errorf("error does not quote error.log:\n%v", err)
	}
	if pids := serversUnder(t, parent); len(pids) > 0 {
		t.Errorf("server left running: %v", pids)
	}
	if _, err := os.Stat(sb.Dir()); err != nil {
		t.Errorf("Restart failure removed the directory: %v", err)
	}
}

// Sandboxes started at once (parallel tests) get their own directory,
// socket, port and tmpdir. With a shared /tmp, parallel initialisations failed
// with "Unknown table 'mysql.tmp_user_sys'": each bootstrap deleted the
// others' temporary tables.
func TestSandboxesAtOnce(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	const n = 4
	var wg sync.WaitGroup
	sbs := make([]*sandbox.Sandbox, n)
	errs := make([]error, n)
	for i := range sbs {
		wg.Go(func() {
			sbs[i], errs[i] = sandbox.Start(t.Context(), sandbox.Options{Dir: parent, Networking: true, Log: sandboxtest.LogWriter(t)})
		})
	}
	wg.Wait()
	for i, sb := range sbs {
		if sb != nil {
			defer sb.Stop(context.Background())
		}
		if errs[i] != nil {
			t.Fatalf("sandbox %d: %v", i, errs[i])
		}
	}
	seen := map[string]bool{}
	for _, sb := range sbs {
		for _, k := range []string{sb.Dir(), sb.Socket(), "port " + strconv.Itoa(sb.Port()), "pid " + strconv.Itoa(sb.PID())} {
			if seen[k] {
				t.Fatalf("two sandboxes share %s", k)
			}
			seen[k] = true
		}
	}
	for _, sb := range sbs {
		db := openDB(t, sb.DSN())
		if got := queryString(t, db, "SELECT @@port"); got != strconv.Itoa(sb.Port()) {
			t.Errorf("%s answered with @@port %s, want %d", sb.DSN(), got, sb.Port())
		}
		if got := queryString(t, db, "SELECT @@datadir"); filepath.Clean(got) != sb.Datadir() {
			t.Errorf("%s answered with @@datadir %s, want %s", sb.DSN(), got, sb.Datadir())
		}
	}
	for _, sb := range sbs {
		if err := sb.Stop(t.Context()); err != nil {
			t.Error(err)
		}
	}
	assertNothingLeft(t, parent)
}

func TestNetworkingOnGivenPort(t *testing.T) {
	sandboxtest.RequireServer(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	sb := start(t, sandbox.Options{Networking: true, Port: port})
	if sb.Port() != port || !strings.Contains(sb.DSN(), fmt.Sprintf("tcp(127.0.0.1:%d)", port)) {
		t.Fatalf("port %d, DSN %s; want port %d over tcp", sb.Port(), sb.DSN(), port)
	}
	db := openDB(t, sb.DSN())
	if got := queryString(t, db, "SELECT @@port"); got != strconv.Itoa(port) {
		t.Errorf("@@port = %s, want %d", got, port)
	}
	if got := queryString(t, db, "SELECT @@bind_address"); got != "127.0.0.1" {
		t.Errorf("@@bind_address = %s", got)
	}
	// The port is taken now: a second sandbox on it must be refused up front.
	_, err = sandbox.Start(t.Context(), sandbox.Options{Dir: parentDir(t), Networking: true, Port: port})
	if err == nil || !strings.Contains(err.Error(), "not free") {
		t.Errorf("second sandbox on a busy port: %v", err)
	}
}

func TestKillThenRestartKeepsData(t *testing.T) {
	sandboxtest.RequireServer(t)
	sb := start(t, sandbox.Options{})
	db := openDB(t, sb.DSN())
	db.SetMaxIdleConns(0)
	if _, err := db.ExecContext(t.Context(), "CREATE DATABASE ua_kill_test"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(t.Context(), "CREATE TABLE ua_kill_test.t (i int primary key) ENGINE=InnoDB"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(t.Context(), "INSERT INTO ua_kill_test.t VALUES (1),(2),(3)"); err != nil {
		t.Fatal(err)
	}
	pid := sb.PID()
	if err := sb.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, 0); err == nil {
		t.Fatalf("pid %d alive after Kill", pid)
	}
	if sb.Running() {
		t.Fatal("Running after Kill")
	}
	if _, err := os.Stat(sb.Datadir()); err != nil {
		t.Fatalf("datadir gone after Kill: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	if err := db.PingContext(ctx); err == nil {
		t.Error("ping succeeded on a killed server")
	}
	cancel()

	t0 := time.Now()
	if err := sb.Restart(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Logf("restart after kill -9 took %v", time.Since(t0).Round(time.Millisecond))
	if sb.PID() == pid {
		t.Error("same pid after Restart")
	}
	if got := queryString(t, db, "SELECT COUNT(*) FROM ua_kill_test.t"); got != "3" {
		t.Errorf("rows after kill and restart = %s, want 3", got)
	}
	if err := sb.Restart(t.Context()); err == nil {
		t.Error("Restart of a running server: want an error")
	}

	// Clean shutdown without removal, then restart: still there.
	if err := sb.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := sb.Restart(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := queryString(t, db, "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name='ua_kill_test'"); got != "1" {
		t.Errorf("schema missing after shutdown and restart")
	}
}

func TestOpenReattachesAndStops(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	sb, err := sandbox.Start(t.Context(), sandbox.Options{Dir: parent})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Stop(context.Background())

	other, err := sandbox.Open(sb.Dir())
	if err != nil {
		t.Fatal(err)
	}
	if other.PID() != sb.PID() || other.DSN() != sb.DSN() || other.Socket() != sb.Socket() {
		t.Errorf("Open: pid %d dsn %s; want %d %s", other.PID(), other.DSN(), sb.PID(), sb.DSN())
	}
	f1, v1 := sb.Flavor()
	f2, v2 := other.Flavor()
	if f1 != f2 || v1 != v2 {
		t.Errorf("flavor %s %s vs %s %s", f1, v1, f2, v2)
	}
	list, err := sandbox.List(parent)
	if err != nil || len(list) != 1 || list[0].Dir() != sb.Dir() || !list[0].Running() {
		t.Errorf("List(%s) = %v, %v", parent, list, err)
	}
	db := openDB(t, other.DSN())
	queryString(t, db, "SELECT 1")
	db.Close()

	// Stop through the re-attached handle, as `sandbox stop <dir>` does.
	if err := other.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	if sb.Running() {
		t.Error("original handle still sees the server running")
	}
	if _, err := sandbox.Open(sb.Dir()); err == nil {
		t.Error("Open after Stop: want an error")
	}
	if err := sb.Stop(t.Context()); err != nil {
		t.Errorf("Stop of the original handle after the other stopped it: %v", err)
	}
	assertNothingLeft(t, parent)
}

func TestOpenAfterCrashThenStop(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	sb, err := sandbox.Start(t.Context(), sandbox.Options{Dir: parent})
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.Kill(); err != nil {
		t.Fatal(err)
	}
	_, err = sandbox.Open(sb.Dir())
	if !errors.Is(err, sandbox.ErrNotRunning) {
		t.Fatalf("Open of a crashed sandbox: %v, want ErrNotRunning", err)
	}
	// Load still gives a handle: restart it from "another process", then stop.
	h, err := sandbox.Load(sb.Dir())
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Restart(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	assertNothingLeft(t, parent)
}

func TestStartCancelledLeavesNothing(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	for _, d := range []time.Duration{0, 150 * time.Millisecond, 600 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(t.Context(), d)
		t0 := time.Now()
		sb, err := sandbox.Start(ctx, sandbox.Options{Dir: parent})
		cancel()
		if err == nil {
			// The machine was fast enough to finish within d.
			t.Logf("cancel after %v: started anyway in %v", d, time.Since(t0))
			if err := sb.Stop(context.Background()); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Logf("cancel after %v: failed in %v: %v", d, time.Since(t0).Round(time.Millisecond), firstLine(err))
		if !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "deadline") {
			t.Errorf("error does not say the context ended: %v", err)
		}
		if time.Since(t0) > d+10*time.Second {
			t.Errorf("took %v to notice the cancelled context", time.Since(t0))
		}
		assertNothingLeft(t, parent)
	}
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// TestMain runs the test binary as a stand-in for `upgrade-advisor sandbox
// start` when TestServerOutlivesStarter runs it again with UA_SANDBOX_HELPER.
func TestMain(m *testing.M) {
	if os.Getenv("UA_SANDBOX_HELPER") == "1" {
		startAndLinger()
	}
	os.Exit(m.Run())
}

// startAndLinger starts a sandbox, prints its directory and waits to be
// interrupted like a Ctrl-C.
func startAndLinger() {
	sb, err := sandbox.Start(context.Background(), sandbox.Options{
		Dir: os.Getenv("UA_SANDBOX_PARENT"), Basedir: os.Getenv("UA_SANDBOX_BASEDIR"),
		Networking: os.Getenv("UA_SANDBOX_NETWORKING") == "1",
	})
	if err != nil {
		fmt.Println("ERR", strings.ReplaceAll(err.Error(), "\n", " | "))
		os.Exit(3)
	}
	fmt.Println("DIR", sb.Dir())
	time.Sleep(time.Minute)
	os.Exit(4)
}

// The `sandbox start` / `sandbox stop <dir>` flow: a process starts a
// sandbox, gets a Ctrl-C (SIGINT to its process group) and dies; the server
// keeps running, and another process re-attaches with Open and stops it.
func TestServerOutlivesStarter(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	dir := startInHelper(t, parent, "", false)
	sb, err := sandbox.Open(dir)
	if err != nil {
		t.Fatalf("server did not outlive its starter: %v", err)
	}
	db := openDB(t, sb.DSN())
	queryString(t, db, "SELECT 1")
	db.Close()
	if err := sb.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	assertNothingLeft(t, parent)
}

// startInHelper is `sandbox start` in a process of its own: it runs this
// test binary as a helper that starts a sandbox under parent, then sends it a
// Ctrl-C and waits until it has died, and returns the sandbox directory. The
// server, orphaned, lives on.
func startInHelper(t *testing.T, parent, basedir string, networking bool) string {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "UA_SANDBOX_HELPER=1", "UA_SANDBOX_PARENT="+parent, "UA_SANDBOX_BASEDIR="+basedir)
	if networking {
		cmd.Env = append(cmd.Env, "UA_SANDBOX_NETWORKING=1")
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a "terminal foreground group"
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var dir string
	timeout := time.After(2 * sandbox.DefaultStartTimeout)
	for dir == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("helper exited without starting a sandbox")
			}
			if rest, found := strings.CutPrefix(l, "ERR "); found {
				t.Fatalf("helper: %s", rest)
			}
			dir, _ = strings.CutPrefix(l, "DIR ")
		case <-timeout:
			t.Fatal("helper did not start a sandbox in time")
		}
	}
	// Ctrl-C: SIGINT to the helper's process group. The server has its own.
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range lines { // drain
		}
	}()
	waitErr := make(chan error, 1)
	go func() { waitErr <- cmd.Wait() }()
	select {
	case <-waitErr:
	case <-time.After(10 * time.Second):
		t.Fatal("helper did not exit on SIGINT (is a server holding its stdout?)")
	}
	return dir
}

// SIGTERM cannot stop a frozen server (SIGSTOP here, a hung server in real
// life): Stop must escalate to SIGKILL of the group when ctx ends, and still
// remove everything.
func TestStopEscalatesToKill(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := parentDir(t)
	sb, err := sandbox.Start(t.Context(), sandbox.Options{Dir: parent, Log: sandboxtest.LogWriter(t)})
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(sb.PID(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	t0 := time.Now()
	if err := sb.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(t0); took > 12*time.Second {
		t.Errorf("Stop of a frozen server took %v", took)
	}
	assertNothingLeft(t, parent)
}

// fakeBasedir builds a "tarball" whose bin/mysqld claims to be MySQL 5.6.22
// and runs the given shell body, and whose scripts/mysql_install_db just
// creates the datadir. Both print their arguments.
func fakeBasedir(t *testing.T, serverBody string) string {
	t.Helper()
	base := sandboxtest.ShortTempDir(t) // reachable: a sandbox started by root runs as an unprivileged account
	write := func(rel, body string) {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("bin/mysqld", `for a in "$@"; do [ "$a" = --version ] && { echo "mysqld  Ver 5.6.22 for linux-glibc2.5 on x86_64 (MySQL Community Server (GPL))"; exit 0; }; done
echo "fake mysqld $*"
echo "uid $(id -u)"
`+serverBody)
	write("scripts/mysql_install_db", `echo "fake mysql_install_db $*"
for a in "$@"; do case "$a" in --datadir=*) mkdir -p "${a#--datadir=}";; esac; done`)
	return base
}

// A server that never answers: the wait is bounded by StartTimeout, the
// process group is killed and nothing is left. Runs without a real server.
func TestHungServerTimesOut(t *testing.T) {
	base := fakeBasedir(t, "while :; do sleep 1; done")
	parent := parentDir(t)

	// First with KeepOnFailure, to check the commands the sandbox ran.
	t0 := time.Now()
	_, err := sandbox.Start(t.Context(), sandbox.Options{Basedir: base, Dir: parent, StartTimeout: time.Second, KeepOnFailure: true})
	if err == nil || !strings.Contains(err.Error(), "not ready within 1s") {
		t.Fatalf("Start of a hung server: %v", err)
	}
	if took := time.Since(t0); took > 10*time.Second {
		t.Errorf("took %v despite StartTimeout 1s", took)
	}
	if pids := serversUnder(t, parent); len(pids) > 0 {
		t.Errorf("hung server not killed: %v", pids)
	}
	dirs, _ := filepath.Glob(filepath.Join(parent, "upgrade-advisor-sandbox-*"))
	if len(dirs) != 1 {
		t.Fatalf("KeepOnFailure kept %v", dirs)
	}
	dir := dirs[0]
	install, _ := os.ReadFile(filepath.Join(dir, "install.log"))
	wantInstall := fmt.Sprintf("fake mysql_install_db --no-defaults --basedir=%s --datadir=%s/data --tmpdir=%s/tmp", base, dir, dir)
	if !strings.HasPrefix(string(install), wantInstall) {
		t.Errorf("install ran as\n%s\nwant prefix\n%s", install, wantInstall)
	}
	server, _ := os.ReadFile(filepath.Join(dir, "error.log"))
	wantServer := fmt.Sprintf("fake mysqld --no-defaults --basedir=%s --datadir=%s/data --socket=%s/mysql.sock", base, dir, dir)
	if !strings.HasPrefix(string(server), wantServer) || !strings.Contains(string(server), "--skip-networking") {
		t.Errorf("server ran as\n%s\nwant prefix\n%s", server, wantServer)
	}
	// Never --user: the tool starts the server as the account itself, and
	// as root that account is not root.
	if strings.Contains(string(server), "--user") || strings.Contains(string(install), "--user") || strings.Contains(string(server), "\nuid 0\n") {
		t.Errorf("the server must run as an unprivileged account, without --user (euid %d):\n%s%s", os.Geteuid(), install, server)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}

	// Then the default: nothing left.
	if _, err := sandbox.Start(t.Context(), sandbox.Options{Basedir: base, Dir: parent, StartTimeout: time.Second}); err == nil {
		t.Fatal("Start of a hung server succeeded")
	}
	assertNothingLeft(t, parent)
}

// A server that exits at once: Start fails fast and quotes what it printed.
func TestExitingServerFailsFast(t *testing.T) {
	base := fakeBasedir(t, `echo "[ERROR] Fatal error: Please read Security section of the manual"; exit 1`)
	parent := parentDir(t)
	t0 := time.Now()
	_, err := sandbox.Start(t.Context(), sandbox.Options{Basedir: base, Dir: parent, StartTimeout: 30 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "exited during start-up") || !strings.Contains(err.Error(), "Please read Security section") {
		t.Fatalf("Start of an exiting server: %v", err)
	}
	if took := time.Since(t0); took > 10*time.Second {
		t.Errorf("took %v to notice the server exited", took)
	}
	assertNothingLeft(t, parent)
}
