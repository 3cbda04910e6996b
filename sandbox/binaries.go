package sandbox

import (
	"os"
	"path/filepath"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

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

// fileExists reports whether p exists.
func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// isExecutable reports whether p is a regular file someone may execute.
func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}
