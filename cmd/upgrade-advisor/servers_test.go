package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// TestServersByNameRefusals: what the servers' cache cannot give is
// refused with exit 2 before anything is downloaded, saying what to do.
func TestServersByNameRefusals(t *testing.T) {
	empty := serverfetch.EnvDir + "=" + t.TempDir()
	known := []string{"mariadb-10.5", "mariadb-10.11", "mariadb-11.8", "mysql-9.7"}
	for _, tc := range []struct {
		args []string
		want []string // what stderr must name
	}{
		{[]string{"servers", "fetch", "mariadb-99.1"}, append([]string{"mariadb-99.1"}, known...)},
		{[]string{"servers", "fetch"}, known},
		{[]string{"servers", "path", "mysql-9.7"}, []string{"servers fetch mysql-9.7"}},
		{[]string{"servers", "remove", "mysql-9.7"}, []string{"servers fetch mysql-9.7"}},
		{[]string{"servers", "fetch", "--tarball", "/nonexistent.tar.gz"}, []string{"--sha256"}},
		{[]string{"servers", "fetch", "--tarball", "/nonexistent.tar.gz", "--sha256", "abc"}, []string{"64 hex digits"}},
		{[]string{"rehearse", "--server-version", "mariadb-10.11.19"}, append([]string{"--target VERSION", "--target-basedir"}, known...)},
		{[]string{"rehearse", "--server-version", "mariadb-10.11.19", "--target", "mysql-9.7", "--target-basedir", "/"}, []string{"give one"}},
		{[]string{"rehearse", "--server-version", "mariadb-10.11.19", "--target", "mysql-99"}, known},
		{[]string{"compare", "--source", "sandbox:", "--target", "sandbox:mysql-99"}, known},
		{[]string{"sandbox", "start", "--server", "mysql-99"}, known},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, stderr, code := run(t, []string{empty}, tc.args...)
			if code != exitcode.Error {
				t.Errorf("exit %d, want 2: %s", code, stderr)
			}
			for _, want := range tc.want {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr does not name %q: %s", want, stderr)
				}
			}
		})
	}
}

// TestTargetByNameComesFromTheCache: check --target mariadb-11.8 runs the
// schema check on the servers' cache's MariaDB 11.8 (the cache the test
// server was fetched into), with a mirror that cannot be reached: nothing
// is downloaded for a version the cache has.
func TestTargetByNameComesFromTheCache(t *testing.T) {
	root := serverRoot(t, "mariadb-11.8")
	if filepath.Base(root) != "mariadb-11.8" {
		t.Fatalf("the test server's root %s is not in a servers' cache (upgrade-advisor servers fetch mariadb-11.8 makes one)", root)
	}
	cache := filepath.Dir(root)
	schema := filepath.Join(t.TempDir(), "shop.sql")
	if err := os.WriteFile(schema, []byte("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10));\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{serverfetch.EnvDir + "=" + cache, serverfetch.EnvMirror + "=http://127.0.0.1:9/debian", "NO_COLOR=1"}
	stdout, stderr, code := run(t, env, "check", "--schema-file", schema, "--target", "mariadb-11.8", "-q")
	if code != 0 || !strings.Contains(stdout, "checked on MariaDB 11.8.") {
		t.Errorf("exit %d: want the schema checked on the cache's MariaDB 11.8:\n%s\n%s", code, stdout, stderr)
	}
	path, _, code := run(t, env, "servers", "path", "mariadb-11.8")
	if code != 0 || strings.TrimSpace(path) != filepath.Join(cache, "mariadb-11.8") {
		t.Errorf("servers path: exit %d, %q", code, path)
	}
}
