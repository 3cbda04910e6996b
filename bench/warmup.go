package bench

import (
	"context"
	"time"
)

// warmUp runs the warm-up rounds until the servers settle (alternating
// variants) or the one whole round of variant blocks, and returns how it
// went and the last round's duration (the settled pace, for fitRounds).
func warmUp(ctx context.Context, runners []*runner, clock *budgetClock) (Warmup, time.Duration, error) {
	var w Warmup
	for {
		start := clock.elapsed()
		if err := playRound(ctx, runners, 0, clock); err != nil {
			return w, 0, err
		}
		last := clock.elapsed() - start
		if !runners[0].interleave {
			return Warmup{Rounds: 1, Stop: WarmupBlocks}, last, nil
		}
		levels := make([]float64, len(runners))
		for i, r := range runners {
			levels[i] = mean(r.warm)
		}
		if w.observe(levels) {
			return w, last, nil
		}
	}
}
