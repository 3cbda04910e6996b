package main

// The cross-server matrix of the command line: the real binary on every
// real test server (sandboxtest.EachServer: MariaDB 10.11, MySQL 9.7,
// MariaDB 11.8). The in-process paths (inspect, audit, bench, check,
// compare, what-if, privileges, TLS) are in advisor/matrix_test.go.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// basedirArgs is the --basedir of srv's sandboxes (none for the installed
// binaries).
func basedirArgs(srv sandboxtest.Server) []string {
	if srv.Basedir == "" {
		return nil
	}
	return []string{"--basedir", srv.Basedir}
}

// processRunsIn reports whether a live process's command line names dir.
func processRunsIn(dir string) string {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), dir) {
			return strings.ReplaceAll(string(b), "\x00", " ")
		}
	}
	return ""
}

var (
	startedLine = regexp.MustCompile(`(?m)^sandbox (\w+) (\S+) running \(pid (\d+)\)$`)
	fieldLine   = regexp.MustCompile(`(?m)^\s+(dir|port):\s+(\S+)`)
	connectLine = regexp.MustCompile(`(?m)^connect: .*$`)
)

// lastLine is the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestMatrixSandboxStartListStop: `sandbox start --networking` of each
// server (from its unpacked root for MySQL 9.7 and MariaDB 11.8), listed
// as running from another process, reached over TCP with the root password
// it keeps, then `sandbox stop`, which must return only once the server has
// exited and leave nothing behind.
func TestMatrixSandboxStartListStop(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		parent := sandboxtest.ShortTempDir(t)
		stdout, stderr, code := run(t, nil, append([]string{"sandbox", "start", "--dir", parent, "--networking"}, basedirArgs(srv)...)...)
		if code != 0 {
			t.Fatalf("start: exit %d: %s", code, stderr)
		}
		fields := map[string]string{}
		for _, m := range fieldLine.FindAllStringSubmatch(stdout, -1) {
			fields[m[1]] = m[2]
		}
		started := startedLine.FindStringSubmatch(stdout)
		dir := fields["dir"]
		if started == nil || dir == "" || fields["port"] == "" {
			t.Fatalf("start did not say what it started and how to connect:\n%s", stdout)
		}
		t.Cleanup(func() { // a failure below must not leave the server running
			if processRunsIn(dir) != "" {
				run(t, nil, "sandbox", "stop", dir)
			}
		})
		if started[1] != srv.Vendor() || !strings.HasPrefix(started[2], srv.Version()) {
			t.Errorf("started %s %s, want %s %s", started[1], started[2], srv.Vendor(), srv.Version())
		}
		// The connect line runs that root's own client: the server's version answers.
		connect, _, _ := strings.Cut(strings.TrimPrefix(connectLine.FindString(stdout), "connect: "), "    ")
		if out, err := exec.Command("sh", "-c", connect+" -N -e 'SELECT VERSION()' 2>&1").Output(); err != nil ||
			!strings.HasPrefix(strings.TrimSpace(lastLine(string(out))), srv.Version()) {
			t.Errorf("the connect line %q: %v\n%s", connect, err, out)
		}
		if out, _, code := run(t, nil, "sandbox", "list", "--dir", parent); code != 0 || !strings.Contains(out, dir) || !strings.Contains(out, "running (pid "+started[3]+")") {
			t.Errorf("sandbox list (exit %d) does not show %s running as pid %s:\n%s", code, dir, started[3], out)
		}
		pw, err := os.ReadFile(filepath.Join(dir, "root-password"))
		if err != nil || len(strings.TrimSpace(string(pw))) < 8 {
			t.Fatalf("the root password file: %v %q", err, pw)
		}
		if !strings.Contains(stdout, strings.TrimSpace(string(pw))) {
			t.Errorf("the password in %s is not the one start printed", dir)
		}
		if _, stderr, code := run(t, []string{"MYSQL_PWD=" + strings.TrimSpace(string(pw))}, "inspect", "--no-defaults",
			"-h", "127.0.0.1", "-P", fields["port"], "-u", "root", "-q"); code != 0 {
			t.Errorf("inspect over TCP with the sandbox's root password: exit %d: %s", code, stderr)
		}
		if _, stderr, code := run(t, nil, "inspect", "--no-defaults", "-h", "127.0.0.1", "-P", fields["port"], "-u", "root", "-q"); code == 0 {
			t.Errorf("root without a password was let in over TCP: %s", stderr)
		}
		if _, stderr, code := run(t, nil, "sandbox", "stop", dir); code != 0 {
			t.Fatalf("stop: exit %d: %s", code, stderr)
		}
		pid, _ := strconv.Atoi(started[3])
		if cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil && strings.Contains(string(cmdline), dir) {
			t.Errorf("stop returned while the server (pid %d) still runs", pid)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s still exists after stop", dir)
		}
		if out, _, _ := run(t, nil, "sandbox", "list", "--dir", parent); !strings.Contains(out, "no sandboxes") {
			t.Errorf("sandbox list after stop:\n%s", out)
		}
	})
}

// TestMatrixAuditOnASandboxOfEachServer: `audit --sandbox` (with --basedir
// the unpacked root for MySQL 9.7 and MariaDB 11.8) and no other server
// option, as the README shows it; the sandbox goes when the run ends.
func TestMatrixAuditOnASandboxOfEachServer(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		tmp := sandboxtest.ShortTempDir(t)
		args := append([]string{"audit", "--no-defaults", "--sandbox", "--workload", "ddl-heavy", "--tables", "10", "--rounds", "2",
			"--format", "json", "--fail-on", "none", "-q"}, basedirArgs(srv)...)
		stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp, "UPGRADE_ADVISOR_STATE_DIR=" + filepath.Join(tmp, "state")}, args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var doc struct {
			Server struct {
				Flavor, Version string
				Sandbox         bool
			}
			Benchmark struct {
				Rounds   int
				Variants []struct {
					Name     string
					Measured bool
					Reason   string
				}
			}
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, stdout)
		}
		if doc.Server.Flavor != srv.Vendor() || doc.Server.Version != srv.Version() || !doc.Server.Sandbox {
			t.Errorf("server in the report: %+v", doc.Server)
		}
		if doc.Benchmark.Rounds != 2 || len(doc.Benchmark.Variants) != 4 {
			t.Errorf("benchmark: %+v", doc.Benchmark)
		}
		for _, v := range doc.Benchmark.Variants {
			if !v.Measured { // a sandbox allows SET GLOBAL: everything is measured
				t.Errorf("%s not measured on a sandbox: %s", v.Name, v.Reason)
			}
		}
		if left, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*")); len(left) != 0 {
			t.Errorf("sandbox left behind: %v", left)
		}
		if p := processRunsIn(tmp); p != "" {
			t.Errorf("a server still runs: %s", p)
		}
	})
}

// TestMatrixCleanupAfterKill9 kills the binary with SIGKILL in the middle of
// a calibration on each server's shared sandbox: on MariaDB while it holds
// innodb_file_per_table=OFF globally (--allow-set-global), on MySQL (which
// measures through table clauses and changes no global) once scratch tables
// exist. The state file names what was left; `cleanup` must restore every
// global and drop the schema.
func TestMatrixCleanupAfterKill9(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		sb := srv.Shared(t)
		db := sandboxtest.Open(t, sb.DSN())
		before := sandboxtest.Capture(t, db)
		stateDir, env := faultNewStateDir(t)
		p := faultStart(t, env, faultLongAudit(sb.Socket())...)
		if srv.IsMySQL() {
			waitForScratchTables(t, p, sb.DSN())
		} else {
			faultWaitGlobal(t, faultOpenDB(t, sb.DSN()), p, "innodb_file_per_table", "0")
		}
		st := faultKill9(t, p, db, stateDir)
		r := faultRun(t, env, "cleanup", "-S", sb.Socket())
		faultRequireCode(t, r, exitcode.OK)
		faultRequireContains(t, "cleanup output", r.stdout, st.Schema)
		before.AssertUnchanged(t, db)
		if files := faultStateFiles(t, stateDir); len(files) > 0 {
			t.Errorf("state files left after cleanup: %q", files)
		}
	})
}

// waitForScratchTables waits until the run has created tables in its
// scratch schema.
func waitForScratchTables(t *testing.T, p *faultProc, dsn string) {
	t.Helper()
	db := faultOpenDB(t, dsn)
	deadline := time.Now().Add(faultPollTimeout)
	for {
		rows := sandboxtest.Rows(t, db, `SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA LIKE 'upgrade\_advisor\_%'`)
		if rows[0][0] != "0" {
			return
		}
		if p.exited() || time.Now().After(deadline) {
			t.Fatalf("no scratch table appeared:\n%s", p.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
