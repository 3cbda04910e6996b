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
