package footprint

import (
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Load guard defaults: pause while a server signal is above its limit,
// abort when it stays above it for the whole wait.
const (
	DefaultMaxThreadsRunning = 25
	// DefaultMaxHistoryLength: a history list this long means purge is far
	// behind (a long transaction or more writes than purge keeps up with).
	DefaultMaxHistoryLength = 1_000_000
	// DefaultMaxPendingFsyncs: InnoDB fsyncs queued at one moment; a server
	// keeping up shows 0 or 1.
	DefaultMaxPendingFsyncs = 4
	DefaultLoadWait         = 60 * time.Second
	loadPoll                = time.Second
)

// errServerBusy means the load guard gave up waiting.
var errServerBusy = fmt.Errorf("server busy")

// loadGuard holds the limits on the server's signals; a limit of 0 is off
// (Threads_running is always checked).
type loadGuard struct {
	maxThreads, maxHistory, maxFsyncs int64
	wait                              time.Duration
}

// limitHit names the first signal above its limit: cause is the signal's
// name alone (to group pauses by what they waited for), why says it as the
// report and the warnings do; both "" when none is. Signals the server does
// not have (-1) never hold the run.
func (g loadGuard) limitHit(s serverSignals) (cause, why string) {
	switch {
	case s.ThreadsRunning > g.maxThreads:
		return "Threads_running", fmt.Sprintf("Threads_running %d > "+flagname.MaxThreadsRunning+" %d", s.ThreadsRunning, g.maxThreads)
	case g.maxHistory > 0 && s.HistoryLength > g.maxHistory:
		return "history list length", fmt.Sprintf("InnoDB history list length %d > "+flagname.MaxHistoryLength+" %d", s.HistoryLength, g.maxHistory)
	case g.maxFsyncs > 0 && s.PendingFsyncs > g.maxFsyncs:
		return "pending fsyncs", fmt.Sprintf("InnoDB pending fsyncs %d > "+flagname.MaxPendingFsyncs+" %d", s.PendingFsyncs, g.maxFsyncs)
	}
	return "", ""
}

// overLimit is limitHit's why.
func (g loadGuard) overLimit(s serverSignals) string {
	_, why := g.limitHit(s)
	return why
}

// cause is limitHit's cause.
func (g loadGuard) cause(s serverSignals) string {
	cause, _ := g.limitHit(s)
	return cause
}

// gaveUp is the error of a wait that lasted the whole --load-wait.
func (g loadGuard) gaveUp(why string) error {
	return fmt.Errorf("%w: %s for %s ("+flagname.LoadWait+"); the calibration stopped (nothing left behind); retry when the server is quieter or raise the limit", errServerBusy, why, g.wait)
}

func newLoadGuard(o Options) loadGuard {
	g := loadGuard{maxThreads: int64(o.MaxThreadsRunning), wait: o.LoadWait,
		maxHistory: o.MaxHistoryLength, maxFsyncs: o.MaxPendingFsyncs}
	if g.maxThreads <= 0 {
		g.maxThreads = DefaultMaxThreadsRunning
	}
	if g.wait <= 0 {
		g.wait = DefaultLoadWait
	}
	// In the options 0 is the default and a negative limit is off; here 0 is off.
	g.maxHistory = limitOrDefault(g.maxHistory, DefaultMaxHistoryLength)
	g.maxFsyncs = limitOrDefault(g.maxFsyncs, DefaultMaxPendingFsyncs)
	return g
}

func limitOrDefault(v, def int64) int64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}
