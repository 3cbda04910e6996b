package paired

import (
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

func seq(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i + 1)
	}
	return out
}
