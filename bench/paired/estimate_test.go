package paired

import (
	"fmt"
	"math"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

func TestTQuantile(t *testing.T) {
	// Reference values from standard t tables (two-sided).
	tests := []struct {
		df    int
		alpha float64
		want  float64
	}{
		{1, 0.05, 12.706},
		{2, 0.05, 4.303},
		{3, 0.05, 3.182},
		{4, 0.05, 2.776},
		{9, 0.05, 2.262},
		{29, 0.05, 2.045},
		{2, 0.01, 9.925},
		{10, 0.01, 3.169},
		{500, 0.05, 1.960},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("df=%d alpha=%v", tt.df, tt.alpha), func(t *testing.T) {
			if got := tQuantile(tt.df, tt.alpha); math.Abs(got-tt.want) > 0.002 {
				t.Errorf("got %.4f, want %.3f", got, tt.want)
			}
		})
	}
}

func TestPocockAlpha(t *testing.T) {
	tests := []struct {
		looks int
		want  float64 // nominal two-sided level per look
	}{
		{1, 0.05},
		{5, 0.0158},
		{10, 0.0106},
		{7, 0.0129},  // K=7: constant 2.485
		{12, 0.0085}, // between tables: the next larger K (15) is used
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.looks), func(t *testing.T) {
			if got := pocockAlpha(tt.looks); math.Abs(got-tt.want) > 0.0005 {
				t.Errorf("got %.4f, want %.4f", got, tt.want)
			}
		})
	}
	if pocockAlpha(80) >= pocockAlpha(20) {
		t.Error("more looks must use a smaller nominal level")
	}
}

func TestUnitLogRatios(t *testing.T) {
	base := [][]float64{{2, 2, 4, 4}, {3, 3, 3, 3}}
	variant := [][]float64{{1, 1, 2, 2}, {3, 3, 1, 0}}
	tests := []struct {
		name string
		size int
		want []float64 // as ratios
	}{
		{"chunks of two statements", 2, []float64{2, 2, 1, 6}},
		{"whole rounds", 0, []float64{2, 12.0 / 7}},
		{"chunk larger than a round is the round", 9, []float64{2, 12.0 / 7}},
		{"a trailing partial chunk is left out", 3, []float64{8.0 / 4, 9.0 / 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := unitLogRatios(base, variant, tt.size)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d units %v, want %v", len(got), got, tt.want)
			}
			for i := range got {
				if math.Abs(math.Exp(got[i])-tt.want[i]) > 1e-9 {
					t.Errorf("unit %d: ratio %v, want %v", i, math.Exp(got[i]), tt.want[i])
				}
			}
		})
	}
}

func TestUnitLogRatiosSkipsEmptyUnits(t *testing.T) {
	got := unitLogRatios([][]float64{{0, 0, 2, 2}}, [][]float64{{1, 1, 1, 1}}, 2)
	if len(got) != 1 || math.Abs(math.Exp(got[0])-2) > 1e-9 {
		t.Fatalf("got %v, want one unit of ratio 2", got)
	}
}

func TestLogInterval(t *testing.T) {
	logs := []float64{math.Log(1.4), math.Log(1.5), math.Log(1.6), math.Log(1.45), math.Log(1.55)}
	iv := logInterval([][]float64{logs}, 0.05)
	if !(iv.Low < iv.Ratio && iv.Ratio < iv.High) {
		t.Fatalf("interval %v does not bracket its estimate", iv)
	}
	if math.Abs(math.Log(iv.Ratio)-Sum(logs)/5) > 1e-12 {
		t.Fatalf("estimate %v is not the geometric mean", iv.Ratio)
	}
	// Symmetric in logs: Ratio/Low == High/Ratio.
	if math.Abs(iv.Ratio/iv.Low-iv.High/iv.Ratio) > 1e-9 {
		t.Fatalf("interval %v not symmetric on the log scale", iv)
	}
	wider := logInterval([][]float64{logs}, 0.01)
	if !(wider.Low < iv.Low && wider.High > iv.High) {
		t.Fatalf("99%% interval %v should contain the 95%% one %v", wider, iv)
	}
	if one := logInterval([][]float64{logs[:1]}, 0.05); one.Low != one.High {
		t.Fatalf("one unit gives a point, got %v", one)
	}
	if none := logInterval(nil, 0.05); none != (effect.Interval{}) {
		t.Fatalf("no unit gives the zero interval, got %v", none)
	}
}

func TestLogIntervalCountsRoundToRoundSpread(t *testing.T) {
	// The same nine units: grouped so that rounds agree, then so that each
	// round is shifted as a whole.
	agree := [][]float64{{0.20, 0.02, 0.11}, {0.21, 0.03, 0.10}, {0.19, 0.01, 0.12}}
	shifted := [][]float64{{0.20, 0.21, 0.19}, {0.02, 0.03, 0.01}, {0.11, 0.10, 0.12}}
	a, s := logInterval(agree, 0.05), logInterval(shifted, 0.05)
	if math.Abs(a.Ratio-s.Ratio) > 1e-12 {
		t.Fatalf("estimates differ: %v %v", a.Ratio, s.Ratio)
	}
	if s.HalfWidth() <= 2*a.HalfWidth() {
		t.Fatalf("rounds shifted as a whole: half-width %.4f, want well above %.4f when they agree", s.HalfWidth(), a.HalfWidth())
	}
	// One unit per round is Student's t over the rounds.
	perRound := logInterval([][]float64{{0.1}, {0.2}, {0.3}}, 0.05)
	if want := math.Exp(0.2 + tQuantile(2, 0.05)*0.1/math.Sqrt(3)); math.Abs(perRound.High-want) > 1e-9 {
		t.Fatalf("high %v, want %v", perRound.High, want)
	}
}

func TestPairedSpeedupNarrowsWithMoreRounds(t *testing.T) {
	round := func(k int) ([]float64, []float64) {
		b, v := make([]float64, 100), make([]float64, 100)
		for i := range b {
			b[i] = 3 + float64((i*7+k)%5)/10
			v[i] = 2 + float64((i*3+k)%7)/10
		}
		return b, v
	}
	var base, variant [][]float64
	var widths []float64
	for k := range 6 {
		b, v := round(k)
		base, variant = append(base, b), append(variant, v)
		widths = append(widths, Speedup(base, variant, testUnit).HalfWidth())
	}
	if widths[5] >= widths[0] {
		t.Fatalf("half-widths %v: six rounds should be narrower than one", widths)
	}
}

// BenchmarkStopDecision measures what the stop rule computes after a round:
// the unit ratios and the decision interval of three variants, for a default
// round of 100 statements and a long run.
func BenchmarkStopDecision(b *testing.B) {
	for _, rounds := range []int{3, 10, 60} {
		base, variant := make([][]float64, rounds), make([][]float64, rounds)
		for r := range rounds {
			base[r], variant[r] = make([]float64, 100), make([]float64, 100)
			for i := range 100 {
				base[r][i] = 3 + float64((i*7+r)%5)/10
				variant[r][i] = 2 + float64((i*3+r)%7)/10
			}
		}
		b.Run(fmt.Sprintf("rounds=%d", rounds), func(b *testing.B) {
			for b.Loop() {
				for range 3 {
					logs := LogRatios(base, variant, testUnit)
					Decide("file_per_table_off", logs, 10, 0.05, effect.GainThreshold)
				}
			}
		})
	}
}

// TestRunToRunComponent: the printed interval is never narrower than the
// run-to-run component alone, even when the run's units agree exactly, and
// it adds to a run's own spread in quadrature.
func TestRunToRunComponent(t *testing.T) {
	z := math.Sqrt2 * math.Erfinv(Confidence)
	floor := math.Exp(z*runToRunSD) - 1
	tests := []struct {
		name    string
		logs    [][]float64
		atLeast float64
	}{
		{"units that agree exactly", [][]float64{{0.3, 0.3, 0.3}, {0.3, 0.3, 0.3}}, floor},
		{"units that scatter", logsAround(1.3, 0.1, 30), floor},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			own := logInterval(tt.logs, 1-Confidence)
			got := withRunToRun(own, 1-Confidence)
			if got.Ratio != own.Ratio || got.High/got.Ratio-1 < tt.atLeast-1e-9 {
				t.Fatalf("interval %v (own %v): upper end should be at least +%.4f", got, own, tt.atLeast)
			}
			ownLog, gotLog := math.Log(own.High/own.Ratio), math.Log(got.High/got.Ratio)
			if want := math.Hypot(ownLog, z*runToRunSD); math.Abs(gotLog-want) > 1e-9 {
				t.Fatalf("log half-width %.5f, want %.5f", gotLog, want)
			}
		})
	}
	if none := withRunToRun(effect.Interval{}, 1-Confidence); none != (effect.Interval{}) {
		t.Fatalf("no estimate became %v", none)
	}
}

// testUnit is the unit size the DDL calibration uses (bench.UnitStatements).
const testUnit = 10

// unitLogRatios is LogRatios flattened, round after round.
func unitLogRatios(base, variant [][]float64, size int) []float64 {
	return Flat(LogRatios(base, variant, size))
}
