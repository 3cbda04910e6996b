package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// A sandbox can start on a copy of a datadir it did not make (Options.
// FromDatadir): a cold copy, a filesystem snapshot or a prepared physical
// backup of a real server. The directory given is only read: the copy is
// the sandbox's own data/, reflinked file by file where the filesystem can
// share blocks, copied otherwise.

// DatadirCopy is what copying a datadir will take, measured before copying.
type DatadirCopy struct {
	// Source is the datadir copied (absolute).
	Source string `json:"source"`
	// Bytes are the blocks its regular files hold; Files how many there are.
	Bytes int64 `json:"bytes"`
	Files int   `json:"files"`
	// Reflink: the filesystem of the sandboxes shares the blocks (FICLONE),
	// so the copy takes no space until the server writes.
	Reflink bool `json:"reflink"`
	// Free is the space available where the sandbox's copy goes.
	Free int64 `json:"free_bytes"`
}

// copyMargin is the free space kept beyond a plain copy's size: the server
// writes its logs and temporary files next to it, and the upgrade grows the
// system tables.
const copyMargin = 256 << 20

// Enough says whether the copy fits where it goes.
func (c DatadirCopy) Enough() bool { return c.Reflink || c.Bytes+c.Bytes/10+copyMargin <= c.Free }

// Method says how the copy is made.
func (c DatadirCopy) Method() string {
	if c.Reflink {
		return "reflink (shared blocks: no space until the server writes)"
	}
	return "plain copy"
}

// PlanDatadirCopy measures src (read only) and the filesystem of parent
// (the sandboxes' parent; "" is os.TempDir()), and tries whether a file of
// src can be reflinked there.
func PlanDatadirCopy(src, parent string) (DatadirCopy, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	abs, err := filepath.Abs(src)
	if err != nil {
		return DatadirCopy{}, err
	}
	c := DatadirCopy{Source: abs}
	var sample string
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		c.Files++
		c.Bytes += allocatedBytes(info)
		if sample == "" && info.Size() > 0 {
			sample = p
		}
		return nil
	})
	if err != nil {
		return c, fmt.Errorf("reading the datadir %s: %w", abs, err)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return c, err
	}
	if c.Free, err = freeBytes(parent); err != nil {
		return c, fmt.Errorf("the free space in %s: %w", parent, err)
	}
	c.Reflink = sample != "" && canReflink(sample, parent)
	return c, nil
}

// canReflink tries a reflink of sample into a scratch file in dir.
func canReflink(sample, dir string) bool {
	in, err := os.Open(sample)
	if err != nil {
		return false
	}
	defer in.Close()
	out, err := os.CreateTemp(dir, ".reflink-probe-")
	if err != nil {
		return false
	}
	defer os.Remove(out.Name())
	defer out.Close()
	return cloneFile(out, in) == nil
}

// copyDatadir copies o.FromDatadir to the sandbox's data/ and gives it to
// the account the server runs as.
func (s *Sandbox) copyDatadir(from string) error {
	t0 := time.Now()
	datadir := filepath.Join(s.dir, dataName)
	n, reflinked, err := copyTreeClone(from, datadir)
	if err == nil {
		err = s.acct.ownTree(datadir)
	}
	if err != nil {
		return fmt.Errorf("sandbox: copying the datadir %s: %w", from, err)
	}
	s.copied = CopyDone{Bytes: n, Reflinked: reflinked, Took: time.Since(t0)}
	s.logf("datadir %s copied in %v (%d bytes, %d file(s) reflinked)", from, s.copied.Took.Round(time.Millisecond), n, reflinked)
	return nil
}

// Copied is how the copy of Options.FromDatadir went (zero otherwise).
func (s *Sandbox) Copied() CopyDone {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.copied
}

// copyTreeClone is copyTree with each regular file reflinked when the
// filesystem can, copied (holes kept) otherwise, and a symlink refused; it
// returns the bytes copied and the number of files reflinked.
func copyTreeClone(src, dst string) (int64, int, error) {
	reflinked := 0
	total, err := walkCopy(src, dst, nil, func(from, to string, perm fs.FileMode) (int64, error) {
		n, cloned, err := cloneOrCopy(from, to, perm|0o600)
		if cloned {
			reflinked++
		}
		return n, err
	}, func(from, _ string) error {
		return fmt.Errorf("%s is a symbolic link: give a datadir whose files are all inside it (a copy made with cp -a --dereference)", from)
	})
	return total, reflinked, err
}

// cloneOrCopy reflinks src to dst, or copies it when the filesystem cannot.
func cloneOrCopy(src, dst string, perm fs.FileMode) (int64, bool, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, false, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return 0, false, err
	}
	if cloneFile(out, in) == nil {
		info, err := in.Stat()
		if err != nil {
			return 0, true, errors.Join(err, out.Close())
		}
		return info.Size(), true, out.Close()
	}
	n, ok, err := copyExtents(out, in, false)
	if !ok && err == nil {
		n, err = copySparse(out, in)
	}
	return n, false, errors.Join(err, out.Close())
}
