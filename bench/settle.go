package bench

import (
	"fmt"
	"math"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
)

// Settling before measuring. A server started a moment ago (a sandbox
// copied from a cached datadir) is not yet in its steady state: the
// operating system is still writing the copied files back, InnoDB's
// background threads and the statement path are cold. Rounds measured then
// carry that drift, which widened the first run's intervals of a rehearsal
// several times over the second's. The warm-up therefore repeats short
// rounds (WarmupStatements positions, alternating as a measured round, not
// recorded) until two consecutive rounds' statement times agree within
// SettleTolerance on every server, at least MinWarmupRounds and at most
// MaxWarmupRounds. A server already running settles in MinWarmupRounds.

// The settle criterion.
const (
	// SettleTolerance is how far apart (relative) two consecutive warm-up
	// rounds' statement times may be for a server to count as settled.
	SettleTolerance = 0.10
	// MinWarmupRounds is the fewest warm-up rounds: two, so there is a
	// pair to compare.
	MinWarmupRounds = 2
	// MaxWarmupRounds bounds the warm-up of a server that never settles (a
	// busy machine): measuring then begins anyway, and the report says so.
	MaxWarmupRounds = 12
)

// Why the warm-up stopped.
const (
	WarmupSettled = "settled"
	WarmupMax     = "limit"
	WarmupBlocks  = "blocks"
)

// Warmup is how the warm-up went.
type Warmup struct {
	// Rounds is how many warm-up rounds ran; Stop why they stopped
	// (WarmupSettled, WarmupMax, or WarmupBlocks: variants in blocks warm
	// up with one whole round).
	Rounds int
	Stop   string
	// Levels are each warm-up round's statement time on each server:
	// Levels[round][server], the mean CREATE TABLE time in ms.
	Levels [][]float64
	// Change is the largest relative change between the last two rounds'
	// levels over the servers (0 with fewer than two rounds).
	Change float64
}

// Text says in one line how the warm-up went.
func (w Warmup) Text() string {
	switch w.Stop {
	case WarmupBlocks:
		return "one whole warm-up round (variants in blocks)"
	case WarmupSettled:
		return fmt.Sprintf("%d warm-up rounds of %d statements per variant, until two in a row agreed within %.0f%% on every server (last change %.1f%%)",
			w.Rounds, WarmupStatements, 100*SettleTolerance, 100*w.Change)
	case WarmupMax:
		return fmt.Sprintf("%d warm-up rounds of %d statements per variant without two in a row agreeing within %.0f%% (last change %.1f%%): measured anyway; the servers or the machine may still be settling",
			w.Rounds, WarmupStatements, 100*SettleTolerance, 100*w.Change)
	}
	return "no warm-up"
}

// observe adds one warm-up round's levels and decides whether the warm-up
// is over.
func (w *Warmup) observe(levels []float64) (over bool) {
	w.Levels = append(w.Levels, levels)
	w.Rounds = len(w.Levels)
	if w.Rounds >= 2 {
		w.Change = largestChange(w.Levels[w.Rounds-2], levels)
	}
	switch {
	case w.Rounds >= MinWarmupRounds && w.Change <= SettleTolerance:
		w.Stop = WarmupSettled
	case w.Rounds >= MaxWarmupRounds:
		w.Stop = WarmupMax
	default:
		return false
	}
	return true
}

// largestChange is the largest relative change from prev to cur over the
// servers, |cur/prev - 1|; a server without statements counts as unsettled.
func largestChange(prev, cur []float64) float64 {
	change := 0.0
	for i := range cur {
		if i >= len(prev) || prev[i] <= 0 || cur[i] <= 0 {
			return math.Inf(1)
		}
		change = max(change, math.Abs(cur[i]/prev[i]-1))
	}
	return change
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	return paired.Sum(xs) / float64(len(xs))
}

// WarmupStatements is how many statement positions the warm-up round runs
// when the variants alternate: enough to open the schema and warm the
// statement path, far less than a full round.
const WarmupStatements = 10
