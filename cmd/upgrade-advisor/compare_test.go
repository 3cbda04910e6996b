package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestCompareFiveFiveLikeSourceWithDefaultTarget(t *testing.T) {
	sandboxtest.RequireServer(t)
	stdout, stderr, code := run(t, nil, "compare", "--no-defaults",
		"--source", "sandbox:?innodb_file_per_table=0&innodb_stats_persistent=0", "--target", "sandbox:",
		"--tables", "20", "--rounds", "3", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	type interval struct {
		Ratio  float64 `json:"ratio"`
		CILow  float64 `json:"ci_low"`
		CIHigh float64 `json:"ci_high"`
	}
	var doc struct {
		Rounds   int
		Variants []struct {
			Name             string
			Source, Target   *struct{ Measured bool }
			Regression       *interval
			VsSourceBaseline *interval `json:"vs_source_baseline"`
		}
		Summary []string
		Source  struct {
			Settings map[string]struct{ Value string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if doc.Rounds != 3 || len(doc.Variants) != 4 || len(doc.Summary) == 0 { // one line when there is nothing to recover
		t.Fatalf("unexpected report: %+v", doc)
	}
	if doc.Source.Settings["innodb_file_per_table"].Value != "OFF" {
		t.Errorf("the source sandbox did not get its options: %+v", doc.Source.Settings)
	}
	for _, v := range doc.Variants {
		if !v.Target.Measured || v.VsSourceBaseline == nil {
			t.Errorf("%s: not measured on the target", v.Name)
			continue
		}
		iv := v.VsSourceBaseline
		if !(iv.CILow <= iv.Ratio && iv.Ratio <= iv.CIHigh) {
			t.Errorf("%s: interval %+v does not contain its ratio", v.Name, iv)
		}
	}
	base := doc.Variants[0]
	if base.Regression == nil || base.Regression.CILow > base.Regression.Ratio {
		t.Errorf("baseline regression missing or inconsistent: %+v", base.Regression)
	}
	// Either the headline says there is nothing to recover, or a second line
	// names what recovers the source's speed (or the closest setting).
	summary := strings.Join(doc.Summary, "\n")
	if len(doc.Summary) == 0 || !strings.Contains(doc.Summary[0], "the source's time") || !(strings.Contains(summary, "Recovered") ||
		strings.Contains(summary, "closest") || strings.Contains(doc.Summary[0], "nothing to recover")) {
		t.Errorf("summary: %q", doc.Summary)
	}
}

func TestSandboxWithABadOptionFailsCleanly(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := sandboxtest.ShortTempDir(t) // reachable by the sandbox account
	_, stderr, code := run(t, nil, "sandbox", "start", "--dir", parent, "--option", "innodb_no_such_option=1")
	if code != exitcode.Error || !strings.Contains(stderr, "innodb_no_such_option") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	left, _ := filepath.Glob(filepath.Join(parent, "*"))
	if len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), parent) {
			t.Errorf("a server process is still running: %s", strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}

func TestSandboxStartAndStop(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := sandboxtest.ShortTempDir(t) // reachable by the sandbox account
	stdout, stderr, code := run(t, nil, "sandbox", "start", "--dir", parent)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var dir string
	for _, line := range strings.Split(stdout, "\n") {
		if d, ok := strings.CutPrefix(strings.TrimSpace(line), "dir:"); ok {
			dir = strings.TrimSpace(d)
		}
	}
	if dir == "" || !strings.Contains(stdout, "audit:   upgrade-advisor audit -S ") {
		t.Fatalf("start did not say how to connect:\n%s", stdout)
	}
	if out, _, code := run(t, nil, "sandbox", "list", "--dir", parent); code != 0 || !strings.Contains(out, dir) || !strings.Contains(out, "running") {
		t.Errorf("sandbox list (exit %d):\n%s", code, out)
	}
	if _, stderr, code := run(t, nil, "inspect", "--no-defaults", "-S", filepath.Join(dir, "mysql.sock"), "-q"); code != 0 {
		t.Errorf("inspect of the sandbox: exit %d: %s", code, stderr)
	}
	if _, stderr, code := run(t, nil, "sandbox", "stop", dir); code != 0 {
		t.Fatalf("stop: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s still exists", dir)
	}
}

// basedirFromPackage lays out the installed Debian binaries as an extracted
// tarball would hold them (bin/, scripts/, share/, lib/), so --basedir runs
// against real binaries.
func basedirFromPackage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	links := map[string]string{
		"bin/mariadbd": "/usr/sbin/mariadbd", "sbin/mariadbd": "/usr/sbin/mariadbd",
		"scripts/mariadb-install-db": "/usr/bin/mariadb-install-db", "bin/my_print_defaults": "/usr/bin/my_print_defaults",
		"bin/resolveip": "/usr/bin/resolveip", "share": "/usr/share", "lib": "/usr/lib",
	}
	for link, target := range links {
		if _, err := os.Stat(target); err != nil {
			t.Fatalf("%s missing: the Debian mariadb-server package lays out its files there (%v)", target, err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dir, link)), 0o755)
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSandboxFromABasedir(t *testing.T) {
	sandboxtest.RequireServer(t)
	basedir := basedirFromPackage(t)
	stdout, stderr, code := run(t, nil, "bench", "--no-defaults", "--sandbox", "--basedir", basedir, "--tables", "5", "--rounds", "1", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `"sandbox": true`) || !strings.Contains(stdout, `"flavor": "mariadb"`) {
		t.Errorf("report: %.300s", stdout)
	}
}

func TestInterruptedSandboxAuditRemovesTheSandbox(t *testing.T) {
	sandboxtest.RequireServer(t)
	tmp := sandboxtest.ShortTempDir(t) // short: the socket path must stay under 108 bytes
	cmd := exec.Command(binary, "audit", "--no-defaults", "--sandbox", "--budget", "60s", "-q")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "UPGRADE_ADVISOR_STATE_DIR="+filepath.Join(tmp, "state"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for { // wait until the calibration runs: a scratch schema directory appears in the sandbox datadir
		found, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*", "data", "upgrade_advisor_*"))
		if len(found) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the calibration did not start: %s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitcode.Error || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("exit %v: %s", err, stderr.String())
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*")); len(left) != 0 {
		t.Errorf("sandbox left behind: %v", left)
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), tmp) {
			t.Errorf("a server still runs: %s", strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}

func TestCompareCalibratesBothSidesOnTheDDLFile(t *testing.T) {
	sandboxtest.RequireServer(t)
	path := filepath.Join(t.TempDir(), "schema.sql")
	ddl := "SET NAMES utf8mb4;\nDROP TABLE IF EXISTS orders;\n" +
		"CREATE TABLE orders (id INT PRIMARY KEY, customer INT, KEY (customer)) ENGINE=InnoDB;\n" +
		"CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40)) ENGINE=InnoDB;\n"
	if err := os.WriteFile(path, []byte(ddl), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "compare", "--no-defaults", "--source", "sandbox:", "--target", "sandbox:",
		"--ddl-file", path, "--rounds", "2", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	type benchmark struct {
		Workload       string
		TablesPerRound int `json:"tables_per_round"`
	}
	var doc struct {
		Source, Target struct{ Benchmark benchmark }
		Notes          []string
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	for name, b := range map[string]benchmark{"source": doc.Source.Benchmark, "target": doc.Target.Benchmark} {
		if !strings.Contains(b.Workload, "schema.sql") || b.TablesPerRound != 2 {
			t.Errorf("%s measured %q with %d tables a round, want the 2 tables of schema.sql", name, b.Workload, b.TablesPerRound)
		}
	}
	if !strings.Contains(strings.Join(doc.Notes, "\n"), "ddl-file") {
		t.Errorf("the notes do not say what --ddl-file skipped: %v", doc.Notes)
	}
}

// TestCompareRefusesFlagsItCannotHonour: the sandbox flags of audit (a
// sandbox side names its own) and the server address flags (--source and
// --target name the servers).
func TestCompareRefusesFlagsItCannotHonour(t *testing.T) {
	for _, flag := range []string{"--basedir=/opt/x", "--sandbox-option=a=b", "--what-if-sandbox", "--server-variants",
		"-h=db1", "--port=3307", "-S=/tmp/x.sock", "--dsn=root@tcp(db1)/"} {
		t.Run(flag, func(t *testing.T) {
			_, stderr, code := run(t, nil, "compare", "--no-defaults", "--source", "sandbox:", "--target", "sandbox:", flag)
			if code != 2 || !strings.Contains(stderr, "flag provided but not defined") {
				t.Errorf("exit %d, stderr %q: want the flag refused (exit 2)", code, stderr)
			}
		})
	}
}
