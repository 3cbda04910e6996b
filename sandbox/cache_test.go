package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// copyFile keeps a file's bytes and size whatever its data and holes.
func TestCopyFileKeepsContent(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]func(f *os.File) error{
		"empty": func(*os.File) error { return nil },
		"data":  func(f *os.File) error { _, err := f.Write(bytes.Repeat([]byte("x"), 100_000)); return err },
		"hole then data then hole": func(f *os.File) error {
			if _, err := f.WriteAt([]byte("middle"), 5<<20); err != nil {
				return err
			}
			return f.Truncate(9 << 20)
		},
		"zeros written": func(f *os.File) error { _, err := f.Write(make([]byte, 300_000)); return err },
		"odd tail":      func(f *os.File) error { _, err := f.WriteAt([]byte{1}, sparseBlock*3+7); return err },
	}
	for name, fill := range cases {
		src := filepath.Join(dir, name)
		f, err := os.Create(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := fill(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		for _, zeros := range []bool{false, true} {
			dst := fmt.Sprintf("%s.copy-%v", src, zeros)
			if _, err := copyFile(src, dst, 0o600, zeros); err != nil {
				t.Fatalf("%s (zeros %v): %v", name, zeros, err)
			}
			want, _ := os.ReadFile(src)
			got, _ := os.ReadFile(dst)
			if !bytes.Equal(got, want) {
				t.Errorf("%s (zeros %v): copy differs (%d bytes, want %d)", name, zeros, len(got), len(want))
			}
		}
	}
}

// A stamp from another build of the binary is not the same build.
func TestStampSame(t *testing.T) {
	now := time.Now()
	a := binaryStamp{Binary: "/usr/sbin/mariadbd", Size: 10, ModTime: now, VersionOutput: "v", InitMethod: "m", Format: cacheFormat}
	if !a.same(a) {
		t.Fatal("a stamp differs from itself")
	}
	for name, b := range map[string]binaryStamp{
		"size":         {Binary: a.Binary, Size: 11, ModTime: now, VersionOutput: "v", InitMethod: "m", Format: cacheFormat},
		"time":         {Binary: a.Binary, Size: 10, ModTime: now.Add(time.Second), VersionOutput: "v", InitMethod: "m", Format: cacheFormat},
		"version":      {Binary: a.Binary, Size: 10, ModTime: now, VersionOutput: "w", InitMethod: "m", Format: cacheFormat},
		"init options": {Binary: a.Binary, Size: 10, ModTime: now, VersionOutput: "v", InitMethod: "m", InitArgs: []string{"--innodb_page_size=8k"}, Format: cacheFormat},
		"format":       {Binary: a.Binary, Size: 10, ModTime: now, VersionOutput: "v", InitMethod: "m"},
	} {
		if a.same(b) {
			t.Errorf("a stamp with another %s counts as the same build", name)
		}
	}
}
