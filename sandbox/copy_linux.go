//go:build linux

package sandbox

import (
	"errors"
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// Whence values of lseek(2) on Linux that find a file's data and holes.
const (
	seekData = 3
	seekHole = 4
)

// copyExtents copies only the data extents of in (a cached datadir is
// itself sparse: most of it is holes) to out, the kernel moving the bytes
// (copy_file_range), and sets out's size to in's. With zeros, blocks of
// zeros inside the data extents become holes too (copyZeros: read and
// compared instead of moved by the kernel). ok is false when the
// filesystem cannot tell data from holes; nothing was written then.
func copyExtents(out, in *os.File, zeros bool) (n int64, ok bool, err error) {
	fi, err := in.Stat()
	if err != nil {
		return 0, false, err
	}
	size := fi.Size()
	var off int64
	for off < size {
		start, err := in.Seek(off, seekData)
		if errors.Is(err, syscall.ENXIO) {
			break // only a hole is left
		}
		if err != nil {
			if off == 0 && (errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.EOPNOTSUPP)) {
				return 0, false, nil
			}
			return n, true, err
		}
		end, err := in.Seek(start, seekHole)
		if err != nil {
			return n, true, err
		}
		var copied int64
		if zeros {
			copied, err = copyZeros(out, in, start, end)
		} else {
			copied, err = copyRange(out, in, start, end)
		}
		n += copied
		if err != nil {
			return n, true, err
		}
		off = end
	}
	return n, true, out.Truncate(size)
}

// copyRange copies in's bytes from start to end to the same place in out,
// the kernel moving them (copy_file_range).
func copyRange(out, in *os.File, start, end int64) (int64, error) {
	if _, err := in.Seek(start, io.SeekStart); err != nil {
		return 0, err
	}
	if _, err := out.Seek(start, io.SeekStart); err != nil {
		return 0, err
	}
	return io.CopyN(out, in, end-start)
}

// canAllocate says that allocateFile allocates files here.
const canAllocate = true

// allocateFile allocates the blocks of the file at p up to its size
// (fallocate(2), mode 0: its holes become allocated, unwritten blocks that
// read as zeros; its size and data do not change).
func allocateFile(p string) error {
	f, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err == nil && fi.Size() > 0 {
		err = syscall.Fallocate(int(f.Fd()), 0, 0, fi.Size())
		if errors.Is(err, syscall.EOPNOTSUPP) {
			err = nil // a filesystem without fallocate: the holes stay, the bytes are the same
		}
	}
	return errors.Join(err, f.Close())
}

// cloneFile makes out share in's blocks (FICLONE: btrfs, XFS with reflink,
// bcachefs); an error when the filesystem cannot, or in and out are on
// different filesystems.
func cloneFile(out, in *os.File) error {
	return unix.IoctlFileClone(int(out.Fd()), int(in.Fd()))
}

// allocatedBytes is the space a file's blocks take.
func allocatedBytes(info os.FileInfo) int64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Blocks * 512
	}
	return info.Size()
}

// freeBytes is the space available to an unprivileged user in dir's filesystem.
func freeBytes(dir string) (int64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}
