package sandbox

import (
	"errors"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// ErrUnsupportedPlatform is returned on Windows by everything that starts,
// finds or re-attaches to a server: a sandbox is a process group of a
// mysqld/mariadbd signalled the Unix way.
var ErrUnsupportedPlatform = errors.New("sandboxes need Linux or macOS; on Windows audit, inspect, bench, compare and cleanup a live server (-h HOST or " + flagname.DSN + ") instead, and check saved files offline")
