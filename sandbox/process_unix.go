//go:build unix

package sandbox

import (
	"errors"
	"os/exec"
	"syscall"
)

// platformSupported is nil where sandboxes run.
func platformSupported() error { return nil }

// setOwnProcessGroup makes cmd the leader of a process group of its own: a
// Ctrl-C in the terminal does not reach it, and the whole group can be
// signalled.
func setOwnProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup sends SIGKILL to the process group led by pid.
func killProcessGroup(pid int) error { return syscall.Kill(-pid, syscall.SIGKILL) }

// killGroup sends SIGKILL to the server's process group (the server is its
// leader) or, if it is not a group leader (a server we did not start), to the
// server alone.
func killGroup(pid int) error {
	target := pid
	if pgid, err := syscall.Getpgid(pid); err == nil && pgid == pid {
		target = -pid
	}
	err := syscall.Kill(target, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// terminate asks process pid to shut down (SIGTERM); a process that is
// already gone is not an error.
func terminate(pid int) error {
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}

// pidExists reports whether a process pid exists (it may belong to another
// user).
func pidExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
