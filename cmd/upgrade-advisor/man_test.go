package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestManPageHasNoStrayFontEscapes renders the man page with man -l: the
// command definitions are plain text, so the page has no italics, and
// every name with underscores or angle brackets in them
// (upgrade_advisor_<hex>, upgrade_advisor_%, innodb_file_per_table) reads
// as written; the examples of the code blocks keep theirs.
func TestManPageHasNoStrayFontEscapes(t *testing.T) {
	requireTool(t, "man")
	roff, stderr, code := run(t, nil, "man")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(roff, `\fI`) {
		t.Errorf("the page has italics, read from an underscore pair:\n%s", lineWith(roff, `\fI`))
	}
	page := filepath.Join(t.TempDir(), "upgrade-advisor.1")
	if err := os.WriteFile(page, []byte(roff), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("man", "-l", "-P", "cat", page)
	cmd.Env = append(os.Environ(), "MANWIDTH=1000", "LC_ALL=C.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("man -l: %v\n%s", err, out)
	}
	rendered := string(out)
	for _, want := range []string{"scratch schema upgrade_advisor_<hex> that", "must start with upgrade_advisor_; default random",
		"also drop upgrade_advisor_% schemas", "SET GLOBAL innodb_file_per_table to measure it"} {
		if !strings.Contains(rendered, want) {
			t.Errorf("the rendered page lacks %q:\n%s", want, lineWith(rendered, strings.Fields(want)[0]))
		}
	}
	if m := regexp.MustCompile(`\\f[A-Z]|\\\(|\\_`).FindString(rendered); m != "" {
		t.Errorf("the rendered page prints the escape %q:\n%s", m, lineWith(rendered, m))
	}
}

// lineWith returns the first line of s that contains sub.
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
