package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// ErrNoServer is returned (wrapped) when no mysqld/mariadbd binary can be
// found. Test helpers use it to skip integration tests.
var ErrNoServer = errors.New("no mysqld/mariadbd binary found")

// defaultSearchDirs are searched after PATH when Options.Basedir is empty:
// server binaries usually live in sbin directories, which are not on every PATH.
var defaultSearchDirs = []string{"/usr/sbin", "/usr/local/sbin", "/usr/local/mysql/bin", "/usr/libexec"}

var serverNames = []string{"mariadbd", "mysqld"}

// FindServer returns the path of the server binary without running it: in
// basedir (bin/, sbin/, libexec/), or when basedir is empty on PATH and in the
// usual sbin directories. The error wraps ErrNoServer.
func FindServer(basedir string) (string, error) {
	var dirs []string
	if basedir != "" {
		for _, sub := range []string{"bin", "sbin", "libexec", "usr/sbin", "usr/bin", "usr/libexec"} {
			dirs = append(dirs, filepath.Join(basedir, sub))
		}
	} else {
		dirs = searchDirs()
	}
	for _, d := range dirs {
		for _, name := range serverNames {
			if p := filepath.Join(d, name); isExecutable(p) {
				return p, nil
			}
		}
	}
	if basedir != "" {
		return "", fmt.Errorf("%w in %s (looked for bin/mariadbd, bin/mysqld, usr/sbin/mariadbd, usr/sbin/mysqld): give "+flagname.Basedir+" an extracted MySQL/MariaDB tarball or an unpacked package root (upgrade-advisor servers fetch VERSION makes one; rehearse and check take "+flagname.Target+" VERSION)", ErrNoServer, basedir)
	}
	return "", fmt.Errorf("%w on PATH or in %s: install mariadb-server (Debian: apt-get install -y mariadb-server) or give "+flagname.Basedir+" of an extracted tarball",
		ErrNoServer, strings.Join(defaultSearchDirs, ", "))
}

// findInstallDB looks for mariadb-install-db / mysql_install_db next to the
// server: in basedir/scripts and basedir/bin, or for installed binaries in the
// server's directory, on PATH and in the usual places. It returns "" when none exists.
func findInstallDB(basedir, server string) string {
	var dirs []string
	if basedir != "" {
		dirs = []string{filepath.Join(basedir, "scripts"), filepath.Join(basedir, "bin"), filepath.Join(basedir, "usr", "bin")}
	} else {
		dirs = append([]string{filepath.Dir(server)}, searchDirs()...)
		dirs = append(dirs, "/usr/bin", "/usr/local/mysql/scripts")
	}
	for _, d := range dirs {
		for _, name := range []string{"mariadb-install-db", "mysql_install_db"} {
			if p := filepath.Join(d, name); isExecutable(p) {
				return p
			}
		}
	}
	return ""
}

func searchDirs() []string {
	seen := map[string]bool{}
	var dirs []string
	for _, d := range append(filepath.SplitList(os.Getenv("PATH")), defaultSearchDirs...) {
		if d == "" || seen[d] {
			continue
		}
		seen[d] = true
		dirs = append(dirs, d)
	}
	return dirs
}

// Detect finds the server binary (see FindServer), runs it with --version
// and finds its initialisation script. The error wraps ErrNoServer when no
// binary exists.
func Detect(ctx context.Context, basedir string) (*Binary, error) {
	if err := platformSupported(); err != nil {
		return nil, err
	}
	if basedir != "" {
		abs, err := filepath.Abs(basedir)
		if err != nil {
			return nil, fmt.Errorf("sandbox: basedir %q: %w", basedir, err)
		}
		basedir = abs
		if basedir == "/" || basedir == "/usr" {
			basedir = "" // the installed server, found as without a basedir
		}
	}
	path, err := FindServer(basedir)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	b := &Binary{Path: path, Basedir: basedir}
	b.describeLayout()
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	out, err := versionOutput(ctx, b, path)
	if err != nil && parent.Err() != nil {
		return nil, fmt.Errorf("sandbox: not started: %w", parent.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("sandbox: running %s --version: %w (output: %s); check the binary works on this machine",
			path, err, strings.TrimSpace(string(out)))
	}
	fl, err := ParseVersionOutput(string(out))
	if err != nil {
		return nil, fmt.Errorf("sandbox: %s: %w", path, err)
	}
	b.InstallDB = findInstallDB(basedir, path)
	b.Flavor, b.VersionOutput = fl, versionLine(string(out))
	return b, nil
}

// describeLayout sets Layout, Loader, LibraryDir and ShareDir from where
// Path was found in Basedir.
func (b *Binary) describeLayout() {
	switch {
	case b.Basedir == "":
		b.Layout = LayoutInstalled
		return
	case filepath.Dir(b.Path) != filepath.Join(b.Basedir, "usr", "sbin") &&
		filepath.Dir(b.Path) != filepath.Join(b.Basedir, "usr", "bin") &&
		filepath.Dir(b.Path) != filepath.Join(b.Basedir, "usr", "libexec"):
		b.Layout = LayoutTarball
		return
	}
	b.Layout = LayoutPackageRoot
	for _, share := range []string{"mariadb", "mysql"} {
		d := filepath.Join(b.Basedir, "usr", "share", share)
		if _, err := os.Stat(filepath.Join(d, "english")); err == nil {
			b.ShareDir = d
			break
		}
	}
	b.Loader, b.LibraryDir = findLoader(b.Basedir)
}

// findLoader returns a package root's own dynamic loader and the library
// path its binaries need ("" when it has none). A merged-/usr root (Debian
// 12 and later) keeps the loader and every library in usr/lib/<triplet>;
// older roots (Debian 11) keep the loader and libc in lib/<triplet> and most
// other libraries in usr/lib/<triplet>: the library path then holds both.
func findLoader(root string) (loader, libraryPath string) {
	var dirs []string
	for _, parent := range []string{filepath.Join(root, "lib"), filepath.Join(root, "usr", "lib")} {
		found, _ := filepath.Glob(filepath.Join(parent, "*-linux-gnu*"))
		for _, d := range found {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				dirs = append(dirs, d)
			}
		}
	}
	for _, d := range dirs {
		if loader != "" {
			break
		}
		candidates, _ := filepath.Glob(filepath.Join(d, "ld-linux*.so*"))
		for _, l := range candidates {
			if fileExists(l) {
				loader = l
				break
			}
		}
	}
	if loader == "" {
		return "", ""
	}
	return loader, strings.Join(dirs, string(filepath.ListSeparator))
}
