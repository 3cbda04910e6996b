package serverfetch

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// extractTar writes a tar stream's files, directories and links under
// root, dropping the first strip components of each name. No entry is
// written outside root, through a link or by its name; owners are not
// kept, nor set-id bits.
func extractTar(r io.Reader, root string, strip int) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading the archive: %w", err)
		}
		rel, ok := stripped(h.Name, strip)
		if !ok {
			continue
		}
		dest, err := inside(root, rel)
		if err != nil {
			return err
		}
		if h.Typeflag == tar.TypeLink {
			if err := hardLink(root, h, strip, dest); err != nil {
				return err
			}
			continue
		}
		if err := writeEntry(tr, h, dest); err != nil {
			return spaceOr(err, dest)
		}
	}
}

// stripped cleans an entry's name and drops its first strip components;
// false for the root itself or an entry above the stripped depth.
func stripped(name string, strip int) (string, bool) {
	clean := filepath.Clean("/" + filepath.FromSlash(name))[1:]
	parts := strings.Split(clean, string(filepath.Separator))
	if clean == "" || len(parts) <= strip {
		return "", false
	}
	return filepath.Join(parts[strip:]...), true
}

// inside is root/rel, refused when a link among its parents leads out of root.
func inside(root, rel string) (string, error) {
	dest := filepath.Join(root, rel)
	parent, err := filepath.EvalSymlinks(filepath.Dir(dest))
	if errors.Is(err, os.ErrNotExist) {
		return dest, nil // made below, from directories the archive creates
	}
	if err != nil {
		return "", err
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	if parent != realRoot && !strings.HasPrefix(parent, realRoot+string(filepath.Separator)) {
		return "", fmt.Errorf("%w: the archive's entry %s would be written outside %s (through a link): refused", ErrVerify, rel, root)
	}
	return dest, nil
}

// hardLink links dest to the earlier entry the header names.
func hardLink(root string, h *tar.Header, strip int, dest string) error {
	rel, ok := stripped(h.Linkname, strip)
	if !ok {
		return fmt.Errorf("%w: the archive's hard link %s -> %s leaves the root: refused", ErrVerify, h.Name, h.Linkname)
	}
	target, err := inside(root, rel)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return spaceOr(err, dest)
	}
	os.Remove(dest)
	return spaceOr(os.Link(target, dest), dest)
}

func writeEntry(tr *tar.Reader, h *tar.Header, dest string) error {
	mode := os.FileMode(h.Mode) & os.ModePerm
	if h.Typeflag != tar.TypeDir {
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return err
		}
	}
	switch h.Typeflag {
	case tar.TypeDir:
		if err := os.MkdirAll(dest, 0o755); err != nil {
			return err
		}
		return os.Chmod(dest, mode|0o700)
	case tar.TypeReg:
		return writeFile(tr, dest, mode)
	case tar.TypeSymlink:
		os.Remove(dest)
		return os.Symlink(h.Linkname, dest)
	}
	return nil // devices, fifos: nothing a server needs
}

func writeFile(r io.Reader, dest string, mode os.FileMode) error {
	os.Remove(dest) // a link of an earlier package is replaced, not written through
	f, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode|0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
