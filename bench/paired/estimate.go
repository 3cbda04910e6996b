package paired

import (
	"math"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// The paired estimator.
//
// A speedup is estimated from paired units: a unit is a stretch of the
// workload that the baseline and the variant both ran, close together in
// time, so slow drifts of a shared machine hit both sides alike. Its ratio is
// Σ baseline ms / Σ variant ms over the unit's statements.
//
//   - Statement interleaving (the variants alternate statement by statement):
//     a unit is a chunk of consecutive statement positions of one round
//     (bench.UnitStatements for the DDL calibration). Chunks, not single statements, are the resampling unit so
//     that the short-range correlation of neighbouring statements (a flush,
//     a stall) stays inside one unit and the interval stays honest.
//   - Blocks (each variant runs its whole round in one block, or each arm
//     of a Trial runs once a round): a unit is a round, as the pairing is
//     only at that scale.
//
// The estimate is the geometric mean of the unit ratios (mean of their logs);
// its interval is Student's t on the log ratios, exponentiated, with the
// variance of the mean taken in two levels, units within rounds and rounds
// (logInterval), so a disturbance lasting a whole round is not mistaken for
// precision; the printed interval adds a run-to-run component that a single
// run cannot see (withRunToRun). It costs microseconds (no resampling) and
// widens honestly when there are few units or few rounds.

// Confidence is the level of the intervals the report prints.
const Confidence = 0.95

// LogRatios returns, per round both have, log(Σ base / Σ variant) over
// every unit of size consecutive statements (size 0 or larger than the
// round: the whole round); rounds are paired by index, statements by
// position. Units where either side is not positive are skipped, and so is
// a trailing partial unit.
func LogRatios(base, variant [][]float64, size int) [][]float64 {
	var out [][]float64
	for r := range min(len(base), len(variant)) {
		b, v := base[r], variant[r]
		n := min(len(b), len(v))
		step := size
		if step <= 0 || step > n {
			step = n
		}
		var logs []float64
		for lo := 0; step > 0 && lo+step <= n; lo += step {
			sb, sv := Sum(b[lo:lo+step]), Sum(v[lo:lo+step])
			if sb > 0 && sv > 0 {
				logs = append(logs, math.Log(sb/sv))
			}
		}
		out = append(out, logs)
	}
	return out
}

// logInterval returns exp(mean) of the units' log ratios with a two-sided
// t interval at level 1-alpha. Units are grouped by round, and the variance
// of the mean has two parts (one-way random effects): the units' spread
// within rounds, and whatever the rounds' means differ by beyond it (a
// round-long disturbance, such as a busy neighbour, that moves every unit of
// a round alike and that unit-level pairing alone would hide). Degrees of
// freedom by Satterthwaite: near the units' count when rounds agree, near
// the rounds' count when they do not. One round: the units alone; one unit
// per round: Student's t over rounds. Fewer than two units give a point.
func logInterval(rounds [][]float64, alpha float64) effect.Interval {
	all := Flat(rounds)
	n := len(all)
	if n == 0 {
		return effect.Interval{}
	}
	m := Sum(all) / float64(n)
	if n < 2 {
		r := math.Exp(m)
		return effect.Point(r)
	}
	se2, df := varianceOfMean(rounds, m, n)
	h := tQuantile(df, alpha) * math.Sqrt(se2)
	return effect.Interval{Ratio: math.Exp(m), Low: math.Exp(m - h), High: math.Exp(m + h)}
}

// varianceOfMean estimates the variance of the grand mean m of n units
// grouped by round, with its degrees of freedom (see logInterval).
func varianceOfMean(rounds [][]float64, m float64, n int) (float64, int) {
	ssw, ssb, groups := 0.0, 0.0, 0
	for _, xs := range rounds {
		if len(xs) == 0 {
			continue
		}
		groups++
		mr := Sum(xs) / float64(len(xs))
		for _, x := range xs {
			ssw += (x - mr) * (x - mr)
		}
		ssb += float64(len(xs)) * (mr - m) * (mr - m)
	}
	N := float64(n)
	switch {
	case groups == 1:
		return ssw / (N - 1) / N, n - 1
	case groups == n:
		return ssb / (N - 1) / N, n - 1
	}
	msw := ssw / float64(n-groups)
	msb := ssb / float64(groups-1)
	within, between := msw/N, max(0, msb-msw)/N
	se2 := within + between
	denom := within*within/float64(n-groups) + between*between/float64(groups-1)
	if denom == 0 {
		return se2, n - groups
	}
	return se2, max(1, int(se2*se2/denom))
}

// Speedup is the speedup of variant over base (base time / variant
// time) from per-round, per-statement timings, with its 95% interval; size
// is the unit in statements (0: one unit per round). The interval is the
// run's own (logInterval) widened by the run-to-run component.
func Speedup(base, variant [][]float64, size int) effect.Interval {
	return withRunToRun(logInterval(LogRatios(base, variant, size), 1-Confidence), 1-Confidence)
}

// runToRunSD is the standard deviation, on the log ratio, of a component no
// single run can see: the ratio a whole run measures moves from one run to
// the next by more than its own units and rounds explain (the state the
// server and the machine are in for the few seconds a run lasts). Measured
// by scripts/accuracy.sh on an idle 2-core machine, MariaDB 10.11: ten
// default runs' file_per_table_off ratios had a run-to-run standard
// deviation of 2.3% on the log scale (both_off 1.8%, stats_persistent_off
// 1.0%) while their intervals implied about 1.2%, and the long run's ratio
// fell inside only 5 of their 10 intervals. With the component, four
// batches of ten on MariaDB 10.11, MySQL 9.7 and MariaDB 11.8 (run-to-run
// spread 1.4-3.9%) held the long runs' ratios in 116 of 120 intervals
// (docs/accuracy.md).
const runToRunSD = 0.02

// withRunToRun widens an interval from one run's data by the run-to-run
// component at level 1-alpha, the two added in quadrature on the log scale.
// No estimate (a zero ratio) stays as it is.
func withRunToRun(iv effect.Interval, alpha float64) effect.Interval {
	if iv.Ratio <= 0 {
		return iv
	}
	own := math.Log(iv.High / iv.Ratio)
	z := math.Sqrt2 * math.Erfinv(1-alpha)
	h := math.Hypot(own, z*runToRunSD)
	return effect.Interval{Ratio: iv.Ratio, Low: iv.Ratio * math.Exp(-h), High: iv.Ratio * math.Exp(h)}
}

// tQuantile returns t such that P(|T| < t) = 1-alpha for Student's t with df
// degrees of freedom, by bisection on the exact CDF for integer df (Abramowitz
// & Stegun 26.7.3-4); above 200 df the normal quantile.
func tQuantile(df int, alpha float64) float64 {
	z := math.Sqrt2 * math.Erfinv(1-alpha)
	if df > 200 {
		return z
	}
	lo, hi := z, z
	for tTwoSided(hi, df) < 1-alpha {
		hi *= 2
	}
	for range 60 {
		mid := (lo + hi) / 2
		if tTwoSided(mid, df) < 1-alpha {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// tTwoSided is P(|T| < t) for Student's t with df >= 1 degrees of freedom.
func tTwoSided(t float64, df int) float64 {
	theta := math.Atan(t / math.Sqrt(float64(df)))
	c2 := math.Cos(theta) * math.Cos(theta)
	s := math.Sin(theta)
	if df%2 == 0 {
		term, total := 1.0, 1.0
		for k := 2; k <= df-2; k += 2 {
			term *= c2 * float64(k-1) / float64(k)
			total += term
		}
		return s * total
	}
	if df == 1 {
		return 2 * theta / math.Pi
	}
	term := math.Cos(theta)
	total := term
	for k := 3; k <= df-2; k += 2 {
		term *= c2 * float64(k-1) / float64(k)
		total += term
	}
	return 2 / math.Pi * (theta + s*total)
}

// pocockConstants are Pocock's two-sided boundaries at overall alpha = 0.05
// for K equally spaced looks (Jennison & Turnbull, table 2.1), by K.
var pocockConstants = []struct {
	looks int
	c     float64
}{{1, 1.960}, {2, 2.178}, {3, 2.289}, {4, 2.361}, {5, 2.413}, {6, 2.453},
	{7, 2.485}, {8, 2.512}, {9, 2.535}, {10, 2.555}, {15, 2.626}, {20, 2.672}}

// pocockAlpha is the nominal two-sided level each of K looks must use so
// that stopping at any of them keeps the overall error near 5%. Between
// tabulated K it takes the next larger one; above 20 it extrapolates
// Pocock's slow growth (+0.117 per doubling of K), which errs on the wide
// side.
func pocockAlpha(looks int) float64 {
	looks = max(looks, 1)
	last := pocockConstants[len(pocockConstants)-1]
	c := last.c + 0.117*math.Log2(float64(looks)/float64(last.looks))
	for _, p := range pocockConstants {
		if p.looks >= looks {
			c = p.c
			break
		}
	}
	return math.Erfc(c / math.Sqrt2)
}
