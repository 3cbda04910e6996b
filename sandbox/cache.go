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
	"sort"
	"strings"
	"time"
)

// cacheFormat changes when what an entry holds changes: old entries
// are then rebuilt.
const cacheFormat = 2 // 2: quick/

// binaryStamp identifies one build of a server binary: a cache entry made
// from another build (the binary was upgraded or replaced) is rebuilt.
type binaryStamp struct {
	Binary        string    `json:"binary"`
	Size          int64     `json:"size"`
	ModTime       time.Time `json:"mtime"`
	VersionOutput string    `json:"version_output"`
	InitMethod    string    `json:"init_method"`
	InitArgs      []string  `json:"init_args,omitempty"`
	Format        int       `json:"format"`
}

// stampOf stamps bin as initialised by m with initArgs.
func stampOf(bin *Binary, m InitMethod, initArgs []string) (binaryStamp, error) {
	fi, err := os.Stat(bin.Path)
	if err != nil {
		return binaryStamp{}, err
	}
	return binaryStamp{Binary: bin.Path, Size: fi.Size(), ModTime: fi.ModTime().UTC(), VersionOutput: bin.VersionOutput,
		InitMethod: m.String(), InitArgs: initArgs, Format: cacheFormat}, nil
}

// key names the entry of a binary and its initialisation options; the
// size, time and version are checked against the entry's stamp instead,
// so that a changed binary replaces its entry rather than adding one.
func (st binaryStamp) key(flavorName string) string {
	sum := sha256.Sum256([]byte(st.Binary + "\x00" + st.InitMethod + "\x00" + strings.Join(st.InitArgs, "\x00")))
	return flavorName + "-" + hex.EncodeToString(sum[:8])
}

// same reports whether two stamps describe the same build.
func (st binaryStamp) same(o binaryStamp) bool {
	return st.Binary == o.Binary && st.Size == o.Size && st.ModTime.Equal(o.ModTime) &&
		st.VersionOutput == o.VersionOutput && st.InitMethod == o.InitMethod &&
		strings.Join(st.InitArgs, "\x00") == strings.Join(o.InitArgs, "\x00") && st.Format == o.Format
}

// cacheEntry is the stored form of entry.json.
type cacheEntry struct {
	Stamp   binaryStamp `json:"stamp"`
	Version string      `json:"version"`
	Created time.Time   `json:"created"`
	InitS   float64     `json:"init_seconds"`
	Bytes   int64       `json:"bytes"`
}

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

func readEntry(dir string) (cacheEntry, error) {
	var e cacheEntry
	data, err := os.ReadFile(filepath.Join(dir, entryName))
	if err != nil {
		return e, err
	}
	err = json.Unmarshal(data, &e)
	return e, err
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
		return src, fmt.Errorf("copying the cached datadir %s: %w; `upgrade-advisor sandbox cache --clear` rebuilds it", c.dir, err)
	}
	return src, nil
}

// CacheItem is one entry of the sandbox cache, for `sandbox cache`.
type CacheItem struct {
	// Dir is the entry's directory.
	Dir string
	// What it holds: "datadir" (an initialised datadir) or "server files"
	// (a server's files made reachable for the sandbox account).
	What string
	// Binary and Version name the server it was made from.
	Binary, Version string
	Bytes           int64
	Created         time.Time
}

// ListCache returns the entries of the sandbox cache in cacheDir ("" for
// DefaultCacheDir), oldest first.
func ListCache(cacheDir string) ([]CacheItem, error) {
	if cacheDir == "" {
		cacheDir = DefaultCacheDir()
	}
	var items []CacheItem
	for _, kind := range []string{datadirsName, serversName} {
		entries, err := os.ReadDir(filepath.Join(cacheDir, kind))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("sandbox: reading the cache %s: %w", cacheDir, err)
		}
		for _, e := range entries {
			if !e.IsDir() || strings.HasSuffix(e.Name(), ".new") {
				continue
			}
			items = append(items, describeItem(filepath.Join(cacheDir, kind, e.Name()), kind))
		}
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Created.Before(items[j].Created) })
	return items, nil
}

func describeItem(dir, kind string) CacheItem {
	it := CacheItem{Dir: dir, What: "datadir", Bytes: treeSize(dir)}
	if kind == serversName {
		it.What = "server files"
	}
	if e, err := readEntry(dir); err == nil {
		it.Binary, it.Version, it.Created = e.Stamp.Binary, e.Version, e.Created
	} else if fi, err := os.Stat(dir); err == nil {
		it.Created = fi.ModTime()
	}
	return it
}

// treeSize is the bytes of the regular files under dir (hard links to the
// same file are counted each time).
func treeSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// ClearCache removes every entry of the sandbox cache in cacheDir (""
// for DefaultCacheDir), each under its lock, so a sandbox being started
// from an entry finishes its copy first, and the remembered --version
// outputs. Running sandboxes are not touched: each has its own datadir.
// It returns the entries removed.
func ClearCache(cacheDir string) ([]CacheItem, error) {
	if cacheDir == "" {
		cacheDir = DefaultCacheDir()
	}
	items, err := ListCache(cacheDir)
	if err != nil {
		return nil, err
	}
	if err := os.RemoveAll(filepath.Join(cacheDir, versionsName)); err != nil {
		return nil, fmt.Errorf("sandbox: removing %s: %w", filepath.Join(cacheDir, versionsName), err)
	}
	var removed []CacheItem
	for _, it := range items {
		unlock, err := lockFile(context.Background(), it.Dir+".lock", true)
		if err != nil {
			return removed, fmt.Errorf("sandbox: locking %s: %w", it.Dir, err)
		}
		// The lock file stays: another process may be waiting on it.
		err = os.RemoveAll(it.Dir)
		unlock()
		if err != nil {
			return removed, fmt.Errorf("sandbox: removing %s: %w; remove it by hand", it.Dir, err)
		}
		removed = append(removed, it)
	}
	return removed, nil
}
