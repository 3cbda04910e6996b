// Package sandboxtest gives tests a real MySQL/MariaDB server: a throwaway
// sandbox started from the installed binaries (package sandbox), or an
// existing server named by the environment, and the four real servers the
// tests run on (Servers, EachServer: MariaDB 10.11, MariaDB 10.5, MySQL 9.7,
// MariaDB 11.8).
//
// Without a server binary the tests skip with a message saying how to get
// one; under CI=true they fail instead, so a CI job never passes by skipping.
//
// # A server per test
//
//	func TestCrash(t *testing.T) {
//		sb := sandboxtest.Start(t) // stopped and removed by t.Cleanup
//		db, err := sql.Open("mysql", sb.DSN())
//		...
//		sb.Kill()                  // fault tests: a crash, then
//		sb.Restart(ctx)            // the same server back on the same datadir
//	}
//
// Start always starts a sandbox (fault tests need a server of their own).
// DSN(t) returns UPGRADE_ADVISOR_TEST_DSN when it is set, else the DSN of a
// new sandbox.
//
// # Every test server
//
// EachServer runs a subtest per real server, named by its flavor and version:
//
//	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
//		sb := srv.Start(t, sandbox.Options{Networking: true})
//		db := srv.SharedDSN(t) // or a server shared by the test binary
//	})
//
// MySQL 9.7 and MariaDB 11.8 are unpacked by `scripts/servers.sh fetch`
// (scripts/test.sh runs it and exports their roots, see RootEnv). A missing
// server's subtest skips with the command that fetches it, and fails under
// CI=true.
//
// # One server for a package's tests
//
// Starting a server costs about a second here (several on slow machines or
// with MySQL 8), so tests that only need a server share one per test binary:
//
//	func TestMain(m *testing.M) { sandboxtest.Main(m) } // runs tests, then StopShared
//
//	func TestSomething(t *testing.T) {
//		db, err := sql.Open("mysql", sandboxtest.SharedDSN(t))
//		...
//	}
//
// SharedDSN returns UPGRADE_ADVISOR_TEST_DSN when set (no sandbox is started),
// else the DSN of the shared sandbox, started by the first caller. Tests
// sharing it must leave the server as they found it (own scratch schemas,
// globals restored). Call StopShared from TestMain (Main does) or the server
// outlives the test binary.
package sandboxtest

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// EnvDSN names an existing server to test against instead of a sandbox, as a
// go-sql-driver DSN, e.g. "root:pw@tcp(127.0.0.1:3306)/".
const EnvDSN = "UPGRADE_ADVISOR_TEST_DSN"

// stopTimeout bounds the Stop run by t.Cleanup and StopShared.
const stopTimeout = 60 * time.Second

// Start starts a sandbox for this test (opts: at most one sandbox.Options) and
// registers its Stop with t.Cleanup. It skips the test when no server binary
// is installed (fails under CI=true), and fails it if the server cannot start.
func Start(t testing.TB, opts ...sandbox.Options) *sandbox.Sandbox {
	t.Helper()
	if len(opts) > 1 {
		t.Fatalf("sandboxtest.Start: at most one sandbox.Options, got %d", len(opts))
	}
	var o sandbox.Options
	if len(opts) == 1 {
		o = opts[0]
	}
	if o.Log == nil {
		o.Log = LogWriter(t)
	}
	sb, err := sandbox.Start(t.Context(), o)
	if err != nil {
		skipOrFail(t, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), stopTimeout)
		defer cancel()
		if err := sb.Stop(ctx); err != nil {
			t.Errorf("sandboxtest: stopping the sandbox: %v", err)
		}
	})
	return sb
}

// DSN returns UPGRADE_ADVISOR_TEST_DSN when it is set, else the DSN of a
// sandbox started for this test (see Start).
func DSN(t testing.TB) string {
	t.Helper()
	if d := os.Getenv(EnvDSN); d != "" {
		return d
	}
	return Start(t).DSN()
}

// RequireServer skips the test (fails it under CI=true) when no server
// binary is installed. It does not start anything.
func RequireServer(t testing.TB) {
	t.Helper()
	if _, err := sandbox.FindServer(""); err != nil {
		skipOrFail(t, err)
	}
}

var shared struct {
	mu  sync.Mutex
	sb  *sandbox.Sandbox
	err error
}

// Shared returns the sandbox shared by the tests of this test binary,
// starting it on first use. Use SharedDSN unless the test needs the sandbox
// itself; never Kill or Stop it from a test. Call StopShared from TestMain.
func Shared(t testing.TB) *sandbox.Sandbox {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.sb == nil && shared.err == nil {
		// Not t.Context(): the shared server outlives this test.
		ctx, cancel := context.WithTimeout(context.Background(), 2*sandbox.DefaultStartTimeout)
		shared.sb, shared.err = sandbox.Start(ctx, sandbox.Options{})
		cancel()
	}
	if shared.err != nil {
		// Every test that wants the server reports the same start error.
		skipOrFail(t, shared.err)
	}
	return shared.sb
}

// SharedDSN returns UPGRADE_ADVISOR_TEST_DSN when it is set, else the DSN of
// the shared sandbox (see Shared).
func SharedDSN(t testing.TB) string {
	t.Helper()
	if d := os.Getenv(EnvDSN); d != "" {
		return d
	}
	return Shared(t).DSN()
}

// StopShared stops and removes the shared sandboxes (Shared and each
// Server's Shared), if any were started. Call
// it from TestMain after m.Run (Main does).
func StopShared() error {
	perServer := stopSharedByServer()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	sb := shared.sb
	shared.sb, shared.err = nil, nil
	if sb == nil {
		return perServer
	}
	ctx, cancel := context.WithTimeout(context.Background(), stopTimeout)
	defer cancel()
	return errors.Join(perServer, sb.Stop(ctx))
}

// Main is a TestMain body: it runs the tests, stops the shared sandbox, and
// exits with the tests' code (1 if stopping failed).
//
//	func TestMain(m *testing.M) { sandboxtest.Main(m) }
func Main(m *testing.M) { os.Exit(stopSharedAfter(m.Run())) }

// stopSharedAfter stops the shared sandbox after the tests ended with
// code, and returns the code to exit with (1 if stopping failed).
func stopSharedAfter(code int) int {
	if err := StopShared(); err != nil {
		os.Stderr.WriteString("sandboxtest: stopping the shared sandbox: " + err.Error() + "\n")
		if code == 0 {
			code = 1
		}
	}
	return code
}

// MainWithStateDir is Main with the tool's state files (and ledger) in a
// temporary directory of their own (UPGRADE_ADVISOR_STATE_DIR), removed
// afterwards: the tests never see or touch the user's.
//
//	func TestMain(m *testing.M) { sandboxtest.MainWithStateDir(m) }
func MainWithStateDir(m *testing.M) {
	dir, err := os.MkdirTemp("", "upgrade-advisor-state")
	if err != nil {
		panic(err)
	}
	os.Setenv("UPGRADE_ADVISOR_STATE_DIR", dir)
	code := stopSharedAfter(m.Run())
	os.RemoveAll(dir)
	os.Exit(code)
}

// InCI reports whether CI=true, where missing servers fail tests instead of
// skipping them.
func InCI() bool { return strings.EqualFold(os.Getenv("CI"), "true") }

func skipOrFail(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, sandbox.ErrNoServer) {
		if InCI() {
			t.Fatalf("no mysqld/mariadbd found and CI=true: install mariadb-server (apt-get install -y mariadb-server; scripts/test.sh does it) or set %s: %v", EnvDSN, err)
		}
		t.Skip("no mysqld/mariadbd found; install mariadb-server (scripts/test.sh does it) to run integration tests")
	}
	t.Fatalf("sandboxtest: %v", err)
}

// LogWriter returns an io.Writer for sandbox.Options.Log that sends the
// sandbox's progress lines to the test log. Do not use it after the test ends.
func LogWriter(t testing.TB) io.Writer { return testWriter{t} }

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
