package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The cache as `sandbox cache [--clear]` shows and clears it: every
// entry, datadirs and server files alike.

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
