package sqlfile

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// MaxFileSize bounds the files ReadSource reads: a dump, an install
// script, a --ddl-file, a file of statements.
const MaxFileSize = 64 << 20

// ReadSource reads a whole file, at most MaxFileSize bytes, without a BOM,
// into one string of its size (a file's size known beforehand: no growing
// buffer and copy, which for a large dump held three times its size).
func ReadSource(name string, r io.Reader) (string, error) {
	var b strings.Builder
	if st, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() <= MaxFileSize {
			b.Grow(int(fi.Size()) + 1)
		}
	}
	if _, err := io.Copy(&b, io.LimitReader(r, MaxFileSize+1)); err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	if b.Len() > MaxFileSize {
		return "", &RejectError{File: name, Reason: fmt.Sprintf("file larger than %d MiB", MaxFileSize>>20)}
	}
	return strings.TrimPrefix(b.String(), "\ufeff"), nil
}
