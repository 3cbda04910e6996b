package sandbox

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// The sandbox directory: the names of what it holds (doc.go lists them),
// the limit its socket's path must stay within, and its removal.

// File and directory names inside a sandbox directory.
const (
	dirPrefix      = "upgrade-advisor-sandbox-"
	metadataName   = "sandbox.json"
	socketName     = "mysql.sock"
	pidName        = "mysqld.pid"
	errorLogName   = "error.log"
	installLog     = "install.log"
	dataName       = "data"
	tmpName        = "tmp"
	filesName      = "files"  // secure_file_priv
	launchName     = "launch" // launchers for mariadb-install-db (package roots with a loader)
	passwordName   = "root-password"
	passwordSQL    = "root-password.sql" // --init-file that sets it
	pluginName     = "plugin"            // plugin_dir: links to the bundled plugins, read-only
	generalLogName = "general.log"
	slowLogName    = "slow.log"
)

// removeSandboxDir removes a sandbox directory, its read-only plugin
// directory included (a user other than root cannot delete the links in
// it while it is read-only).
func removeSandboxDir(dir string) error {
	_ = os.Chmod(filepath.Join(dir, pluginName), 0o755)
	return os.RemoveAll(dir)
}

// maxSocketPath is the longest unix socket path (sun_path is 108 bytes
// with the terminating NUL).
const maxSocketPath = 107

// checkSocketPath refuses a socket path over maxSocketPath.
func checkSocketPath(p string) error {
	if len(p) > maxSocketPath {
		return fmt.Errorf("sandbox: socket path %s would be %d bytes, over the %d-byte limit of unix socket paths: give "+flagname.Dir+" a shorter directory such as /tmp",
			p, len(p), maxSocketPath)
	}
	return nil
}
