package sandboxtest

import (
	"os"
	"testing"
)

// WritableByAll is a directory outside every sandbox that a sandbox's
// server account could write into (mode 0777, under the temp dir), removed
// after the test: where a safety test points a DATA DIRECTORY to see that
// nothing appears.
func WritableByAll(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "upgrade-advisor-outside-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}
