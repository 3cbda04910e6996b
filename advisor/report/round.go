package report

import "math"

// Round rounds x to n decimals, for stable and readable reports.
func Round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}
