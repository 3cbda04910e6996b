package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Median returns the median of xs (0 for none). xs is not modified.
func Median(xs []float64) float64 { return Percentile(xs, 50) }

// Percentile returns the p-th percentile (0..100) of xs by linear
// interpolation between closest ranks (0 for none). xs is not modified.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := p / 100 * float64(len(s)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	if lo == hi {
		return s[lo]
	}
	return s[lo] + (s[hi]-s[lo])*(pos-float64(lo))
}

// Interval is a point estimate with a confidence interval.
type Interval struct {
	Ratio float64 `json:"ratio"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}

// HalfWidth is the interval's relative half-width (0.05 = ±5%).
func (i Interval) HalfWidth() float64 {
	if i.Ratio == 0 {
		return math.Inf(1)
	}
	return (i.High - i.Low) / 2 / i.Ratio
}

// bootstrapResamples is how many resamples BootstrapMedian draws.
const bootstrapResamples = 2000

// BootstrapMedian returns the median of xs with a percentile-bootstrap 95%
// confidence interval. The generator is seeded from the data so a report is
// reproducible from its measurements.
func BootstrapMedian(xs []float64) Interval {
	m := Median(xs)
	if len(xs) < 2 {
		return Interval{Ratio: m, Low: m, High: m}
	}
	rng := rand.New(rand.NewPCG(uint64(len(xs)), math.Float64bits(m)))
	medians := make([]float64, bootstrapResamples)
	sample := make([]float64, len(xs))
	for b := range medians {
		for i := range sample {
			sample[i] = xs[rng.IntN(len(xs))]
		}
		medians[b] = Median(sample)
	}
	return Interval{Ratio: m, Low: Percentile(medians, 2.5), High: Percentile(medians, 97.5)}
}

// PairedRatios returns base[i]/variant[i] for each round where both are positive.
func PairedRatios(base, variant []float64) []float64 {
	out := make([]float64, 0, len(base))
	for i := range min(len(base), len(variant)) {
		if base[i] > 0 && variant[i] > 0 {
			out = append(out, base[i]/variant[i])
		}
	}
	return out
}

// String renders "1.45x (1.38-1.52)"; a nil interval renders "-".
func (i *Interval) String() string {
	if i == nil {
		return "-"
	}
	return fmt.Sprintf("%.2fx (%.2f-%.2f)", i.Ratio, i.Low, i.High)
}
