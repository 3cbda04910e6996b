package sandbox

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// datadirCache is the cache entry of one binary: dir/data is an
// initialised datadir, copied for every sandbox of that binary.
type datadirCache struct {
	dir   string // <cache>/datadirs/<key>
	stamp binaryStamp
}

func newDatadirCache(cacheDir string, bin *Binary, m InitMethod, initArgs []string) (*datadirCache, error) {
	st, err := stampOf(bin, m, initArgs)
	if err != nil {
		return nil, err
	}
	// The cache itself is searchable by all (the server files under it must
	// be reachable for the sandbox account), the datadirs only by the tool.
	top := filepath.Join(cacheDir, datadirsName)
	if err := mkdirReachable(cacheDir); err != nil {
		return nil, fmt.Errorf("creating the sandbox cache %s: %w; set %s to a writable directory", cacheDir, err, EnvCacheDir)
	}
	if err := os.MkdirAll(top, 0o700); err != nil {
		return nil, fmt.Errorf("creating the sandbox cache %s: %w; set %s to a writable directory", top, err, EnvCacheDir)
	}
	return &datadirCache{dir: filepath.Join(top, st.key(string(bin.Flavor.Vendor))), stamp: st}, nil
}

// lock takes the entry's lock: exclusive to build or remove it, shared to
// copy from it.
func (c *datadirCache) lock(ctx context.Context, exclusive bool) (func(), error) {
	unlock, err := lockFile(ctx, c.dir+".lock", exclusive)
	if err != nil {
		return nil, fmt.Errorf("locking the sandbox cache entry %s: %w", c.dir, err)
	}
	return unlock, nil
}

// valid reports whether the entry exists and was made from this build.
func (c *datadirCache) valid() bool {
	e, err := readEntry(c.dir)
	return err == nil && e.Stamp.same(c.stamp)
}

// save stores datadir (just initialised, its server stopped) as the entry,
// replacing an entry of an older build. The caller holds the exclusive lock.
func (c *datadirCache) save(datadir, version string, initTook time.Duration) error {
	tmp := c.dir + ".new"
	_ = os.RemoveAll(tmp)
	if err := os.Mkdir(tmp, 0o700); err != nil {
		return err
	}
	n, err := copyTree(datadir, filepath.Join(tmp, dataName), skipInCache, false)
	if err == nil {
		_, err = copyTree(filepath.Join(tmp, dataName), filepath.Join(tmp, quickDataName), nil, true)
	}
	for _, d := range []string{dataName, quickDataName} {
		if err == nil {
			err = resetOwner(filepath.Join(tmp, d))
		}
	}
	if err == nil {
		e := cacheEntry{Stamp: c.stamp, Version: version, Created: time.Now().UTC(), InitS: initTook.Seconds(), Bytes: n}
		var data []byte
		if data, err = json.MarshalIndent(e, "", "  "); err == nil {
			err = os.WriteFile(filepath.Join(tmp, entryName), append(data, '\n'), 0o600)
		}
	}
	if err == nil {
		if err = os.RemoveAll(c.dir); err == nil {
			err = os.Rename(tmp, c.dir)
		}
	}
	if err != nil {
		_ = os.RemoveAll(tmp)
		return fmt.Errorf("saving the initialised datadir in the sandbox cache %s: %w", c.dir, err)
	}
	return nil
}

// skipInCache are the files of a fresh datadir each server must make for
// itself: MySQL's auto.cnf holds the server's UUID (copies sharing one
// would look like one server to replication).
func skipInCache(rel string) bool { return rel == "auto.cnf" }

// resetOwner gives a tree to the tool's own user: the entry must not be
// writable by the account servers run as.
func resetOwner(root string) error {
	uid, gid := os.Geteuid(), os.Getegid()
	return filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}

// copyTo copies the entry's datadir to datadir and returns the directory
// copied. Both kinds of sandbox copy the entry's sparse form (quick/) where
// it exists: it holds the same bytes as data/, its blocks of zeros holes.
// A measured sandbox then has every file allocated to its full size
// (allocateTree), as the server left its own: its writes land in allocated
// blocks, not in holes the filesystem must first find room for; a quick
// one keeps the holes. Without quick/ (or where files cannot be
// allocated) data/ is copied as it is. The caller holds a lock.
func (c *datadirCache) copyTo(datadir string, quick bool) (string, error) {
	src := filepath.Join(c.dir, dataName)
	q := filepath.Join(c.dir, quickDataName)
	sparse := fileExists(q) && (quick || canAllocate)
	if sparse {
		src = q
	}
	_, err := copyTree(src, datadir, nil, false)
	if err == nil && sparse && !quick {
		err = allocateTree(datadir)
	}
	if err != nil {
		return src, fmt.Errorf("copying the cached datadir %s: %w; `upgrade-advisor sandbox cache "+flagname.Clear+"` rebuilds it", c.dir, err)
	}
	return src, nil
}
