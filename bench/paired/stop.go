package paired

import (
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// The stop rule decides on the advice, not on the width of the intervals.
//
// After every measured round from MinRounds on, each measured variant gets a
// decision interval: the same paired estimator as the report's interval but
// at a corrected level. The variant is decided when that interval
//   - lies wholly above effect.GainThreshold (the gain will be recommended whatever
//     more rounds show),
//   - lies wholly below effect.GainThreshold (no gain worth acting on), or
//   - is narrower than ±Precision (the estimate is as precise as asked).
//
// The decision interval, like the printed one, includes the run-to-run
// component (runToRunSD, at the printed level: it does not change from look
// to look). Precision is judged on the rest, the part more rounds can
// narrow: the run-to-run component alone is ±3.9%, so a ±5% precision
// judged on the whole would rarely be reached in the budget.
//
// The run stops when every variant is decided, at the latest on the budget.
//
// For a variant that turns settings on (Direction "on": what the new
// defaults would cost), the advice turns on the cost, so the threshold is
// the mirror image, effect.CostThreshold: above it no cost worth acting on,
// below it a cost that will be reported whatever more rounds show.
//
// Correction against stopping on a lucky streak: looking after every round
// and stopping at the first look that decides would inflate the error rate
// of a plain 95% interval. The decision interval uses Pocock's group
// sequential boundary instead of 1.96: for K planned looks the constant that
// keeps the overall error near 5% when stopping at any of them (2.29 for 3
// looks, 2.41 for 5, 2.56 for 10), turned into a nominal level and then into
// Student's t quantile for the units at hand. K is the number of looks the
// budget allows at the pace of the rounds so far (budget / mean round time,
// less the rounds before MinRounds), at least 1, at most MaxRounds' worth.

// Stop reasons of a run.
const (
	StopPrecision = "precision"  // every decision interval narrower than the precision asked
	StopBudget    = "budget"     // the time budget was spent
	StopMaxRounds = "max-rounds" // the round limit was reached
	StopRounds    = "rounds"     // a fixed number of rounds was asked
	StopDecided   = "decided"    // every variant's advice settled (see Decision)
)

// Verdicts of the stop rule for one variant.
const (
	VerdictAbove   = "above-threshold" // decision interval wholly above the threshold
	VerdictBelow   = "below-threshold" // decision interval wholly below the threshold
	VerdictPrecise = "precise"         // decision interval narrower than ±Precision
	// VerdictWithin: a two-sided decision's interval lies between both
	// thresholds (two servers not differing by more than the margin).
	VerdictWithin = "within-margin"
)

// Decision is the stop rule's view of one variant at the last look.
type Decision struct {
	Variant string `json:"variant"`
	// Verdict is one of the Verdict constants, or "" when the variant was
	// still undecided (the run stopped on the budget or the round limit).
	Verdict string `json:"verdict"`
	// Interval is the decision interval, wider than the reported one.
	Interval effect.Interval `json:"interval"`
	// Threshold is the speedup it was decided against: effect.GainThreshold,
	// or effect.CostThreshold for a variant that turns settings on.
	Threshold float64 `json:"threshold"`
	// TwoSided is set for a decision against both thresholds (two servers).
	TwoSided bool `json:"two_sided,omitempty"`
	// Level is the confidence level of its own part, before the run-to-run
	// component is added (e.g. 0.987).
	Level float64 `json:"level"`
	// Units is how many paired units it rests on.
	Units int `json:"units"`
}

// Decided reports whether the variant's advice can no longer change.
func (d Decision) Decided() bool { return d.Verdict != "" }

// Decide gives the verdict on a pair from its unit log ratios at a
// look planned among looks: decided when no threshold lies inside the
// decision interval, or when its own part is narrower than precision.
// With one threshold the verdict says on which side the interval lies;
// with both (effect.GainThreshold and effect.CostThreshold, a comparison
// of two servers, which may differ either way) "within-margin" is the
// interval between them.
func Decide(name string, rounds [][]float64, looks int, precision float64, thresholds ...float64) Decision {
	alpha := pocockAlpha(looks)
	own := logInterval(rounds, alpha)
	iv := withRunToRun(own, 1-Confidence)
	units := len(Flat(rounds))
	d := Decision{Variant: name, Interval: iv, Threshold: thresholds[0], TwoSided: len(thresholds) > 1, Level: 1 - alpha, Units: units}
	above, below := 0, 0
	for _, t := range thresholds {
		switch {
		case iv.Low > t:
			above++
		case iv.High < t:
			below++
		}
	}
	switch {
	case units < 2:
	case above == len(thresholds):
		d.Verdict = VerdictAbove
	case below == len(thresholds):
		d.Verdict = VerdictBelow
	case above+below == len(thresholds):
		d.Verdict = VerdictWithin
	case own.HalfWidth() < precision:
		d.Verdict = VerdictPrecise
	}
	return d
}

// PlannedLooks is how many looks the stop rule expects to make: the rounds
// the budget allows at the mean pace so far (at most maxRounds), less those
// before minRounds; at least 1.
func PlannedLooks(minRounds, maxRounds int, budget time.Duration, rounds int, elapsed time.Duration) int {
	limit := maxRounds
	if rounds > 0 && elapsed > 0 {
		perRound := elapsed / time.Duration(rounds)
		if byBudget := int(budget / perRound); byBudget < limit {
			limit = byBudget
		}
	}
	return max(limit-minRounds+1, 1)
}

// AllDecided reports whether every decision has a verdict.
func AllDecided(ds []Decision) bool {
	for _, d := range ds {
		if !d.Decided() {
			return false
		}
	}
	return true
}

// StopOnDecisions names the stop when every variant is decided: precision
// when all were decided on width alone, decided otherwise.
func StopOnDecisions(ds []Decision) string {
	for _, d := range ds {
		if d.Verdict != VerdictPrecise {
			return StopDecided
		}
	}
	return StopPrecision
}
