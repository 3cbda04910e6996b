package serverfetch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Result says what a fetch made or found.
type Result struct {
	Root       string
	Cached     bool  // the cache had it: nothing was downloaded
	Downloaded int64 // bytes
	Files      int
	Record     Record
}

// Fetch returns the root of a version by name, from the cache, or
// fetched from Debian's archive and verified; see the package comment.
func Fetch(ctx context.Context, name string, o Options) (Result, error) {
	o = o.withDefaults()
	if root, err := Path(o.Dir, name); err == nil {
		return Result{Root: root, Cached: true, Record: readRecord(root, name)}, nil
	}
	v, err := Lookup(name)
	if err != nil {
		return Result{}, err
	}
	if root, err := Path(o.Dir, v.Name); err == nil {
		if rec := readRecord(root, v.Name); rec.Version != "" && v.hasExact(rec.Version) {
			return Result{Root: root, Cached: true, Record: rec}, nil
		}
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return Result{}, spaceOr(err, o.Dir)
	}
	work, err := os.MkdirTemp(o.Dir, ".fetch-"+v.Name+"-")
	if err != nil {
		return Result{}, spaceOr(err, o.Dir)
	}
	defer os.RemoveAll(work)
	f := o.fetcher()
	keys, err := o.archiveKeys(ctx, v.Suite, work, f)
	if err != nil {
		return Result{}, err
	}
	s := suite{name: v.Suite, arch: o.Arch, mirror: o.Mirror, keys: keys, f: f}
	ix, err := s.packages(ctx, work)
	if err != nil {
		return Result{}, err
	}
	if got := ix.pkgs[v.Packages[0]].version; !v.hasExact(got) {
		return Result{}, fmt.Errorf("%w: %s: Debian's %s has %s %s, not %s: fetch %s for that one, or the vendor's tarball of %s with "+flagname.Tarball+" and "+flagname.SHA256,
			ErrUnknownVersion, name, v.Suite, v.Packages[0], got, v.Exact, v.Name, v.Exact)
	}
	pkgs, err := resolve(ix, v)
	if err != nil {
		return Result{}, err
	}
	downloads := filepath.Join(o.Dir, downloadsDir, v.Name)
	tree := filepath.Join(work, "root")
	if err := s.unpack(ctx, pkgs, downloads, tree); err != nil {
		return Result{}, err
	}
	if err := runnable(tree, v, o.Arch); err != nil {
		return Result{}, err
	}
	rec := Record{Name: v.Name, Version: ix.pkgs[v.Packages[0]].version, Signer: s.signer,
		Source: fmt.Sprintf("debian %s %s (%s)", v.Suite, o.Arch, o.Mirror), Fetched: time.Now().UTC()}
	if err := finish(tree, rec); err != nil {
		return Result{}, err
	}
	root := filepath.Join(o.Dir, v.Name)
	if err := install(tree, root); err != nil {
		return Result{}, err
	}
	os.RemoveAll(downloads)
	os.Remove(filepath.Dir(downloads)) // when no other fetch uses it
	return Result{Root: root, Downloaded: f.bytes, Files: f.files, Record: rec}, nil
}

// runnable checks that the tree has the server, the files the version
// needs, and a dynamic loader to run them with.
func runnable(tree string, v Version, arch string) error {
	for _, f := range append([]string{v.Server}, v.Needs...) {
		if _, err := os.Stat(filepath.Join(tree, f)); err != nil {
			return fmt.Errorf("%w: the packages of %s unpacked without %s: the suite's packages may have changed; report it", ErrVerify, v.Name, f)
		}
	}
	triplet, loader := loaderOf(arch)
	for _, dir := range []string{"usr/lib", "lib"} {
		if _, err := os.Stat(filepath.Join(tree, dir, triplet, loader)); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%w: the packages of %s unpacked without a dynamic loader (%s/%s)", ErrVerify, v.Name, triplet, loader)
}

// loaderOf is the multiarch directory and the loader's name of a Debian
// architecture.
func loaderOf(arch string) (triplet, loader string) {
	if arch == "arm64" {
		return "aarch64-linux-gnu", "ld-linux-aarch64.so.1"
	}
	return "x86_64-linux-gnu", "ld-linux-x86-64.so.2"
}
