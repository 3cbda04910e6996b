//go:build windows

package sandbox

import (
	"context"
	"os"
	"os/exec"
)

// SystemUser is the account sandbox servers run as when the tool runs as
// root (Unix only; sandboxes do not run on Windows).
const SystemUser = "upgrade-advisor"

// runAs is a stub: sandboxes refuse to start on Windows before any of
// these is reached.
type runAs struct {
	uid, gid int
	name     string
	dropped  bool
}

func serverAccount() (runAs, error) { return runAs{}, ErrUnsupportedPlatform }

func (runAs) apply(*exec.Cmd) {}

func (runAs) own(string) error { return nil }

func (runAs) ownTree(string) error { return nil }

func (runAs) shareDir(string) error { return nil }

func (runAs) shareFile(string) error { return nil }

func (runAs) canReach(string) (bool, string) { return true, "" }

func (runAs) allowed(os.FileInfo, uint32) bool { return true }

func lockFile(context.Context, string, bool) (func(), error) {
	return func() {}, ErrUnsupportedPlatform
}
