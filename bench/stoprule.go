package bench

import (
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// The calibration's stop rule is package paired's (Decide, PlannedLooks):
// a variant that turns settings off is decided against
// effect.GainThreshold, one that turns them on against effect.CostThreshold,
// two servers' baselines against both.

// decide gives the verdict on one variant from its unit log ratios (per
// round) at a look planned among looks: against effect.GainThreshold, or
// for a variant that turns settings on against effect.CostThreshold.
func decide(p Plan, rounds [][]float64, looks int, precision float64) paired.Decision {
	threshold := effect.GainThreshold
	if p.Direction() == DirectionOn {
		threshold = effect.CostThreshold
	}
	return paired.Decide(p.Name, rounds, looks, precision, threshold)
}

// plannedLooks is how many looks the stop rule expects to make under cfg.
func plannedLooks(cfg Config, rounds int, elapsed time.Duration) int {
	return paired.PlannedLooks(cfg.MinRounds, cfg.MaxRounds, cfg.Budget, rounds, elapsed)
}
