package sandbox

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// copyTree copies the regular files, directories and symlinks under src
// to dst (which must not exist), keeping permission bits, and returns the
// bytes copied. skip, when set, leaves out paths relative to src; zeros
// is copyFile's.
func copyTree(src, dst string, skip func(rel string) bool, zeros bool) (int64, error) {
	return walkCopy(src, dst, skip, func(from, to string, perm fs.FileMode) (int64, error) {
		return copyFile(from, to, perm, zeros)
	}, func(from, to string) error {
		link, err := os.Readlink(from)
		if err != nil {
			return err
		}
		return os.Symlink(link, to)
	})
}

// walkCopy is the walk of every tree copy: directories made (owner rwx
// kept), each regular file given to file, each symlink to symlink, paths
// skip names (relative to src) left out, sockets and fifos ignored. It
// returns the bytes file copied.
func walkCopy(src, dst string, skip func(rel string) bool,
	file func(from, to string, perm fs.FileMode) (int64, error), symlink func(from, to string) error) (int64, error) {
	var total int64
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if skip != nil && skip(rel) {
			return nil
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.Mkdir(target, info.Mode().Perm()|0o700)
		case d.Type()&fs.ModeSymlink != 0:
			return symlink(p, target)
		case d.Type().IsRegular():
			n, err := file(p, target, info.Mode().Perm())
			total += n
			return err
		}
		return nil // sockets, fifos: nothing a datadir needs
	})
	return total, err
}

// copyFile copies one file, leaving holes where the source has them: most
// of a fresh datadir is preallocated logs and tablespaces that hold nothing
// yet (MariaDB: 5-7 MB of data in 110-140 MB; MySQL 9.7: 50 in 186), and
// writing the zeros would cost a start most of its time on a busy disk.
// The servers write into the holes like into zeros. A file the server
// filled with zeros itself (MariaDB 10.8+ writes its whole 96 MB redo log
// at initialisation) is data to the filesystem and copied as such; with
// zeros (the quick form of a cache entry) its blocks of zeros become holes
// too, which copyTo allocates again for a measured sandbox.
func copyFile(src, dst string, perm fs.FileMode, zeros bool) (int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return 0, err
	}
	n, ok, err := copyExtents(out, in, zeros)
	if !ok && err == nil {
		n, err = copySparse(out, in)
	}
	return n, errors.Join(err, out.Close())
}

// allocateTree allocates every regular file under dir to its full size
// (allocateFile): the holes become allocated blocks that read as zeros.
func allocateTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		return allocateFile(p)
	})
}
