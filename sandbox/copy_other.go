//go:build !linux

package sandbox

import "os"

// copyExtents is not available: copyFile scans for blocks of zeros.
func copyExtents(_, _ *os.File, _ bool) (int64, bool, error) { return 0, false, nil }

// canAllocate says that allocateFile cannot allocate files here: a measured
// sandbox copies the cache entry's data/ as it is.
const canAllocate = false

// allocateFile is not available here.
func allocateFile(string) error { return nil }
