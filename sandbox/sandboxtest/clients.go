package sandboxtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Client returns the command that runs one of the server's own client
// programs (mysqldump, mariadb-dump, ...): from the installed system for the
// installed server, through the root's own loader for an unpacked package
// root (its lib/ and usr/lib/ on the library path, whatever its layout).
// The test fails when the program is missing.
func (s Server) Client(t testing.TB, program string, args ...string) *exec.Cmd {
	t.Helper()
	if s.Basedir == "" {
		path, err := exec.LookPath(program)
		if err != nil {
			t.Fatalf("sandboxtest: %s is not installed: %v", program, err)
		}
		return exec.Command(path, args...)
	}
	bin := filepath.Join(s.Basedir, "usr", "bin", program)
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("sandboxtest: %s has no %s: %v", s.Basedir, program, err)
	}
	if launcher := s.Binary.Launcher(); len(launcher) > 0 {
		return exec.Command(launcher[0], append(append(launcher[1:], bin), args...)...)
	}
	return exec.Command(bin, args...)
}

// LoadScript runs an SQL script (DELIMITER blocks and all) on sb with the
// installed mariadb client, which talks to every server the tests run.
func LoadScript(t testing.TB, sb *sandbox.Sandbox, path string) {
	t.Helper()
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := Server{}.Client(t, "mariadb", "--no-defaults", "-S", sb.Socket(), "-uroot")
	cmd.Stdin = in
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("loading %s: %v\n%s", path, err, out)
	}
}

// Dump runs the server's own dump client (mysqldump, mariadb-dump) on sb
// with args and returns the path of the dump, in a temporary directory.
func (s Server) Dump(t testing.TB, sb *sandbox.Sandbox, dumper string, args ...string) string {
	t.Helper()
	cmd := s.Client(t, dumper, append([]string{"--no-defaults", "-S", sb.Socket(), "-uroot"}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s of %s: %v", dumper, s.Key, err)
	}
	path := filepath.Join(t.TempDir(), s.Key+"-"+dumper+".sql")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// ClientSays runs query with the server's own command-line client (mysql
// for MySQL, mariadb for MariaDB) on sb as root, in schema db ("" for
// none), with warnings shown, and returns what it printed, its errors
// included: the oracle a test holds the tool's verdicts against.
func (s Server) ClientSays(t testing.TB, sb *sandbox.Sandbox, db, query string) string {
	t.Helper()
	program := "mariadb"
	if s.Binary.Flavor.IsMySQLFamily() {
		program = "mysql"
	}
	args := []string{"--no-defaults", "-S", sb.Socket(), "-uroot", "--show-warnings", "-e", query}
	if db != "" {
		args = append(args, db)
	}
	out, _ := s.Client(t, program, args...).CombinedOutput()
	return string(out)
}
