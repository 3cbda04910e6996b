//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// With zeros, blocks of zeros the source holds as data become holes in the
// copy (a quick sandbox's copy of MariaDB's redo log); without, the copy
// keeps them allocated, as the server made them.
func TestCopyFileZerosBecomeHoles(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "log")
	data := make([]byte, 64*sparseBlock)
	copy(data[sparseBlock:], "header")
	if err := os.WriteFile(src, data, 0o600); err != nil {
		t.Fatal(err)
	}
	blocks := map[bool]int64{}
	for _, zeros := range []bool{false, true} {
		dst := fmt.Sprintf("%s.copy-%v", src, zeros)
		if _, err := copyFile(src, dst, 0o600, zeros); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(dst)
		if err != nil {
			t.Fatal(err)
		}
		blocks[zeros] = fi.Sys().(*syscall.Stat_t).Blocks * 512
	}
	if blocks[false] < int64(len(data)) {
		t.Skipf("this filesystem made the plain copy sparse too (%d of %d bytes allocated)", blocks[false], len(data))
	}
	if blocks[true] > 4*sparseBlock {
		t.Errorf("copy with zeros: %d bytes allocated, want at most %d (one block of data)", blocks[true], 4*sparseBlock)
	}
}

// TestAllocateFileKeepsTheBytes: a sparse copy allocated again (as a
// measured sandbox's datadir is) has every block allocated and the same
// bytes as the file it was copied from.
func TestAllocateFileKeepsTheBytes(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "log")
	data := make([]byte, 64*sparseBlock)
	copy(data[sparseBlock:], "header")
	copy(data[40*sparseBlock:], "middle")
	if err := os.WriteFile(src, data, 0o600); err != nil {
		t.Fatal(err)
	}
	dst := src + ".sparse"
	if _, err := copyFile(src, dst, 0o600, true); err != nil {
		t.Fatal(err)
	}
	if err := allocateFile(dst); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(dst)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Sys().(*syscall.Stat_t).Blocks * 512; got < int64(len(data)) {
		t.Errorf("after allocateFile: %d bytes allocated, want at least %d", got, len(data))
	}
	got, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Error("after allocateFile the bytes differ from the source's")
	}
}
