package sandboxtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Client returns the command that runs one of the server's own client
// programs (mysqldump, mariadb-dump, ...): from the installed system for the
// installed server, through the root's own loader for an unpacked package
// root. The test fails when the program is missing.
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
	lib := filepath.Join(s.Basedir, "usr", "lib", "x86_64-linux-gnu")
	loader := filepath.Join(lib, "ld-linux-x86-64.so.2")
	return exec.Command(loader, append([]string{"--library-path", lib, bin}, args...)...)
}
