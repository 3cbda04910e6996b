package sandbox

import "time"

// CopyDone is how a sandbox's copy of Options.FromDatadir went.
type CopyDone struct {
	Bytes     int64
	Reflinked int
	Took      time.Duration
}
