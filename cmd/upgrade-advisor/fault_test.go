package main

// Fault tests: the real binary, run as a subprocess against real servers,
// interrupted (SIGINT, SIGTERM, SIGKILL), cut off from its server (the
// server killed mid-benchmark), refused (wrong password, no route, read-only
// server, missing privileges, binary log, hostile scratch names). Each test
// then checks what the safety contract promises: no upgrade_advisor_%
// schema, the original globals, and an empty state directory after a clean
// end or a cleanup.
//
// Faults are injected when the server shows the run is where the test wants
// it (polling @@GLOBAL.innodb_file_per_table), never after a sleep; time only
// enters as generous upper bounds.
//
// Tests on private sandboxes (or none) run in parallel; tests on the shared
// sandbox do not, since each checks that the shared server holds no scratch
// schema and its original globals afterwards.

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// Bounds of the fault tests: generous, they decide nothing but "hung".
const (
	faultRunTimeout  = 2 * time.Minute  // any single run of the binary
	faultPollTimeout = 30 * time.Second // waiting for the run to reach the fault point
	faultPollEvery   = 5 * time.Millisecond
)

// The globals the calibration may change, which every test checks afterwards.
var faultGlobals = []string{"innodb_file_per_table", "innodb_stats_persistent"}

// faultResult is what one run of the binary produced.
type faultResult struct {
	stdout, stderr string
	code           int
	elapsed        time.Duration
}

func (r faultResult) String() string {
	return fmt.Sprintf("exit %d after %v\n--- stdout:\n%s\n--- stderr:\n%s", r.code, r.elapsed.Round(time.Millisecond), r.stdout, r.stderr)
}

// faultEnv builds the binary's environment: this process's, without the
// variables that would redirect the connection or the state directory, plus
// extra ("KEY=value"). Whatever the caller passes wins.
func faultEnv(extra []string) []string {
	drop := []string{"HOME=", "MYSQL_PWD=", "MYSQL_HOST=", "MYSQL_TCP_PORT=", "MYSQL_UNIX_PORT=", "UPGRADE_ADVISOR_STATE_DIR=", "NO_COLOR="}
	var env []string
next:
	for _, kv := range os.Environ() {
		for _, d := range drop {
			if strings.HasPrefix(kv, d) {
				continue next
			}
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// faultNewStateDir gives the test its own state directory and the env entry that
// points the binary at it.
func faultNewStateDir(t *testing.T) (string, []string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "state")
	return dir, []string{"UPGRADE_ADVISOR_STATE_DIR=" + dir}
}

// faultBuffer is a bytes.Buffer safe to read while the process writes it.
type faultBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (f *faultBuffer) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.b.Write(p)
}

func (f *faultBuffer) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.b.String()
}

// faultProc is a run of the binary started in the background.
type faultProc struct {
	cmd            *exec.Cmd
	stdout, stderr faultBuffer
	started        time.Time
	done           chan struct{}
	err            error
}

// faultStart starts the binary with env added to a clean environment and a
// HOME of its own (no ~/.my.cnf of the developer's); it is killed at the end
// of the test if it still runs.
func faultStart(t *testing.T, env []string, args ...string) *faultProc {
	t.Helper()
	p := &faultProc{done: make(chan struct{})}
	p.cmd = exec.Command(binary, args...)
	p.cmd.Env = faultEnv(append([]string{"HOME=" + t.TempDir()}, env...))
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	p.started = time.Now()
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", binary, err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

func (p *faultProc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// wait waits at most within for the process to exit; it fails the test (and
// kills the process) when it does not.
func (p *faultProc) wait(t *testing.T, within time.Duration) faultResult {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(within):
		_ = p.cmd.Process.Kill()
		<-p.done
		t.Fatalf("upgrade-advisor %s did not exit within %v\n--- stderr:\n%s", strings.Join(p.cmd.Args[1:], " "), within, p.stderr.String())
	}
	r := faultResult{stdout: p.stdout.String(), stderr: p.stderr.String(), elapsed: time.Since(p.started)}
	var ee *exec.ExitError
	switch {
	case p.err == nil:
	case errors.As(p.err, &ee):
		r.code = ee.ExitCode() // -1 when killed by a signal
	default:
		t.Fatalf("running upgrade-advisor: %v", p.err)
	}
	t.Logf("upgrade-advisor %s: exit %d after %v; stderr: %s", strings.Join(p.cmd.Args[1:], " "), r.code,
		r.elapsed.Round(time.Millisecond), strings.TrimSpace(r.stderr))
	return r
}

// faultRun runs the binary to its end (bounded by faultRunTimeout).
func faultRun(t *testing.T, env []string, args ...string) faultResult {
	t.Helper()
	return faultStart(t, env, args...).wait(t, faultRunTimeout)
}

// faultOpenDB opens a root connection pool to a test server.
func faultOpenDB(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatalf("opening %s: %v", dsn, err)
	}
	db.SetMaxOpenConns(2)
	t.Cleanup(func() { db.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		t.Fatalf("connecting to the test server: %v", err)
	}
	return db
}

func faultQueryCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

// faultGlobalsOf reads the globals the calibration may change.
func faultGlobalsOf(t *testing.T, db *sql.DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range faultGlobals {
		out[name] = faultGlobal(t, db, name)
	}
	return out
}

func faultGlobal(t *testing.T, db *sql.DB, name string) string {
	t.Helper()
	ctx, cancel := faultQueryCtx()
	defer cancel()
	var v string
	if err := db.QueryRowContext(ctx, "SELECT @@GLOBAL."+name).Scan(&v); err != nil {
		t.Fatalf("reading @@GLOBAL.%s: %v", name, err)
	}
	return v
}

// faultScratchSchemas lists the upgrade_advisor_% schemas on the server.
func faultScratchSchemas(t *testing.T, db *sql.DB) []string {
	t.Helper()
	ctx, cancel := faultQueryCtx()
	defer cancel()
	rows, err := db.QueryContext(ctx, `SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'upgrade\_advisor\_%' ORDER BY 1`)
	if err != nil {
		t.Fatalf("listing scratch schemas: %v", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func faultSchemaExists(t *testing.T, db *sql.DB, name string) bool {
	t.Helper()
	ctx, cancel := faultQueryCtx()
	defer cancel()
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&n); err != nil {
		t.Fatalf("looking for schema %s: %v", name, err)
	}
	return n > 0
}

// faultStateFiles lists every entry of the state directory but the ledger (a
// missing directory is empty).
func faultStateFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatalf("reading the state directory: %v", err)
	}
	var out []string
	for _, e := range entries {
		if e.Name() == "own-ddl.ledger" || e.Name() == "own-ddl.ledger.lock" {
			continue // the ledger of the tool's own DDL and its lock file (advisor/server/ledger.go) are no unfinished run
		}
		out = append(out, e.Name())
	}
	return out
}

// faultState is the part of a state file the tests check.
type faultState struct {
	Schema  string            `json:"schema"`
	Globals map[string]string `json:"original_globals"`
	PID     int               `json:"pid"`
}

// faultOnlyState reads the one state file the directory must hold.
func faultOnlyState(t *testing.T, dir string) faultState {
	t.Helper()
	files := faultStateFiles(t, dir)
	if len(files) != 1 || !strings.HasSuffix(files[0], ".json") {
		t.Fatalf("state directory %s: want exactly one state file, have %q", dir, files)
	}
	b, err := os.ReadFile(filepath.Join(dir, files[0]))
	if err != nil {
		t.Fatal(err)
	}
	var s faultState
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("state file %s is not JSON: %v\n%s", files[0], err, b)
	}
	return s
}

// faultAssertClean checks the safety contract after a clean end or a
// cleanup: no scratch schema, the original globals, no state file.
func faultAssertClean(t *testing.T, db *sql.DB, stateDir string, original map[string]string) {
	t.Helper()
	if left := faultScratchSchemas(t, db); len(left) > 0 {
		t.Errorf("scratch schemas left on the server: %q", left)
	}
	if now := faultGlobalsOf(t, db); !faultEqual(now, original) {
		t.Errorf("globals not restored: now %v, originally %v", now, original)
	}
	if files := faultStateFiles(t, stateDir); len(files) > 0 {
		t.Errorf("state directory %s not empty: %q", stateDir, files)
	}
}

func faultEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}

// faultWaitGlobal polls the server until @@GLOBAL.name = want, failing when
// the run exits first or faultPollTimeout passes.
func faultWaitGlobal(t *testing.T, db *sql.DB, p *faultProc, name, want string) {
	t.Helper()
	deadline := time.Now().Add(faultPollTimeout)
	for {
		if faultGlobal(t, db, name) == want {
			return
		}
		if p.exited() {
			r := p.wait(t, time.Second)
			t.Fatalf("the run ended before @@GLOBAL.%s became %s:\n%s", name, want, r)
		}
		if time.Now().After(deadline) {
			t.Fatalf("@@GLOBAL.%s did not become %s within %v\n--- stderr so far:\n%s", name, want, faultPollTimeout, p.stderr.String())
		}
		time.Sleep(faultPollEvery)
	}
}

// faultLongAudit is an audit that runs long enough to be interrupted while the
// file_per_table_off variant has innodb_file_per_table=0 set globally.
func faultLongAudit(sock string) []string {
	return []string{"audit", "-S", sock, "--workload", "ddl-heavy", "--allow-set-global", "--budget", "60s", "--tables", "50", "-q"}
}

func faultRequireCode(t *testing.T, r faultResult, want int) {
	t.Helper()
	if r.code != want {
		t.Fatalf("want exit %d, got %s", want, r)
	}
}

func faultRequireContains(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(strings.ToLower(text), strings.ToLower(w)) {
			t.Errorf("%s does not mention %q:\n%s", what, w, text)
		}
	}
}

// 1. SIGINT / SIGTERM mid-benchmark: the run restores and drops everything
// itself and exits 2.
func TestFaultSignalMidBenchmark(t *testing.T) {
	t.Parallel() // private sandboxes only
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
	}{
		{"SIGINT", syscall.SIGINT},
		{"SIGTERM", syscall.SIGTERM},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sb := sandboxtest.Start(t)
			db := faultOpenDB(t, sb.DSN())
			original := faultGlobalsOf(t, db)
			if original["innodb_file_per_table"] != "1" {
				t.Fatalf("the sandbox should start with innodb_file_per_table ON, has %v", original)
			}
			stateDir, env := faultNewStateDir(t)

			p := faultStart(t, env, faultLongAudit(sb.Socket())...)
			faultWaitGlobal(t, db, p, "innodb_file_per_table", "0")
			if n := len(faultScratchSchemas(t, db)); n != 1 {
				t.Fatalf("mid-benchmark: want 1 scratch schema, have %d", n)
			}
			signalled := time.Now()
			if err := p.cmd.Process.Signal(tc.sig); err != nil {
				t.Fatalf("sending %v: %v", tc.sig, err)
			}
			r := p.wait(t, faultPollTimeout)
			t.Logf("exited %v after %v", r.code, time.Since(signalled).Round(time.Millisecond))
			faultRequireCode(t, r, exitcode.Error)
			faultRequireContains(t, "stderr", r.stderr, "interrupted")
			if strings.Contains(r.stderr, "cleanup incomplete") {
				t.Errorf("the interrupted run did not finish its cleanup:\n%s", r.stderr)
			}
			faultAssertClean(t, db, stateDir, original)
		})
	}
}

// 2. kill -9 mid-benchmark: the schema and the changed global stay, the
// state file records them; `cleanup` finishes the job; the next run warns.
func TestFaultKill9ThenCleanup(t *testing.T) {
	t.Parallel() // private sandbox
	sb := sandboxtest.Start(t)
	db := faultOpenDB(t, sb.DSN())
	original := faultGlobalsOf(t, db)
	stateDir, env := faultNewStateDir(t)

	// killRun starts a long audit, kills it with SIGKILL while
	// innodb_file_per_table=0, checks what it left, returns its schema.
	killRun := func(t *testing.T) string {
		t.Helper()
		p := faultStart(t, env, faultLongAudit(sb.Socket())...)
		faultWaitGlobal(t, db, p, "innodb_file_per_table", "0")
		st := faultKill9(t, p, db, stateDir)
		if got := st.Globals["innodb_file_per_table"]; got != original["innodb_file_per_table"] {
			t.Errorf("state file records innodb_file_per_table=%q, the original was %q", got, original["innodb_file_per_table"])
		}
		// Usually the run dies inside file_per_table_off and leaves 0 set,
		// which cleanup must undo; it may have just switched variants.
		t.Logf("after kill -9: innodb_file_per_table=%s, scratch schema %s", faultGlobal(t, db, "innodb_file_per_table"), st.Schema)
		return st.Schema
	}
	cleanup := func(t *testing.T, schema string) {
		t.Helper()
		r := faultRun(t, env, "cleanup", "-S", sb.Socket())
		faultRequireCode(t, r, exitcode.OK)
		faultRequireContains(t, "cleanup output", r.stdout, schema)
		faultAssertClean(t, db, stateDir, original)
	}

	t.Run("cleanup", func(t *testing.T) {
		cleanup(t, killRun(t))
	})
	t.Run("next run refuses while a global may be left changed", func(t *testing.T) {
		schema := killRun(t)
		r := faultRun(t, env, "audit", "-S", sb.Socket(), "--workload", "ddl-heavy", "--allow-set-global",
			"--rounds", "1", "--tables", "5", "--fail-on", "none", "-q")
		faultRequireCode(t, r, exitcode.Error)
		faultRequireContains(t, "stderr of the next run", r.stderr, "earlier run did not finish", schema, "upgrade-advisor cleanup")
		// The refused run touched nothing: the killed run's state stays.
		if st := faultOnlyState(t, stateDir); st.Schema != schema {
			t.Errorf("state file now names %s, want the killed run's %s", st.Schema, schema)
		}
		if left := faultScratchSchemas(t, db); len(left) != 1 || left[0] != schema {
			t.Errorf("scratch schemas after the next run: %q, want only the killed run's %s", left, schema)
		}
		cleanup(t, schema)
	})
}

// faultKill9 kills the run p with SIGKILL and returns the state file it
// left, which must name a scratch schema that is on the server.
func faultKill9(t *testing.T, p *faultProc, db *sql.DB, stateDir string) faultState {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatalf("kill -9: %v", err)
	}
	if r := p.wait(t, faultPollTimeout); r.code != -1 {
		t.Fatalf("the run was not killed by the signal: %s", r)
	}
	st := faultOnlyState(t, stateDir)
	if !faultSchemaExists(t, db, st.Schema) {
		t.Fatalf("after kill -9 the state file names %s, which is not on the server (schemas: %q)", st.Schema, faultScratchSchemas(t, db))
	}
	return st
}

// 3. The server killed mid-benchmark: the run exits 2 promptly, keeps its
// state file; after a restart `cleanup` drops the schema.
func TestFaultServerKilledMidBenchmark(t *testing.T) {
	t.Parallel() // private sandbox
	sb := sandboxtest.Start(t)
	db := faultOpenDB(t, sb.DSN())
	original := faultGlobalsOf(t, db)
	stateDir, env := faultNewStateDir(t)

	p := faultStart(t, env, faultLongAudit(sb.Socket())...)
	faultWaitGlobal(t, db, p, "innodb_file_per_table", "0")
	killed := time.Now()
	if err := sb.Kill(); err != nil {
		t.Fatalf("killing the server: %v", err)
	}
	r := p.wait(t, 60*time.Second)
	t.Logf("the run exited %d, %v after the server was killed", r.code, time.Since(killed).Round(time.Millisecond))
	faultRequireCode(t, r, exitcode.Error)
	faultRequireContains(t, "stderr", r.stderr, "connection", "cleanup")
	st := faultOnlyState(t, stateDir)
	faultRequireContains(t, "stderr", r.stderr, st.Schema, ".json")

	ctx, cancel := context.WithTimeout(context.Background(), 2*sandbox.DefaultStartTimeout)
	defer cancel()
	if err := sb.Restart(ctx); err != nil {
		t.Fatalf("restarting the server: %v", err)
	}
	cr := faultRun(t, env, "cleanup", "-S", sb.Socket())
	faultRequireCode(t, cr, exitcode.OK)
	faultRequireContains(t, "cleanup output", cr.stdout, st.Schema)
	// After a restart the globals come from the configuration anyway; the
	// schema is what matters.
	faultAssertClean(t, db, stateDir, original)
}

// 4. A wrong password from MYSQL_PWD: refused, never printed, and no
// command-line password warning.
func TestFaultWrongPasswordFromEnv(t *testing.T) {
	sb := sandboxtest.Shared(t)
	db := faultOpenDB(t, sb.DSN())
	original := faultGlobalsOf(t, db)
	const secret = "Wr0ng-Pa55word-From-Env"
	for _, cmd := range []string{"inspect", "audit"} {
		t.Run(cmd, func(t *testing.T) {
			stateDir, env := faultNewStateDir(t)
			args := []string{cmd, "-S", sb.Socket(), "-u", "root", "--format", "json"}
			if cmd == "audit" {
				args = append(args, "--allow-set-global", "--rounds", "1", "--tables", "5")
			}
			r := faultRun(t, append(env, "MYSQL_PWD="+secret), args...)
			faultRequireCode(t, r, exitcode.Error)
			faultRequireContains(t, "stderr", r.stderr, "access denied")
			if strings.Contains(r.stdout+r.stderr, secret) {
				t.Errorf("the password was printed:\n%s", r)
			}
			if strings.Contains(r.stderr, "Using a password on the command line") {
				t.Errorf("warned about a command-line password that came from MYSQL_PWD:\n%s", r.stderr)
			}
			faultAssertClean(t, db, stateDir, original)
		})
	}
}

// faultSilentListener accepts TCP connections on 127.0.0.1 and never sends the
// server greeting, like a host whose port is open but whose server hangs.
func faultSilentListener(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listening: %v", err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// 5. No server at the address: a bounded, clear failure.
func TestFaultUnreachable(t *testing.T) {
	t.Parallel() // no server
	silentPort := faultSilentListener(t)
	for _, tc := range []struct {
		name   string
		args   []string
		within time.Duration
		wants  []string
	}{
		{"no route to TEST-NET host", []string{"inspect", "-h", "192.0.2.1", "-P", "3306", "--connect-timeout", "2s"}, 10 * time.Second, []string{"192.0.2.1"}},
		{"audit, no route to TEST-NET host", []string{"audit", "-h", "192.0.2.1", "-P", "3306", "--connect-timeout", "2s", "--allow-set-global"}, 10 * time.Second, []string{"192.0.2.1"}},
		{"silent server (accepts, never greets)", []string{"inspect", "-h", "127.0.0.1", "-P", silentPort, "--connect-timeout", "2s"}, 10 * time.Second, []string{"127.0.0.1:" + silentPort}},
		{"missing socket", []string{"inspect", "-S", "/nonexistent/x.sock"}, 5 * time.Second, []string{"socket", "/nonexistent/x.sock"}},
		{"audit, missing socket", []string{"audit", "-S", "/nonexistent/x.sock", "--allow-set-global"}, 5 * time.Second, []string{"socket", "/nonexistent/x.sock"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stateDir, env := faultNewStateDir(t)
			r := faultStart(t, env, tc.args...).wait(t, tc.within)
			t.Logf("exit %d after %v", r.code, r.elapsed.Round(time.Millisecond))
			faultRequireCode(t, r, exitcode.Error)
			faultRequireContains(t, "stderr", r.stderr, tc.wants...)
			if files := faultStateFiles(t, stateDir); len(files) > 0 {
				t.Errorf("state files written without a server: %q", files)
			}
		})
	}
}

// 6. A read-only server: audit refuses before writing; inspect still works.
func TestFaultReadOnlyServer(t *testing.T) {
	t.Parallel() // private sandbox
	sb := sandboxtest.Start(t, sandbox.Options{ServerOptions: []string{"read_only=ON"}})
	db := faultOpenDB(t, sb.DSN())
	if v := faultGlobal(t, db, "read_only"); v != "1" {
		t.Fatalf("the sandbox should have read_only=ON, has %s", v)
	}
	original := faultGlobalsOf(t, db)
	stateDir, env := faultNewStateDir(t)

	// root has SUPER and could write anyway: the tool refuses regardless.
	r := faultRun(t, env, "audit", "-S", sb.Socket(), "--allow-set-global", "--rounds", "1", "--tables", "5", "-q")
	faultRequireCode(t, r, exitcode.Error)
	faultRequireContains(t, "stderr", r.stderr, "read_only")
	faultAssertClean(t, db, stateDir, original)

	r = faultRun(t, env, "inspect", "-S", sb.Socket(), "--format", "json")
	faultRequireCode(t, r, exitcode.OK)
	var doc struct {
		Server struct {
			ReadOnly bool `json:"read_only"`
		} `json:"server"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("inspect --format json is not JSON: %v\n%s", err, r.stdout)
	}
	if !doc.Server.ReadOnly {
		t.Errorf("inspect reports read_only=false on a read_only=ON server:\n%s", r.stdout)
	}
	faultAssertClean(t, db, stateDir, original)
}

// faultUser creates user@localhost with password pw and the given grants,
// on a session that keeps them out of the binary log, and drops it at the
// end of the test.
func faultUser(t *testing.T, db *sql.DB, user string, grants ...string) {
	t.Helper()
	ctx, cancel := faultQueryCtx()
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmts := append([]string{"SET SESSION sql_log_bin = 0", "DROP USER IF EXISTS '" + user + "'@'localhost'",
		"CREATE USER '" + user + "'@'localhost' IDENTIFIED BY 'pw'"}, faultGrantStmts(user, grants)...)
	for _, s := range stmts {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	t.Cleanup(func() {
		ctx, cancel := faultQueryCtx()
		defer cancel()
		if _, err := db.ExecContext(ctx, "DROP USER IF EXISTS '"+user+"'@'localhost'"); err != nil {
			t.Errorf("dropping user %s: %v", user, err)
		}
	})
}

func faultGrantStmts(user string, grants []string) []string {
	var out []string
	for _, g := range grants {
		out = append(out, "GRANT "+g+" TO '"+user+"'@'localhost'")
	}
	return out
}

func faultGrant(t *testing.T, db *sql.DB, user, what string) {
	t.Helper()
	ctx, cancel := faultQueryCtx()
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, s := range append([]string{"SET SESSION sql_log_bin = 0"}, faultGrantStmts(user, []string{what})...) {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// faultScratchGrant is the documented grant for a user without global CREATE/DROP.
const faultScratchGrant = "CREATE, DROP ON `upgrade\\_advisor\\_%`.*"

type faultReport struct {
	Benchmark struct {
		Variants []struct {
			Name     string `json:"name"`
			Measured bool   `json:"measured"`
		} `json:"variants"`
	} `json:"benchmark"`
}

func faultMeasured(t *testing.T, stdout string) map[string]bool {
	t.Helper()
	var doc faultReport
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, stdout)
	}
	out := map[string]bool{}
	for _, v := range doc.Benchmark.Variants {
		out[v.Name] = v.Measured
	}
	return out
}

// 7. A user without the privileges: refused before anything is created,
// naming what is missing; with the scratch grant it runs what it may.
func TestFaultUserWithoutPrivileges(t *testing.T) {
	sb := sandboxtest.Shared(t)
	db := faultOpenDB(t, sb.DSN())
	original := faultGlobalsOf(t, db)
	const user = "ua_fault_nopriv"
	faultUser(t, db, user, "SELECT ON *.*")
	env := []string{"MYSQL_PWD=pw"}
	audit := func(extra ...string) []string {
		return append([]string{"audit", "-S", sb.Socket(), "-u", user, "--rounds", "1", "--tables", "5", "--fail-on", "none"}, extra...)
	}

	t.Run("SELECT only", func(t *testing.T) {
		stateDir, senv := faultNewStateDir(t)
		r := faultRun(t, append(senv, env...), audit("-q")...)
		faultRequireCode(t, r, exitcode.Error)
		faultRequireContains(t, "stderr", r.stderr, "CREATE", "DROP")
		faultAssertClean(t, db, stateDir, original)
	})

	faultGrant(t, db, user, faultScratchGrant)
	t.Run("scratch grant", func(t *testing.T) {
		stateDir, senv := faultNewStateDir(t)
		r := faultRun(t, append(senv, env...), audit("--format", "json")...)
		faultRequireCode(t, r, exitcode.OK)
		m := faultMeasured(t, r.stdout)
		if !m["baseline"] || !m["stats_persistent_off"] {
			t.Errorf("baseline and stats_persistent_off should be measured with the scratch grant: %v", m)
		}
		if m["file_per_table_off"] {
			t.Errorf("file_per_table_off measured without --allow-set-global: %v", m)
		}
		faultAssertClean(t, db, stateDir, original)
	})
	t.Run("allow-set-global without SUPER", func(t *testing.T) {
		stateDir, senv := faultNewStateDir(t)
		r := faultRun(t, append(senv, env...), audit("--allow-set-global", "-q")...)
		faultRequireCode(t, r, exitcode.Error)
		faultRequireContains(t, "stderr", r.stderr, "SUPER")
		faultAssertClean(t, db, stateDir, original)
	})
}

// faultBinlogText returns the Info of every event of every binary log.
func faultBinlogText(t *testing.T, db *sql.DB) string {
	t.Helper()
	var logs []string
	for _, row := range faultQueryRows(t, db, "SHOW BINARY LOGS") {
		logs = append(logs, row[0])
	}
	if len(logs) == 0 {
		t.Fatal("SHOW BINARY LOGS lists no binary log: is log_bin on?")
	}
	var b strings.Builder
	for _, name := range logs {
		for _, row := range faultQueryRows(t, db, "SHOW BINLOG EVENTS IN '"+strings.ReplaceAll(name, "'", "''")+"'") {
			b.WriteString(strings.Join(row, "\t"))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// faultQueryRows returns every row of a query as strings (NULL as "").
func faultQueryRows(t *testing.T, db *sql.DB, query string) [][]string {
	t.Helper()
	return sandboxtest.Rows(t, db, query)
}

// 8. Binary log on: the scratch DDL stays out of it where the user may turn
// sql_log_bin off; otherwise the run refuses unless --allow-binlog.
func TestFaultBinaryLog(t *testing.T) {
	t.Parallel() // private sandbox
	sb := sandboxtest.Start(t, sandbox.Options{ServerOptions: []string{"log_bin=mysql-bin", "server_id=1"}})
	db := faultOpenDB(t, sb.DSN())
	if v := faultGlobal(t, db, "log_bin"); v != "1" {
		t.Fatalf("the sandbox should have log_bin=ON, has %s", v)
	}
	original := faultGlobalsOf(t, db)
	const marker = "upgrade_advisor_" // every scratch schema name has it

	t.Run("root skips the binlog", func(t *testing.T) {
		stateDir, env := faultNewStateDir(t)
		r := faultRun(t, env, "audit", "-S", sb.Socket(), "--allow-set-global", "--rounds", "1", "--tables", "5", "--fail-on", "none", "-q")
		faultRequireCode(t, r, exitcode.OK)
		if text := faultBinlogText(t, db); strings.Contains(text, marker) {
			t.Errorf("scratch DDL reached the binary log:\n%s", text)
		}
		faultAssertClean(t, db, stateDir, original)
	})

	const user = "ua_fault_binlog"
	faultUser(t, db, user, faultScratchGrant)
	env := []string{"MYSQL_PWD=pw"}
	t.Run("no BINLOG ADMIN refuses", func(t *testing.T) {
		stateDir, senv := faultNewStateDir(t)
		r := faultRun(t, append(senv, env...), "audit", "-S", sb.Socket(), "-u", user, "--rounds", "1", "--tables", "5", "--fail-on", "none", "-q")
		faultRequireCode(t, r, exitcode.Error)
		faultRequireContains(t, "stderr", r.stderr, "binary log", "--allow-binlog")
		if text := faultBinlogText(t, db); strings.Contains(text, marker) {
			t.Errorf("a refused run reached the binary log:\n%s", text)
		}
		faultAssertClean(t, db, stateDir, original)
	})
	t.Run("--allow-binlog logs the scratch DDL", func(t *testing.T) {
		stateDir, senv := faultNewStateDir(t)
		r := faultRun(t, append(senv, env...), "audit", "-S", sb.Socket(), "-u", user, "--allow-binlog", "--rounds", "1", "--tables", "5", "--fail-on", "none", "-q")
		faultRequireCode(t, r, exitcode.OK)
		// What the flag accepts: the scratch DDL is in the binary log.
		text := faultBinlogText(t, db)
		faultRequireContains(t, "the binary log", text, "CREATE DATABASE `"+marker, "CREATE TABLE t00000", "DROP DATABASE IF EXISTS `"+marker)
		faultAssertClean(t, db, stateDir, original)
	})
}

// 9. Hostile --scratch-schema values: refused, nothing dropped or created.
func TestFaultHostileScratchSchema(t *testing.T) {
	sb := sandboxtest.Shared(t)
	db := faultOpenDB(t, sb.DSN())
	original := faultGlobalsOf(t, db)
	for _, name := range []string{
		"upgrade_advisor_x`; DROP DATABASE mysql; --",
		"mysql",
		"upgrade_advisor_'",
		"../etc",
		"upgrade_advisor_",
		"upgrade_advisor_../../mysql",
		"UPGRADE_ADVISOR_X",
	} {
		t.Run(name, func(t *testing.T) {
			stateDir, env := faultNewStateDir(t)
			r := faultRun(t, env, "audit", "-S", sb.Socket(), "--scratch-schema", name, "--allow-set-global", "--rounds", "1", "--tables", "5", "-q")
			faultRequireCode(t, r, exitcode.Error)
			faultRequireContains(t, "stderr", r.stderr, "scratch schema")
			if !faultSchemaExists(t, db, "mysql") {
				t.Fatalf("the mysql schema is gone after --scratch-schema %q", name)
			}
			faultAssertClean(t, db, stateDir, original)
		})
	}
}

// A kill -9 of a run that changed no global leaves only a schema: the next
// run warns and measures; cleanup then drops the leftover.
func TestFaultKill9WithoutGlobalsOnlyWarns(t *testing.T) {
	t.Parallel() // private sandbox
	sb := sandboxtest.Start(t)
	db := faultOpenDB(t, sb.DSN())
	original := faultGlobalsOf(t, db)
	stateDir, env := faultNewStateDir(t)
	p := faultStart(t, env, "audit", "-S", sb.Socket(), "--workload", "ddl-heavy", "--budget", "60s", "--tables", "50", "-q")
	deadline := time.Now().Add(faultPollTimeout)
	for len(faultScratchSchemas(t, db)) == 0 {
		if p.exited() || time.Now().After(deadline) {
			t.Fatalf("no scratch schema appeared:\n%s", p.stderr.String())
		}
		time.Sleep(faultPollEvery)
	}
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	p.wait(t, 10*time.Second)
	left := faultOnlyState(t, stateDir).Schema
	r := faultRun(t, env, "audit", "-S", sb.Socket(), "--workload", "ddl-heavy", "--rounds", "1", "--tables", "5", "--fail-on", "none", "-q")
	faultRequireCode(t, r, exitcode.OK)
	faultRequireContains(t, "stderr of the next run", r.stderr, "earlier run did not finish", left, "upgrade-advisor cleanup")
	faultRequireCode(t, faultRun(t, env, "cleanup", "-S", sb.Socket()), exitcode.OK)
	faultAssertClean(t, db, stateDir, original)
}
