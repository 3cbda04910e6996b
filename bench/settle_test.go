package bench

import (
	"math"
	"strings"
	"testing"
)

// TestWarmupSettles walks the settle criterion through rounds of levels
// (each round's mean statement time per server): it stops at the first
// round that agrees with the one before within SettleTolerance on every
// server, never before MinWarmupRounds, and at MaxWarmupRounds at the
// latest.
func TestWarmupSettles(t *testing.T) {
	steady := func(n int, level float64) [][]float64 {
		var out [][]float64
		for range n {
			out = append(out, []float64{level, level})
		}
		return out
	}
	tests := []struct {
		name   string
		levels [][]float64
		rounds int
		stop   string
	}{
		{"a settled server stops after the minimum", steady(5, 3), MinWarmupRounds, WarmupSettled},
		{"a fresh server slowing down then steady",
			[][]float64{{9, 3}, {6, 3}, {4.2, 3}, {3.5, 3}, {3.3, 3}, {3.3, 3}}, 5, WarmupSettled},
		{"one server unsettled keeps both warming up",
			[][]float64{{3, 6}, {3, 3}, {3, 4}, {3, 4.1}}, 4, WarmupSettled},
		{"exactly at the tolerance counts as agreeing",
			[][]float64{{2, 2}, {2 * (1 + SettleTolerance/2), 2}}, 2, WarmupSettled},
		{"never settling stops at the limit",
			alternating(MaxWarmupRounds + 3), MaxWarmupRounds, WarmupMax},
		{"a round without statements is not settled",
			[][]float64{{3, 3}, {0, 3}, {3, 3}, {3, 3}}, 4, WarmupSettled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w Warmup
			over := false
			for _, l := range tt.levels {
				if over = w.observe(l); over {
					break
				}
			}
			if !over || w.Rounds != tt.rounds || w.Stop != tt.stop {
				t.Errorf("over %v after %d rounds, stop %q; want %d rounds, stop %q (levels %v)", over, w.Rounds, w.Stop, tt.rounds, tt.stop, w.Levels)
			}
			if w.Stop == WarmupSettled && w.Change > SettleTolerance {
				t.Errorf("settled with a change of %.3f", w.Change)
			}
			if !strings.Contains(w.Text(), "warm-up rounds") {
				t.Errorf("text %q does not say how many warm-up rounds", w.Text())
			}
		})
	}
}

// alternating levels jump by 50% every round: never settled.
func alternating(n int) [][]float64 {
	var out [][]float64
	for i := range n {
		out = append(out, []float64{2 + float64(i%2), 2})
	}
	return out
}

func TestLargestChange(t *testing.T) {
	tests := []struct {
		prev, cur []float64
		want      float64
	}{
		{[]float64{2, 4}, []float64{2, 4}, 0},
		{[]float64{2, 4}, []float64{2.2, 3}, 0.25},
		{[]float64{2}, []float64{2, 4}, math.Inf(1)},
		{[]float64{0, 4}, []float64{2, 4}, math.Inf(1)},
	}
	for _, tt := range tests {
		if got := largestChange(tt.prev, tt.cur); math.Abs(got-tt.want) > 1e-9 && !(math.IsInf(got, 1) && math.IsInf(tt.want, 1)) {
			t.Errorf("largestChange(%v, %v) = %v, want %v", tt.prev, tt.cur, got, tt.want)
		}
	}
}
