// Package effect is the one place for a measured effect: a ratio with its
// confidence interval, the margin an effect must clear to count, the
// verdict an interval supports (faster, slower, not shown to differ,
// recovers) and the words that say it. It has no dependencies on the rest
// of the project, so the calibration (its stop rule), the rules (their
// advice) and the reports (compare, rehearse) decide with the same margin
// and speak with the same words.
//
// Two orientations of a ratio are used, and each function says which it
// takes:
//   - a speedup: reference time / measured time (> 1: the measured side is
//     faster), as audit's variants are reported against the baseline;
//   - a time ratio: measured time / reference time (> 1: slower), as compare
//     and rehearse report the target against the source.
//
// Slowdown turns one into the other.
package effect

import (
	"fmt"
	"math"
)

// Margin is the smallest effect worth acting on, as a fraction: a gain
// counts when the whole interval lies above 1+Margin, a cost when it lies
// wholly beyond 1+Margin the other way. It is the only copy of the margin.
const Margin = 0.05

// GainThreshold is the speedup a gain must exceed: 1+Margin.
const GainThreshold = 1 + Margin

// CostThreshold is the speedup a cost must fall below: 1/(1+Margin).
const CostThreshold = 1 / GainThreshold

// Interval is a ratio with its confidence interval (95% unless its producer
// says otherwise). The zero value means "no estimate".
type Interval struct {
	Ratio float64 `json:"ratio"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}

// Point is an interval of no width at r (a ratio against itself).
func Point(r float64) Interval { return Interval{Ratio: r, Low: r, High: r} }

// Valid reports whether the interval holds an estimate with positive bounds.
func (i Interval) Valid() bool { return i.Ratio > 0 && i.Low > 0 && i.High > 0 }

// HalfWidth is the interval's relative half-width (0.05 = ±5%); infinite
// without an estimate.
func (i Interval) HalfWidth() float64 {
	if i.Ratio == 0 {
		return math.Inf(1)
	}
	return (i.High - i.Low) / 2 / i.Ratio
}

// Width is High/Low, the interval's width as a factor (1.10: the high end
// is 10% above the low end); infinite without an estimate.
func (i Interval) Width() float64 {
	if !i.Valid() {
		return math.Inf(1)
	}
	return i.High / i.Low
}

// Contains reports whether x lies within the interval.
func (i Interval) Contains(x float64) bool { return i.Low <= x && x <= i.High }

// Slowdown is the reciprocal: a speedup as a time ratio, or a time ratio as
// a speedup, its bounds swapped. No estimate stays none.
func (i Interval) Slowdown() Interval {
	if !i.Valid() {
		return Interval{}
	}
	return Interval{Ratio: 1 / i.Ratio, Low: 1 / i.High, High: 1 / i.Low}
}

// Rounded is the interval rounded to 3 decimals, as reports store it.
// Decisions are taken on the unrounded interval, never on this one.
func (i Interval) Rounded() Interval {
	return Interval{Ratio: round3(i.Ratio), Low: round3(i.Low), High: round3(i.High)}
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// Faster reports, of a speedup, whether the whole interval lies above
// GainThreshold: a gain worth acting on.
func (i Interval) Faster() bool { return i.Low > GainThreshold }

// Slower reports, of a speedup, whether the whole interval lies below
// CostThreshold: a cost worth acting on.
func (i Interval) Slower() bool { return i.Valid() && i.High < CostThreshold }

// String renders "1.45x (1.38-1.52)"; a nil interval renders "-".
func (i *Interval) String() string {
	if i == nil {
		return "-"
	}
	return fmt.Sprintf("%.2fx (%.2f-%.2f)", i.Ratio, i.Low, i.High)
}

// CI is "95% CI 1.38-1.52".
func (i Interval) CI() string { return fmt.Sprintf("95%% CI %.2f-%.2f", i.Low, i.High) }
