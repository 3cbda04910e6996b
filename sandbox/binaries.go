package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// ErrNoServer is returned (wrapped) when no mysqld/mariadbd binary can be
// found. Test helpers use it to skip integration tests.
var ErrNoServer = errors.New("no mysqld/mariadbd binary found")

// Binary describes the server binary a sandbox runs.
type Binary struct {
	// Path is the server binary (mariadbd or mysqld).
	Path string
	// InstallDB is the datadir initialisation script (mariadb-install-db or
	// mysql_install_db), empty when none was found; MySQL 5.7.6+ does not need one.
	InstallDB string
	// Basedir is Options.Basedir, empty for installed binaries.
	Basedir string
	// Layout is how Basedir is organised (tarball or unpacked package root).
	Layout Layout
	// Loader and LibraryDir are set when an unpacked package root carries its
	// own dynamic loader (usr/lib/<triplet>/ld-linux*.so*, or
	// lib/<triplet>/ld-linux*.so* in a root that is not merged-/usr): every
	// binary of the root then runs as `Loader --library-path LibraryDir
	// binary args...`. LibraryDir is a search path (colon-separated): the
	// root's lib/<triplet> and usr/lib/<triplet> that exist, in that order.
	Loader, LibraryDir string
	// ShareDir holds the server's message files and charsets/ (e.g.
	// <root>/usr/share/mysql), given to the server as --lc-messages-dir and
	// --character-sets-dir because a package build has /usr/share/... compiled
	// in. Empty for installed binaries and tarballs (they find their own).
	ShareDir string
	// Flavor is the server's vendor and version; its Raw is the version as
	// the server spells it, e.g. "10.11.19-MariaDB-0+deb12u1" (the same as
	// SELECT @@version).
	Flavor flavor.Flavor
	// VersionOutput is the first line of `--version`, for messages.
	VersionOutput string
}

// Layout is the organisation of a --basedir.
type Layout int

// Basedir layouts.
const (
	// LayoutInstalled: no basedir, the system's binaries.
	LayoutInstalled Layout = iota
	// LayoutTarball: an extracted tarball, bin/mysqld or bin/mariadbd.
	LayoutTarball
	// LayoutPackageRoot: Debian/RPM packages unpacked into a directory,
	// usr/sbin/mysqld or usr/sbin/mariadbd, usr/share/mysql or usr/share/mariadb,
	// possibly with their own loader and libraries in usr/lib/<triplet>
	// (and lib/<triplet> when the root is not merged-/usr).
	LayoutPackageRoot
)

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
		return "", fmt.Errorf("%w in %s (looked for bin/mariadbd, bin/mysqld, usr/sbin/mariadbd, usr/sbin/mysqld): give --basedir an extracted MySQL/MariaDB tarball or an unpacked package root (scripts/servers.sh fetch makes one)", ErrNoServer, basedir)
	}
	return "", fmt.Errorf("%w on PATH or in %s: install mariadb-server (Debian: apt-get install -y mariadb-server) or give --basedir of an extracted tarball",
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

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
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

// command returns how to run one of the basedir's binaries: through the
// root's own loader when it has one, else directly.
func (b *Binary) command(path string, args ...string) (string, []string) {
	if b.Loader == "" {
		return path, args
	}
	return b.Loader, append([]string{"--library-path", b.LibraryDir, path}, args...)
}

// Launcher is the argument list that runs a binary of the root through its
// own loader (nil when binaries run directly).
func (b *Binary) Launcher() []string {
	if b.Loader == "" {
		return nil
	}
	return []string{b.Loader, "--library-path", b.LibraryDir}
}

// ServerDir is the --basedir to give the server: the tarball directory, or
// <root>/usr of a package root ("" for installed binaries).
func (b *Binary) ServerDir() string {
	if b.Layout == LayoutPackageRoot {
		return filepath.Join(b.Basedir, "usr")
	}
	return b.Basedir
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

var verRe = regexp.MustCompile(`\bVer\s+(\d+)\.(\d+)\.(\d+)(\S*)(.*)`)

// ParseVersionOutput reads the output of `mysqld --version` or
// `mariadbd --version`, e.g.
//
//	/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)
//	mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)
//
// and returns the flavor, whose Raw is the version string
// ("10.11.19-MariaDB-0+deb12u1"). Only the text after "Ver" is used to tell
// the vendor, so a path that happens to contain "mariadb" does not matter.
func ParseVersionOutput(out string) (flavor.Flavor, error) {
	m := verRe.FindStringSubmatch(out)
	if m == nil {
		return flavor.Flavor{}, fmt.Errorf("cannot read a version from --version output %q: expected \"Ver X.Y.Z\"", strings.TrimSpace(out))
	}
	raw := m[1] + "." + m[2] + "." + m[3] + m[4]
	v, err := flavor.ParseVersion(raw)
	if err != nil {
		return flavor.Flavor{}, fmt.Errorf("bad version number in %q: %w", m[0], err)
	}
	fl := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: v, Raw: raw}
	switch rest := strings.ToLower(m[4] + m[5]); {
	case strings.Contains(rest, "mariadb"):
		fl.Vendor = flavor.VendorMariaDB
	case strings.Contains(rest, "percona"):
		fl.Vendor = flavor.VendorPercona
	}
	return fl, nil
}

func versionLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if verRe.MatchString(l) {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(out)
}
