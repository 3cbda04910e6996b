//go:build !linux

package sandbox

import (
	"errors"
	"math"
	"os"
)

// copyExtents is not available: copyFile scans for blocks of zeros.
func copyExtents(_, _ *os.File, _ bool) (int64, bool, error) { return 0, false, nil }

// canAllocate says that allocateFile cannot allocate files here: a measured
// sandbox copies the cache entry's data/ as it is.
const canAllocate = false

// allocateFile is not available here.
func allocateFile(string) error { return nil }

// cloneFile is not available here: the copy is a plain one.
func cloneFile(_, _ *os.File) error { return errors.ErrUnsupported }

// allocatedBytes is the file's size here.
func allocatedBytes(info os.FileInfo) int64 { return info.Size() }

// freeBytes is not known here: the copy is not refused for space.
func freeBytes(string) (int64, error) { return math.MaxInt64, nil }
