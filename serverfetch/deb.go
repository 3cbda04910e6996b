package serverfetch

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ulikunitz/xz"
)

// unpackDeb extracts a .deb's data archive (its files) into root, as
// dpkg-deb -x does; nothing of the package's scripts runs.
func unpackDeb(path, root string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	name, data, err := dataMember(bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	r, err := decompress(name, data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := extractTar(r, root, 0); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// dataMember walks an ar archive to its data.tar* member.
func dataMember(r *bufio.Reader) (string, io.Reader, error) {
	magic := make([]byte, 8)
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != "!<arch>\n" {
		return "", nil, fmt.Errorf("not a Debian package (no ar header)")
	}
	header := make([]byte, 60)
	for {
		if _, err := io.ReadFull(r, header); err != nil {
			return "", nil, fmt.Errorf("no data.tar member in the package")
		}
		name := strings.TrimSuffix(strings.TrimSpace(string(header[0:16])), "/")
		size, err := strconv.ParseInt(strings.TrimSpace(string(header[48:58])), 10, 64)
		if err != nil || size < 0 {
			return "", nil, fmt.Errorf("a damaged ar header (member %q)", name)
		}
		if strings.HasPrefix(name, "data.tar") {
			return name, io.LimitReader(r, size), nil
		}
		if _, err := r.Discard(int(size + size%2)); err != nil {
			return "", nil, fmt.Errorf("a truncated package (member %q)", name)
		}
	}
}

// decompress opens a data.tar member by its name's suffix.
func decompress(name string, r io.Reader) (io.Reader, error) {
	switch {
	case name == "data.tar":
		return r, nil
	case strings.HasSuffix(name, ".xz"):
		return xz.NewReader(bufio.NewReaderSize(r, 1<<16))
	case strings.HasSuffix(name, ".gz"):
		return gzip.NewReader(r)
	}
	return nil, fmt.Errorf("%s is compressed in a way the tool does not read (it reads .xz, .gz and plain tar): "+
		"unpack it with dpkg-deb -x into the root instead", name)
}
