package serverfetch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Version is a server the tool can fetch by name from Debian's archive.
type Version struct {
	Name  string // mariadb-11.8
	Suite string // the Debian suite that has it: trixie
	// Packages are resolved with their dependencies in Suite; Extra are
	// added as they are (libraries the resolution misses, clients).
	Packages, Extra []string
	// Server is the server binary, relative to the root.
	Server string
	// Needs are further files a complete root has (relative to the root).
	Needs []string
	// Exact is the full version asked for (11.8.9), "" for the series.
	Exact string
}

// hasExact says whether a Debian package version (1:11.8.9+ds-0+deb13u1)
// is the full version asked for; any version is when none was.
func (v Version) hasExact(debVersion string) bool {
	if v.Exact == "" {
		return true
	}
	_, upstream, _ := splitVersion(debVersion)
	rest, ok := strings.CutPrefix(upstream, v.Exact)
	return ok && (rest == "" || rest[0] < '0' || rest[0] > '9')
}

// versions are the servers scripts/servers.sh fetched before this package,
// by the same names and from the same suites.
var versions = []Version{
	{
		Name: "mariadb-10.5", Suite: "bullseye",
		Packages: []string{"mariadb-server-core-10.5", "mariadb-client-core-10.5", "mariadb-backup", "mariadb-common", "libmariadb3"},
		// bullseye's libsystemd0 needs its own libgcrypt20, libgpg-error0 and
		// libcap2 (Debian 12's need GLIBC_2.33); Debian 12 has no libssl1.1.
		Extra:  []string{"libgcrypt20", "libgpg-error0", "libcap2", "libssl1.1"},
		Server: "usr/sbin/mariadbd",
		// its physical backup, a source of rehearse --in-place --datadir
		Needs: []string{"usr/bin/mariadb-backup"},
	},
	{
		Name: "mariadb-10.11", Suite: "bookworm",
		Packages: []string{"mariadb-server-core", "mariadb-client-core", "mariadb-common", "libmariadb3"},
		Server:   "usr/sbin/mariadbd",
	},
	{
		Name: "mariadb-11.8", Suite: "trixie",
		Packages: []string{"mariadb-server-core", "mariadb-client-core", "mariadb-common", "libmariadb3"},
		// its dump client, which mariadb-client-core lacks: the replication
		// rehearsal seeds a replica of the target from it
		Extra:  []string{"mariadb-client"},
		Server: "usr/sbin/mariadbd",
		Needs:  []string{"usr/bin/mariadb-dump"},
	},
	{
		Name: "mysql-9.7", Suite: "sid",
		Packages: []string{"mysql-server-core", "mysql-client-core"},
		Server:   "usr/sbin/mysqld",
	},
}

// Known returns the versions the tool can fetch from Debian's archive.
func Known() []Version { return slices.Clone(versions) }

// KnownNames is the names of Known, for messages: "mariadb-10.5, ...".
func KnownNames() string {
	names := make([]string, len(versions))
	for i, v := range versions {
		names[i] = v.Name
	}
	return strings.Join(names, ", ")
}

// Lookup finds a version by name: a series (mariadb-11.8), or a full
// version of it (mariadb-11.8.9), which the fetch then requires the suite
// to have (Version.Exact).
func Lookup(name string) (Version, error) {
	for _, v := range versions {
		if v.Name == name {
			return v, nil
		}
		if rest, ok := strings.CutPrefix(name, v.Name+"."); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			v.Exact = strings.TrimPrefix(name, v.Name[:strings.IndexByte(v.Name, '-')+1])
			return v, nil
		}
	}
	return Version{}, fmt.Errorf("%w: %q: the versions the tool can fetch are %s, or a full version of one the archive has (mariadb-11.8.9); or fetch a tarball with "+flagname.Tarball+" and "+flagname.SHA256,
		ErrUnknownVersion, name, KnownNames())
}

// skipped are packages the dependency resolution brings in that no server
// needs to run: maintainer scripts' tools, configuration prompts, the
// system's base. Patterns as path.Match takes them.
var skipped = []string{
	"perl*", "libperl*", "debconf*", "cdebconf*", "dpkg", "tar", "coreutils", "passwd", "adduser",
	"init-system-helpers", "lsb-base", "sysvinit-utils", "mysql-common", "mariadb-client",
	"mariadb-server", "libdbi-perl", "libdbd-*", "galera-*", "procps", "psmisc", "rsync",
	"socat", "lsof", "gawk", "iproute2", "base-files", "debianutils", "libc-bin", "util-linux*",
	"login*", "libpam*", "libaudit*", "libselinux1", "libsemanage*", "libsepol*", "libcap-ng0",
	"mawk", "sed", "grep", "bash", "dash", "diffutils", "findutils", "ncurses-bin", "gzip",
	"libgdbm*", "netbase", "tzdata", "media-types", "libfile-*", "liblocale-*", "libtext-*",
	"libterm-*", "libhtml-*", "libtimedate-perl", "liburi-perl",
}
