package bench

import (
	"fmt"
	"math"
	"testing"
)

func TestPercentile(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		p    float64
		want float64
	}{
		{"empty", nil, 50, 0},
		{"single", []float64{7}, 95, 7},
		{"odd median", []float64{3, 1, 2}, 50, 2},
		{"even median interpolates", []float64{4, 1, 3, 2}, 50, 2.5},
		{"p95 of 1..21", seq(21), 95, 20},
		{"p0 is min", []float64{5, 9, 2}, 0, 2},
		{"p100 is max", []float64{5, 9, 2}, 100, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percentile(tt.xs, tt.p); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPercentileDoesNotReorderInput(t *testing.T) {
	xs := []float64{3, 1, 2}
	Median(xs)
	if xs[0] != 3 || xs[1] != 1 {
		t.Fatalf("input reordered: %v", xs)
	}
}

func TestBootstrapMedianBracketsTheMedian(t *testing.T) {
	xs := []float64{1.40, 1.52, 1.44, 1.47, 1.38, 1.50, 1.45, 1.43, 1.49, 1.46}
	iv := BootstrapMedian(xs)
	if iv.Ratio != Median(xs) {
		t.Fatalf("ratio %v is not the median %v", iv.Ratio, Median(xs))
	}
	if !(iv.Low <= iv.Ratio && iv.Ratio <= iv.High) {
		t.Fatalf("interval %v does not contain the median", iv)
	}
	if iv.Low < 1.38 || iv.High > 1.52 {
		t.Fatalf("interval %v leaves the data range", iv)
	}
	if again := BootstrapMedian(xs); again != iv {
		t.Fatalf("not reproducible: %v then %v", iv, again)
	}
}

func TestBootstrapMedianNarrowsWithMoreRounds(t *testing.T) {
	few := []float64{1.2, 1.6, 1.4, 1.3, 1.5}
	var many []float64
	for range 8 {
		many = append(many, few...)
	}
	if BootstrapMedian(many).HalfWidth() >= BootstrapMedian(few).HalfWidth() {
		t.Fatal("more rounds of the same spread should narrow the interval")
	}
}

func TestPairedRatiosSkipsEmptyRounds(t *testing.T) {
	got := PairedRatios([]float64{10, 0, 9}, []float64{5, 3, 3})
	if len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Fatalf("got %v", got)
	}
}

func seq(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i + 1)
	}
	return out
}

// BenchmarkBootstrapMedian measures the cross-server comparison's statistics
// (2000 resamples); the stop rule uses the cheaper t interval instead
// (BenchmarkStopDecision).
func BenchmarkBootstrapMedian(b *testing.B) {
	for _, rounds := range []int{5, 20, 100} {
		xs := make([]float64, rounds)
		for i := range xs {
			xs[i] = 1.4 + float64(i%7)/100
		}
		b.Run(fmt.Sprintf("rounds=%d", rounds), func(b *testing.B) {
			for b.Loop() {
				BootstrapMedian(xs)
			}
		})
	}
}
