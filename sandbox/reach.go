package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// reachable returns bin, or, when the account servers run as cannot read
// bin's files (an unpacked root under root's private home), the same
// server in a copy under the cache that it can read: hard links where the
// cache is on the same filesystem (no space, no time), copies elsewhere.
// The copy is made once per basedir and build, under a lock, and rebuilt
// when the binary changes. Root's home keeps its mode.
func (a runAs) reachable(ctx context.Context, bin *Binary, cacheDir string) (*Binary, error) {
	if bin.Basedir == "" || !a.dropped {
		return bin, nil
	}
	ok, stop := a.canReach(bin.Path)
	if ok && bin.Loader != "" {
		ok, stop = a.canReach(bin.Loader)
	}
	if ok {
		return bin, nil
	}
	st, err := stampOf(bin, 0, nil)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	sum := sha256.Sum256([]byte(bin.Basedir))
	top := filepath.Join(cacheDir, serversName)
	dir := filepath.Join(top, filepath.Base(bin.Basedir)+"-"+hex.EncodeToString(sum[:6]))
	if err := mkdirReachable(cacheDir); err != nil {
		return nil, fmt.Errorf("sandbox: creating %s: %w; set %s to a directory every user can traverse", cacheDir, err, EnvCacheDir)
	}
	if err := mkdirReachable(top); err != nil {
		return nil, fmt.Errorf("sandbox: creating %s: %w; set %s to a directory every user can traverse", top, err, EnvCacheDir)
	}
	if ok, where := a.canReach(top); !ok {
		return nil, fmt.Errorf("sandbox: the sandbox cache %s is not reachable for the account %s (stopped at %s): set %s to a directory every user can traverse, e.g. /var/cache/upgrade-advisor/sandbox",
			top, a.name, where, EnvCacheDir)
	}
	unlock, err := lockFile(ctx, dir+".lock", true)
	if err != nil {
		return nil, fmt.Errorf("sandbox: locking %s: %w", dir, err)
	}
	defer unlock()
	if e, err := readEntry(dir); err != nil || !e.Stamp.same(st) {
		if err := mirrorTree(bin.Basedir, dir, st, bin.Flavor.Raw); err != nil {
			return nil, fmt.Errorf("sandbox: %s cannot read %s (stopped at %s), and copying the server's files where it can failed: %w; put the server in a directory every user can read",
				a.name, bin.Basedir, stop, err)
		}
	}
	return bin.rebased(dir), nil
}

// rebased is bin with every path under its basedir moved under dir (a
// copy of the basedir): the same server, found without running it again.
func (b *Binary) rebased(dir string) *Binary {
	move := func(p string) string {
		if rest, ok := strings.CutPrefix(p, b.Basedir); ok && p != "" {
			return dir + rest
		}
		return p
	}
	m := *b
	m.Basedir, m.Path, m.InstallDB, m.Loader, m.ShareDir = dir, move(b.Path), move(b.InstallDB), move(b.Loader), move(b.ShareDir)
	libs := filepath.SplitList(b.LibraryDir)
	for i, l := range libs {
		libs[i] = move(l)
	}
	m.LibraryDir = strings.Join(libs, string(filepath.ListSeparator))
	return &m
}

// mirrorTree makes dst a copy of src: directories re-created (readable
// and searchable by all), regular files hard-linked (copied when a link is
// impossible), symbolic links re-created, pointing into dst when they
// pointed into src. entry.json records the build it was made from.
func mirrorTree(src, dst string, st binaryStamp, version string) error {
	tmp := dst + ".new"
	_ = os.RemoveAll(tmp)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(tmp, rel)
		switch {
		case d.IsDir():
			if err := os.Mkdir(target, 0o755); err != nil {
				return err
			}
			return os.Chmod(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			if rest, ok := strings.CutPrefix(link, src+string(filepath.Separator)); ok {
				link = filepath.Join(dst, rest)
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			return linkOrCopy(p, target, d)
		}
		return nil
	})
	if err == nil {
		e := cacheEntry{Stamp: st, Version: version, Created: time.Now().UTC()}
		var data []byte
		if data, err = json.MarshalIndent(e, "", "  "); err == nil {
			err = os.WriteFile(filepath.Join(tmp, entryName), append(data, '\n'), 0o644)
		}
	}
	if err == nil {
		if err = os.RemoveAll(dst); err == nil {
			err = os.Rename(tmp, dst)
		}
	}
	if err != nil {
		_ = os.RemoveAll(tmp)
	}
	return err
}

// linkOrCopy hard-links src to dst, or copies it when the two are on
// different filesystems or the link is refused.
func linkOrCopy(src, dst string, d fs.DirEntry) error {
	err := os.Link(src, dst)
	if err == nil {
		return nil
	}
	var le *os.LinkError
	if !errors.As(err, &le) || !(errors.Is(le.Err, syscall.EXDEV) || errors.Is(le.Err, syscall.EPERM)) {
		return err
	}
	info, err := d.Info()
	if err != nil {
		return err
	}
	_, err = copyFile(src, dst, info.Mode().Perm(), false)
	return err
}
