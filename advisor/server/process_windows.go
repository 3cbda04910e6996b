//go:build windows

package server

import "os"

// pidExists reports whether a process pid exists: on Windows FindProcess
// opens the process and fails when there is none.
func pidExists(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
