package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// onTerminal runs the binary with args under a pseudo-terminal (script(1))
// and returns what the terminal showed, stdout and stderr together.
func onTerminal(t *testing.T, args ...string) string {
	t.Helper()
	requireTool(t, "script")
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	cmd := exec.Command("script", "-qec", binary+" "+strings.Join(quoted, " "), "/dev/null")
	cmd.Env = append(os.Environ(), "TERM=dumb")
	out, _ := cmd.CombinedOutput() // the exit code is the check's: blocked or not
	return string(out)
}

// TestQueryProgressOnATerminalOnly: check --queries shows on a terminal
// what it does with the statements and how far it is (the classes
// compared, then the timing against its budget); not with -q, and not
// in a pipe.
func TestQueryProgressOnATerminalOnly(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	statements := filepath.Join(t.TempDir(), "statements.sql")
	if err := os.WriteFile(statements, []byte("SELECT COUNT(*) FROM customers;\nSELECT name FROM customers WHERE id = 42;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", "--no-defaults", "--schema-file", "../../advisor/queries/testdata/shop.sql", "--with-data", "--queries", statements, "-D", "shop",
		"--source-basedir", "/", "--target-basedir", serverRoot(t, "mariadb-11.8"), "--query-budget", "2s"}
	shown := onTerminal(t, args...)
	for _, want := range []string{"statements: comparing class 1 of 2 on both servers", "statements: timing [", "classes settled"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the terminal did not show %q:\n%s", want, shown)
		}
	}
	if quiet := onTerminal(t, append(args, "-q")...); strings.Contains(quiet, "statements: ") {
		t.Errorf("-q still shows progress:\n%s", quiet)
	}
	if _, stderr, _ := run(t, nil, args...); strings.Contains(stderr, "statements: ") {
		t.Errorf("progress in a pipe:\n%s", stderr)
	}
}
