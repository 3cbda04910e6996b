// Package decimal rounds figures to a number of decimals, as the reports
// store and show them: the report's model and the load section that
// footprint builds use the one Round. It imports nothing of the project.
package decimal

import "math"

// Round rounds x to n decimals, halves away from zero.
func Round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}
