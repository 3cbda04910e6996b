package flavor

import (
	"slices"
	"strings"
)

// Option-file facts: which groups of a my.cnf a server of a flavor reads,
// which a client reads, and how option names compare. The option-file
// parser (advisor/mycnf) and the rules both use them.

// ServerOptionGroups lists the option groups the server daemon of a vendor and
// release series (8.0, 10.11) reads, as its "--help --verbose" output
// prints them:
//
//   - MySQL and Percona Server: [mysqld], [server], [mysqld-X.Y].
//   - MariaDB: [mysqld], [server], [mysqld-X.Y], [mariadb], [mariadb-X.Y],
//     [mariadbd], [mariadbd-X.Y] (those two from 10.4 on), [client-server],
//     and [galera], which servers built with Galera (wsrep) support read, as
//     the Debian and MariaDB packages are.
//
// With an unknown (zero) version the versioned groups are left out. An
// unknown vendor gets the groups of both MySQL and MariaDB, so that an offline
// check sees every option a server might read. The order is not the reading
// order: programs apply options in file order whatever their group, which is
// what mycnf's Options.ForSections returns.
func (f Flavor) ServerOptionGroups() []string {
	switch {
	case f.IsMySQLFamily():
		return mysqlServerGroups(f.Version)
	case f.IsMariaDB():
		return mariadbServerGroups(f.Version)
	default:
		return union(mysqlServerGroups(f.Version), mariadbServerGroups(f.Version))
	}
}

func mysqlServerGroups(v Version) []string {
	return withVersioned([]string{"mysqld", "server"}, v, "mysqld")
}

func mariadbServerGroups(v Version) []string {
	groups := withVersioned([]string{"mysqld", "server"}, v, "mysqld")
	groups = withVersioned(append(groups, "mariadb"), v, "mariadb")
	if readsMariadbdGroups(v) {
		groups = withVersioned(append(groups, "mariadbd"), v, "mariadbd")
	}
	return append(groups, "client-server", "galera")
}

// readsMariadbdGroups reports whether a MariaDB series reads [mariadbd],
// added in 10.4. An unknown version is taken as a current one.
func readsMariadbdGroups(v Version) bool {
	return v.IsZero() || v.AtLeast(10, 4, 0)
}

// withVersioned appends "prefix-X.Y" to groups when the version is known.
func withVersioned(groups []string, v Version, prefix string) []string {
	if v.IsZero() {
		return groups
	}
	return append(groups, prefix+"-"+v.Series())
}

// IsServerOptionGroup reports whether some MySQL or MariaDB server reads the
// option group: one of ServerOptionGroups for any vendor, with a versioned group
// ([mysqld-5.6], [mariadb-10.11]) checked against the series it names.
func IsServerOptionGroup(group string) bool {
	g := strings.ToLower(strings.TrimSpace(group))
	var named Version
	if i := strings.LastIndex(g, "-"); i >= 0 {
		if v, err := ParseVersion(g[i+1:]); err == nil {
			named = v
		}
	}
	return slices.Contains(Flavor{Version: named}.ServerOptionGroups(), g)
}

// ClientOptionGroups lists the option groups a client program reads: the
// program's own groups (pass them, e.g. "mysql", or "mysqldump" and
// "mariadb-dump"), then [client]; MariaDB clients also read [client-server]
// and [client-mariadb]. An unknown vendor gets the MariaDB list, a superset
// of MySQL's.
func ClientOptionGroups(vendor Vendor, programs ...string) []string {
	groups := make([]string, 0, len(programs)+3)
	for _, p := range programs {
		groups = append(groups, strings.ToLower(p))
	}
	groups = append(groups, "client")
	if (Flavor{Vendor: vendor}).IsMySQLFamily() {
		return groups
	}
	return append(groups, "client-server", "client-mariadb")
}

// ReadsOptionGroup reports whether a server of this flavor reads the option
// group: [mysqld] and [server] by every server, [mariadb], [mariadbd]
// (10.4+), [client-server] and [galera] by MariaDB, a versioned group
// ([mysqld-8.0], [mariadb-10.11]) only by that series. A group no server
// reads ([client], [mysqld_safe]) is not read.
func (f Flavor) ReadsOptionGroup(group string) bool {
	return slices.Contains(f.ServerOptionGroups(), strings.ToLower(strings.TrimSpace(group)))
}

// OptionName is an option's or variable's name as the servers compare
// them: lower case, without surrounding blanks, '-' as '_'.
func OptionName(name string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "-", "_")
}

// union returns a followed by the elements of b not in a.
func union(a, b []string) []string {
	seen := make(map[string]bool, len(a))
	out := append([]string{}, a...)
	for _, s := range a {
		seen[s] = true
	}
	for _, s := range b {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
