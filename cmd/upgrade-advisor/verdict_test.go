package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// breaksOnMySQL97 are the statements of shopTraffic that fail on MySQL 9.7
// and run on MariaDB 10.11 (their statuses are checked against the
// servers' own clients in advisor/queries' statuses test).
var breaksOnMySQL97 = []string{
	"SELECT id, name AS rank FROM customers WHERE id < 5 ORDER BY id",
	"SELECT MD5('x')",
	"SELECT @@tx_isolation",
}

// TestRehearseOpensWithTheVerdict rehearses the shop (its install script
// with its rows, and the slow log MariaDB 10.11 wrote of its traffic) from
// MariaDB 10.11.19 to MySQL 9.7: the first line after the header is the
// verdict, blocked, with the count of statements that fail; the breaking
// statements follow before any calibration figure; the HTML page opens
// with the same verdict; --fail-on critical exits 1.
func TestRehearseOpensWithTheVerdict(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	slowLog, _ := loggedShop(t, today)
	target := serverRoot(t, "mysql-9.7")
	tmp := shortTemp(t)
	page := filepath.Join(t.TempDir(), "r.html")
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--server-version", "mariadb-10.11.19",
		"--schema-file", shopScript, "--with-data", "--queries", slowLog, "--target-basedir", target,
		"--tables", "10", "--rounds", "3", "--query-budget", "5s", "--html", page, "--fail-on", "critical", "-q")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (statements fail on the target): %s", code, stderr)
	}
	lines := strings.Split(stdout, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "upgrade-advisor ") {
		t.Fatalf("no header:\n%s", stdout)
	}
	verdict := lines[1]
	if !strings.HasPrefix(verdict, "[XX] blocked: ") || !strings.Contains(verdict, "statements fail on MySQL 9.7") {
		t.Errorf("line 2 %q: want the verdict, blocked, with the statements that fail on MySQL 9.7", verdict)
	}
	calibration := lineIndex(lines, "[--] Calibration:")
	if calibration < 0 {
		t.Fatalf("no calibration table:\n%s", stdout)
	}
	for _, q := range breaksOnMySQL97 {
		if i := lineIndex(lines, "       "+q); i < 0 || i > calibration {
			t.Errorf("%s: at line %d, want it among the blockers before the calibration (line %d)", q, i+1, calibration+1)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	h := string(html)
	first := strings.Index(h, "<section")
	if first < 0 || !strings.HasPrefix(h[first:], `<section class="verdict blocked">`) || first > strings.Index(h, "<svg") {
		t.Errorf("the page's first section is not the verdict before the chart:\n%.2000s", h)
	}
	if !strings.Contains(h, "statements fail on MySQL 9.7") || !strings.Contains(h, "SELECT MD5(&#39;x&#39;)") {
		t.Error("the page's verdict does not list the breaking statements")
	}
	noServersLeft(t, tmp)
}

// lineIndex is the index of the first line that starts with prefix, -1
// when none does.
func lineIndex(lines []string, prefix string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return i
		}
	}
	return -1
}

// TestNoTargetServerIsUnverified: a check that runs nothing on the target
// (a schema without --target-basedir, settings with --target alone) never
// says ready: its verdict is unverified and says how to make it real;
// with the target's binary (MySQL 9.7) the same settings are ready.
func TestNoTargetServerIsUnverified(t *testing.T) {
	dir := t.TempDir()
	schema, cnf := filepath.Join(dir, "shop.sql"), filepath.Join(dir, "my.cnf")
	if err := os.WriteFile(schema, []byte("CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(40)) DEFAULT CHARSET=utf8mb4;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cnf, []byte("[mysqld]\nmax_connections = 300\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{
		"schema":   {"check", "--no-defaults", "--schema-file", schema, "--target", "mariadb-11.4"}, // no server by that name: knowledge only
		"settings": {"check", "--no-defaults", "--config", cnf, "--server-version", "mysql-9.7.4", "--target", "mysql-9.7"},
	} {
		t.Run(name, func(t *testing.T) {
			stdout, stderr, code := run(t, nil, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, stderr, stdout)
			}
			lines := strings.SplitN(stdout, "\n", 3)
			if len(lines) < 2 || !strings.HasPrefix(lines[1], "[??] unverified: ") || !strings.Contains(lines[1], "--target-basedir") {
				t.Errorf("the verdict is not unverified with the way to run it:\n%s", stdout)
			}
			if strings.Contains(stdout, "[OK] ready") {
				t.Errorf("a run with no target server says ready:\n%s", stdout)
			}
		})
	}
	root := serverRoot(t, "mysql-9.7")
	stdout, stderr, code := run(t, nil, "check", "--no-defaults", "--config", cnf, "--server-version", "mysql-9.7.4", "--target-basedir", root)
	if code != 0 || !strings.Contains(stdout, "\n[OK] ready: ") {
		t.Errorf("with the target's binary: exit %d, want ready: %s\n%s", code, stderr, stdout)
	}
}
