//go:build unix

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

// SystemUser is the account sandbox servers run as when the tool runs as
// root. It is created on first use (a system account with a group of its
// own, no home and no login shell) and owns nothing but the sandboxes'
// data; `userdel upgrade-advisor` removes it (docs/safety.md).
const SystemUser = "upgrade-advisor"

// runAs is the operating-system account a sandbox's server (and its
// datadir's initialisation) runs as.
type runAs struct {
	uid, gid int
	name     string
	// dropped is set when the tool runs as root and the server runs as
	// SystemUser: its processes get these credentials, its files this owner.
	dropped bool
}

// serverAccount is the account sandbox servers run as: the invoking user,
// or SystemUser (created when missing) when that user is root.
func serverAccount() (runAs, error) {
	if os.Geteuid() != 0 {
		name := strconv.Itoa(os.Geteuid())
		if u, err := user.LookupId(name); err == nil {
			name = u.Username
		}
		return runAs{uid: os.Geteuid(), gid: os.Getegid(), name: name}, nil
	}
	u, err := user.Lookup(SystemUser)
	if err != nil {
		if u, err = createSystemUser(); err != nil {
			return runAs{}, err
		}
	}
	uid, err1 := strconv.Atoi(u.Uid)
	gid, err2 := strconv.Atoi(u.Gid)
	if err := errors.Join(err1, err2); err != nil || uid == 0 {
		return runAs{}, fmt.Errorf("sandbox: account %s has uid %s, gid %s: it must be an unprivileged account; remove it (userdel %s) and the tool creates it again", SystemUser, u.Uid, u.Gid, SystemUser)
	}
	return runAs{uid: uid, gid: gid, name: SystemUser, dropped: true}, nil
}

// createSystemUser adds SystemUser with useradd. Two processes may race
// to create it: whichever loses finds it made.
func createSystemUser() (*user.User, error) {
	if runtime.GOOS != "linux" {
		return nil, fmt.Errorf("sandbox: running as root, sandbox servers run as the account %s, which does not exist: create an unprivileged account of that name, or run the tool as an ordinary user", SystemUser)
	}
	out, err := exec.Command("useradd", "--system", "--user-group", "--no-create-home",
		"--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin",
		"--comment", "upgrade-advisor sandbox servers", SystemUser).CombinedOutput()
	if u, lerr := user.Lookup(SystemUser); lerr == nil {
		return u, nil
	}
	return nil, fmt.Errorf("sandbox: running as root, sandbox servers run as the unprivileged account %s; creating it with useradd failed: %v: %s; create it yourself (useradd --system --user-group %s) or run the tool as an ordinary user",
		SystemUser, err, out, SystemUser)
}

// apply makes cmd run with the account's credentials (no supplementary
// groups), on top of its own process group.
func (a runAs) apply(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	if a.dropped {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.gid), Groups: []uint32{}}
	}
}

// own gives path (not following a symlink) to the account.
func (a runAs) own(path string) error {
	if !a.dropped {
		return nil
	}
	return os.Lchown(path, a.uid, a.gid)
}

// ownTree gives everything under root to the account.
func (a runAs) ownTree(root string) error {
	if !a.dropped {
		return nil
	}
	return filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, a.uid, a.gid)
	})
}

// shareDir makes dir, a directory the tool (root) created, one the server
// may write in but whose root-owned files (sandbox.json, the password) it
// cannot replace: owner root, group the account's, mode 1770 (sticky).
func (a runAs) shareDir(dir string) error {
	if !a.dropped {
		return nil
	}
	if err := os.Chown(dir, 0, a.gid); err != nil {
		return err
	}
	return os.Chmod(dir, 0o770|os.ModeSticky)
}

// shareFile lets the account read a file the tool wrote (mode 0640, group
// the account's); the tool keeps it.
func (a runAs) shareFile(path string) error {
	if !a.dropped {
		return nil
	}
	if err := os.Chown(path, 0, a.gid); err != nil {
		return err
	}
	return os.Chmod(path, 0o640)
}

// canReach reports whether the account can open path: every directory on
// the way searchable (x), and path itself readable (r) or, for a
// directory, searchable. The first place it stops at is returned.
func (a runAs) canReach(path string) (bool, string) {
	if !a.dropped {
		return true, ""
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, path
	}
	for d := abs; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return false, d
		}
		need := uint32(0o1) // search
		if d == abs && !fi.IsDir() {
			need = 0o4 // read
		}
		if !a.allowed(fi, need) {
			return false, d
		}
		if d == filepath.Dir(d) {
			return true, ""
		}
	}
}

// allowed applies the owner/group/other permission bits for the account.
func (a runAs) allowed(fi os.FileInfo, need uint32) bool {
	perm := uint32(fi.Mode().Perm())
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return perm&need != 0
	}
	switch {
	case int(st.Uid) == a.uid:
		return perm&(need<<6) != 0
	case int(st.Gid) == a.gid:
		return perm&(need<<3) != 0
	}
	return perm&need != 0
}

// lockPoll is how often a lock held by another process is tried again.
const lockPoll = 20 * time.Millisecond

// lockFile takes an exclusive (or shared) advisory lock on path, creating
// it, waiting while another process holds it until ctx ends, and returns
// the function that releases it.
func lockFile(ctx context.Context, path string, exclusive bool) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH | syscall.LOCK_NB
	if exclusive {
		how = syscall.LOCK_EX | syscall.LOCK_NB
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			break
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("waiting for another process's lock on %s: %w", path, ctx.Err())
		case <-time.After(lockPoll):
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
