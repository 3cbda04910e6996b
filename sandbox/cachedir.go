package sandbox

import (
	"os"
	"path/filepath"
)

// The sandbox cache's directory: where it is, the names inside it, and
// its directories that every user can search (mkdirReachable).

// EnvCacheDir names the directory of the sandbox cache (initialised
// datadirs, server files made reachable); see DefaultCacheDir.
const EnvCacheDir = "UPGRADE_ADVISOR_SANDBOX_CACHE"

// DefaultCacheDir is where initialised datadirs are kept: $UPGRADE_ADVISOR_SANDBOX_CACHE,
// or /var/cache/upgrade-advisor/sandbox for root (the sandbox account must
// reach server files kept there; root's home is private), or the user's
// cache directory (~/.cache/upgrade-advisor/sandbox).
func DefaultCacheDir() string {
	if d := os.Getenv(EnvCacheDir); d != "" {
		return d
	}
	if os.Geteuid() == 0 {
		return "/var/cache/upgrade-advisor/sandbox"
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "upgrade-advisor", "sandbox")
	}
	return filepath.Join(os.TempDir(), "upgrade-advisor-sandbox-cache")
}

// Directory and file names inside the cache.
const (
	datadirsName = "datadirs" // <key>/data, <key>/quick, <key>/entry.json, <key>.lock
	// quickDataName is the entry's datadir once more with every block of
	// zeros a hole, for quick sandboxes: MariaDB 10.8+ writes its whole redo
	// log (96 MB) at initialisation, which data/ keeps allocated, as a
	// measured server has it.
	quickDataName = "quick"
	serversName   = "servers" // copies of server files the sandbox account can read
	entryName     = "entry.json"
	versionsName  = "versions" // the binaries' --version output
)

// mkdirReachable creates dir and its missing parents with mode 0755.
func mkdirReachable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.Chmod(dir, 0o755)
}
