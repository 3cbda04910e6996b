//go:build windows

package sandbox

import "os/exec"

// platformSupported refuses: Start, Detect, Load and List return
// ErrUnsupportedPlatform before anything runs, so the functions below are
// never reached on Windows; they exist so that the package builds.
func platformSupported() error { return ErrUnsupportedPlatform }

func setOwnProcessGroup(*exec.Cmd) {}

func killProcessGroup(int) error { return ErrUnsupportedPlatform }

func killGroup(int) error { return ErrUnsupportedPlatform }

func terminate(int) error { return ErrUnsupportedPlatform }

func pidExists(int) bool { return false }
