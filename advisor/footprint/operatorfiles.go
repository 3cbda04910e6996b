package footprint

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// pausePoll is how often a paused calibration looks at its files again.
const pausePoll = 250 * time.Millisecond

// ErrAborted means the operator's abort file stopped the calibration.
var ErrAborted = errors.New("aborted")

// operatorFiles are the files an operator creates to pause (--pause-file)
// or stop (--abort-file) a running calibration from outside, like gh-ost's
// throttle and panic flag files. Empty paths are not watched.
type operatorFiles struct {
	pause, abort string
}

func (o operatorFiles) paused() bool { return exists(o.pause) }

// checkAbort returns the abort error once the abort file exists.
func (o operatorFiles) checkAbort() error {
	if !exists(o.abort) {
		return nil
	}
	return fmt.Errorf("%w: %s exists ("+flagname.AbortFile+"): the calibration stopped; the scratch schema is dropped and the globals restored on the way out; remove the file before the next run", ErrAborted, o.abort)
}

func exists(path string) bool {
	if path == "" {
		return false
	}
	_, err := os.Stat(path)
	return err == nil
}
