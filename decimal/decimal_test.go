package decimal

import "testing"

func TestRound(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		n    int
		want float64
	}{
		{1.23456, 2, 1.23},
		{1.235, 1, 1.2},
		{2.5, 0, 3},
		{-2.5, 0, -3},
		{1234.5678, 3, 1234.568},
		{0.0000004, 6, 0},
		{99.96, 1, 100},
	} {
		if got := Round(tt.x, tt.n); got != tt.want {
			t.Errorf("Round(%v, %d) = %v, want %v", tt.x, tt.n, got, tt.want)
		}
	}
}
