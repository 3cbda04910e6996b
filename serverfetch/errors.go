package serverfetch

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

// The errors a fetch returns, each wrapping the exit code's kind (all exit 2).
var (
	// ErrUnknownVersion: no source has the name asked for.
	ErrUnknownVersion = fmt.Errorf("%w: unknown server version", exitcode.ErrUsage)
	// ErrNotFetched: the cache has no complete root of that name.
	ErrNotFetched = fmt.Errorf("%w: not in the servers' cache", exitcode.ErrUsage)
	// ErrVerify: a signature or checksum did not match; what was downloaded is removed.
	ErrVerify = fmt.Errorf("%w: verification failed", exitcode.ErrPreflight)
	// ErrNetwork: a host could not be reached or answered an error.
	ErrNetwork = fmt.Errorf("%w: download failed", exitcode.ErrPreflight)
	// ErrNoSpace: the cache's file system is full.
	ErrNoSpace = fmt.Errorf("%w: no space left", exitcode.ErrPreflight)
)
