//go:build !linux

package sandbox

import "os"

// copyExtents is not available: copyFile scans for blocks of zeros.
func copyExtents(_, _ *os.File, _ bool) (int64, bool, error) { return 0, false, nil }
