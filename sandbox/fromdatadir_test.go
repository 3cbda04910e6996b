package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDatadirCopyEnough(t *testing.T) {
	for _, tc := range []struct {
		c    DatadirCopy
		want bool
	}{
		{DatadirCopy{Bytes: 1 << 30, Free: 2 << 30}, true},
		{DatadirCopy{Bytes: 1 << 30, Free: 1<<30 + 1<<20}, false}, // no room for a tenth and the logs
		{DatadirCopy{Bytes: 1 << 30, Free: 0, Reflink: true}, true},
	} {
		if got := tc.c.Enough(); got != tc.want {
			t.Errorf("%+v: Enough() = %v, want %v", tc.c, got, tc.want)
		}
	}
}

// TestCopyTreeCloneCopiesEveryByte copies a small datadir (a file with a
// hole among them) and finds the same bytes; the source is not changed;
// a symbolic link is refused, not followed.
func TestCopyTreeCloneCopiesEveryByte(t *testing.T) {
	src := t.TempDir()
	files := map[string][]byte{
		"ibdata1":          bytes.Repeat([]byte("data"), 5000),
		"mysql/user.MAD":   []byte("accounts"),
		"app/big.ibd":      append(make([]byte, 200<<10), []byte("tail")...), // a hole, then data
		"aria_log_control": {},
	}
	for p, b := range files {
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, p), b, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := PlanDatadirCopy(src, t.TempDir())
	if err != nil || plan.Files != len(files) || plan.Bytes <= 0 || plan.Free <= 0 {
		t.Fatalf("PlanDatadirCopy = %+v, %v; want %d files, some bytes and free space", plan, err, len(files))
	}
	dst := filepath.Join(t.TempDir(), "data")
	if _, _, err := copyTreeClone(src, dst); err != nil {
		t.Fatal(err)
	}
	for p, want := range files {
		got, err := os.ReadFile(filepath.Join(dst, p))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: copied %d bytes (%v), want %d the same", p, len(got), err, len(want))
		}
		if orig, _ := os.ReadFile(filepath.Join(src, p)); !bytes.Equal(orig, want) {
			t.Errorf("%s: the source changed", p)
		}
	}
	if err := os.Symlink("/etc", filepath.Join(src, "elsewhere")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := copyTreeClone(src, filepath.Join(t.TempDir(), "data")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a symbolic link in the datadir: %v, want it refused", err)
	}
}

func TestFromDatadirNeedsNetworking(t *testing.T) {
	if _, _, err := (Options{FromDatadir: "/backup/copy"}).normalize(); err == nil || !strings.Contains(err.Error(), "Networking") {
		t.Errorf("FromDatadir without Networking: %v, want refused", err)
	}
}
