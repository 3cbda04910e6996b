package serverfetch

import (
	"os"
	"path/filepath"
)

// EnvDir names the directory of the servers' cache; see DefaultDir.
const EnvDir = "UPGRADE_ADVISOR_SERVERS"

// EnvMirror names the Debian mirror to fetch from; see DefaultMirror.
const EnvMirror = "UPGRADE_ADVISOR_MIRROR"

// DebianKeyring is where Debian and its derivatives keep the archive's
// signing keys (package debian-archive-keyring).
const DebianKeyring = "/usr/share/keyrings/debian-archive-keyring.gpg"

// DefaultDir is the servers' cache: $UPGRADE_ADVISOR_SERVERS, or "servers"
// beside the sandbox cache in the user's cache directory
// ($XDG_CACHE_HOME/upgrade-advisor/servers, ~/.cache/upgrade-advisor/servers).
func DefaultDir() string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "upgrade-advisor", "servers")
	}
	return filepath.Join(os.TempDir(), "upgrade-advisor-servers")
}

// DefaultMirror is $UPGRADE_ADVISOR_MIRROR, or Debian's own redirector.
func DefaultMirror() string {
	if m := os.Getenv(EnvMirror); m != "" {
		return m
	}
	return "http://deb.debian.org/debian"
}
