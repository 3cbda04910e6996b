package main

import (
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
