package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// copyTree copies the regular files, directories and symlinks under src
// to dst (which must not exist), keeping permission bits, and returns the
// bytes copied. skip, when set, leaves out paths relative to src; zeros
// is copyFile's.
func copyTree(src, dst string, skip func(rel string) bool, zeros bool) (int64, error) {
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
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			n, err := copyFile(p, target, info.Mode().Perm(), zeros)
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

// sparseBlock is the unit of copySparse: a block of zeros is not written.
const sparseBlock = 64 << 10

var zeroBlock = make([]byte, sparseBlock)

// copyZeros copies in's bytes from start to end to the same place in out
// block by block, leaving out blocks of zeros (holes in out).
func copyZeros(out, in *os.File, start, end int64) (int64, error) {
	buf := make([]byte, sparseBlock)
	var n int64
	for off := start; off < end; off += sparseBlock {
		m := int(min(sparseBlock, end-off))
		if _, err := in.ReadAt(buf[:m], off); err != nil {
			return n, err
		}
		if bytes.Equal(buf[:m], zeroBlock[:m]) {
			continue
		}
		if _, err := out.WriteAt(buf[:m], off); err != nil {
			return n, err
		}
		n += int64(m)
	}
	return n, nil
}

// copySparse copies in to out block by block, seeking over blocks of
// zeros, and sets out's size to in's.
func copySparse(out, in *os.File) (int64, error) {
	buf := make([]byte, sparseBlock)
	var off int64
	for {
		n, err := io.ReadFull(in, buf)
		if n > 0 {
			if !bytes.Equal(buf[:n], zeroBlock[:n]) {
				if _, werr := out.WriteAt(buf[:n], off); werr != nil {
					return off, werr
				}
			}
			off += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return off, out.Truncate(off)
		}
		if err != nil {
			return off, err
		}
	}
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
