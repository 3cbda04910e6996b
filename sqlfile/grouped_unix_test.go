//go:build unix

package sqlfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadGroupedPipe: a file that cannot be read twice is read whole.
func TestReadGroupedPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip(err)
	}
	go func() {
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString(tenantsDump(3))
			f.Close()
		}
	}()
	d, fg, err := ReadGrouped(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(fg.Groups) != 2 || len(fg.Groups[0].Schemas) != 2 || d.Count(KindTable) != 6 {
		t.Errorf("groups %v, %d tables", fg.Groups, d.Count(KindTable))
	}
}
