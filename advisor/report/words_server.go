package report

// The server in words, the same in every format: its flavor, version and build.

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// serverSummary is the server line of every format: "MySQL 9.7.4 (Debian
// build 9.7.4-2)", "MariaDB 11.8.9 (Debian build 11.8.9-MariaDB-0+deb13u1)",
// "MySQL 8.0.36". The version comment is not quoted: it is free text the
// packager chose (MariaDB 11.8's asks for GitHub stars); only the
// distributor is taken from it. The JSON report keeps both strings as the
// server gave them.
func serverSummary(s ServerInfo) string {
	if s.Version == "" {
		return "unknown (give " + flagname.Variables + " or " + flagname.ServerVersion + " to check drift from today's version)"
	}
	out := flavorName(s.Flavor) + " " + s.Version
	if b := buildOf(s); b != "" {
		out += " (" + b + ")"
	}
	return out + sandboxNote(s.Sandbox)
}

// distributors are the packagers a build is named after, as their names
// appear in @@version_comment or @@version.
var distributors = []struct{ name, in string }{
	{"Debian", "debian"}, {"Debian", "+deb"}, {"Ubuntu", "ubuntu"}, {"Red Hat", "red hat"}, {"Fedora", ".fc"},
	{"Red Hat", ".el"}, {"Percona", "percona"}, {"Homebrew", "homebrew"}, {"Oracle", "mysql community server"},
	{"Oracle", "mysql enterprise server"}, {"MariaDB plc", "mariadb.org binary distribution"},
}

// buildOf says whose build the server is and its full version string, e.g.
// "Debian build 9.7.4-2"; "" when the version string is the bare version
// and the distributor is unknown.
func buildOf(s ServerInfo) string {
	dist := ""
	for _, d := range distributors {
		if strings.Contains(strings.ToLower(s.VersionComment+" "+s.VersionString), d.in) {
			dist = d.name
			break
		}
	}
	// MariaDB 11.8 from Debian says "11.8.9-MariaDB-0+deb13u1 from Debian".
	build, _, _ := strings.Cut(strings.TrimSpace(s.VersionString), " ")
	if build == s.Version {
		build = ""
	}
	switch {
	case dist != "" && build != "":
		return dist + " build " + build
	case dist != "":
		return dist + " build"
	case build != "":
		return "build " + build
	}
	return ""
}

func sandboxNote(sandbox bool) string {
	if sandbox {
		return " — throwaway sandbox"
	}
	return ""
}
