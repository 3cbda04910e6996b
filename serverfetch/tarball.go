package serverfetch

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ulikunitz/xz"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Tarball is an official server tarball the user names.
type Tarball struct {
	Source string // a path, or an http(s) URL
	SHA256 string // what its content must hash to (hex)
	Name   string // the root's name in the cache (default: the file's name less .tar.xz/.tar.gz/.tgz)
}

// FetchTarball checks a tarball's SHA256 and unpacks it, less its top
// directory, into the cache. A tarball that does not match is not
// unpacked, and when the tool downloaded it, it is removed.
func FetchTarball(ctx context.Context, t Tarball, o Options) (Result, error) {
	o = o.withDefaults()
	if _, err := hex.DecodeString(t.SHA256); err != nil || len(t.SHA256) != 64 {
		return Result{}, fmt.Errorf("%w: "+flagname.SHA256+" %q is not a SHA256 (64 hex digits): copy it from the vendor's download page", ErrUnknownVersion, t.SHA256)
	}
	if t.Name == "" {
		t.Name = tarballName(t.Source)
	}
	if root, err := Path(o.Dir, t.Name); err == nil {
		return Result{Root: root, Cached: true, Record: readRecord(root, t.Name)}, nil
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return Result{}, spaceOr(err, o.Dir)
	}
	work, err := os.MkdirTemp(o.Dir, ".fetch-"+t.Name+"-")
	if err != nil {
		return Result{}, spaceOr(err, o.Dir)
	}
	defer os.RemoveAll(work)
	f := o.fetcher()
	path, err := t.local(ctx, f, filepath.Join(o.Dir, downloadsDir))
	if err != nil {
		return Result{}, err
	}
	tree := filepath.Join(work, "root")
	if err := unpackTarball(path, tree); err != nil {
		return Result{}, err
	}
	rec := Record{Name: t.Name, Version: tarballName(t.Source), Source: t.Source, SHA256: strings.ToLower(t.SHA256), Fetched: time.Now().UTC()}
	if err := finish(tree, rec); err != nil {
		return Result{}, err
	}
	root := filepath.Join(o.Dir, t.Name)
	if err := install(tree, root); err != nil {
		return Result{}, err
	}
	if isURL(t.Source) {
		os.Remove(path)
	}
	return Result{Root: root, Downloaded: f.bytes, Files: f.files, Record: rec}, nil
}

// local is the tarball as a checked local file: downloaded into dir (and
// removed there on a mismatch), or the user's own file, hashed.
func (t Tarball) local(ctx context.Context, f *fetcher, dir string) (string, error) {
	if isURL(t.Source) {
		dest := filepath.Join(dir, filepath.Base(t.Source))
		return dest, f.get(ctx, t.Source, dest, t.SHA256, -1)
	}
	sum, err := fileSHA256(t.Source)
	if err != nil {
		return "", fmt.Errorf("%w: reading the tarball: %w", ErrUnknownVersion, err)
	}
	if err := matches(t.Source, sum, t.SHA256, 0, -1); err != nil {
		return "", fmt.Errorf("%w (nothing was unpacked)", err)
	}
	return t.Source, nil
}

// unpackTarball extracts a .tar.xz, .tar.gz or .tar less its top directory.
func unpackTarball(path, tree string) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	var r io.Reader = bufio.NewReaderSize(file, 1<<16)
	switch {
	case strings.HasSuffix(path, ".xz"):
		r, err = xz.NewReader(r)
	case strings.HasSuffix(path, ".gz"), strings.HasSuffix(path, ".tgz"):
		r, err = gzip.NewReader(r)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.MkdirAll(tree, 0o755); err != nil {
		return spaceOr(err, tree)
	}
	if err := extractTar(r, tree, 1); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https")
}

// tarballName is a tarball's file name less its archive suffix.
func tarballName(source string) string {
	name := filepath.Base(source)
	if isURL(source) {
		if u, err := url.Parse(source); err == nil {
			name = filepath.Base(u.Path)
		}
	}
	for _, suffix := range []string{".tar.xz", ".tar.gz", ".tgz", ".tar"} {
		if n, ok := strings.CutSuffix(name, suffix); ok {
			return n
		}
	}
	return name
}
