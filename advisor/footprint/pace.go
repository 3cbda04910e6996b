package footprint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Pace is how the calibration paces itself (--pace): after each statement
// it sleeps Ratio times the statement's duration, like gh-ost's
// --nice-ratio. The zero Pace is auto: AutoPaceRatio while the server is
// busy with other sessions' work, no pacing while it is quiet.
type Pace struct {
	Fixed bool    // an explicit ratio, busy or not
	Ratio float64 // the fixed ratio; 0 is off
}

// Pacing defaults, chosen from the load test (docs/load.md).
const (
	// AutoPaceRatio is the pace of a busy server: the calibration then
	// runs a statement at most 1/21 (under 5%) of the wall time. The
	// traffic's p95 latency is a tail: it stays put only when fewer than
	// ~5% of its transactions can meet a calibration statement; at 3x (a
	// quarter of the time) the load test still measured its p95 3-4x
	// higher during the rounds (docs/load.md).
	AutoPaceRatio = 20.0
	// busyQuestionsPerSecond: other sessions' statements per second from
	// which a server counts as busy (an idle sandbox shows ~0, a monitoring
	// agent tens, the load test's traffic thousands).
	busyQuestionsPerSecond = 200
	// busyThreadsRunning: other sessions' Threads_running from which a
	// server counts as busy. An idle MySQL 9.7 already shows 1-2 besides
	// the reading (its event scheduler daemon counts as running), which 2
	// took for a busy server in the load test.
	busyThreadsRunning = 3
	// maxPaceRatio bounds an explicit --pace.
	maxPaceRatio = 100
)

// ParsePace reads --pace: auto, off, or a ratio such as 0.5 or 2.
func ParsePace(s string) (Pace, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return Pace{}, nil
	case "off":
		return Pace{Fixed: true}, nil
	}
	r, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(r >= 0 && r <= maxPaceRatio) {
		return Pace{}, fmt.Errorf("%w: "+flagname.Pace+" %q: give auto, off or a ratio between 0 and %d (sleep that many times each statement's duration after it)", exitcode.ErrUsage, s, maxPaceRatio)
	}
	return Pace{Fixed: true, Ratio: r}, nil
}

// String is the --pace value that gives p.
func (p Pace) String() string {
	switch {
	case !p.Fixed:
		return "auto"
	case p.Ratio == 0:
		return "off"
	}
	return strconv.FormatFloat(p.Ratio, 'g', -1, 64)
}

// ratio is the pace to apply given whether the server is busy now.
func (p Pace) ratio(busy bool) float64 {
	if !p.Fixed {
		if busy {
			return AutoPaceRatio
		}
		return 0
	}
	return p.Ratio
}

// isBusy says whether other sessions keep the server visibly busy.
func isBusy(othersPerSecond float64, othersRunning int64) bool {
	return othersPerSecond >= busyQuestionsPerSecond || othersRunning >= busyThreadsRunning
}
