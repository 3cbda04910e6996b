package bench

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
)

// Helpers only the tests use.

// Change returns the variant that changes exactly the given settings to the
// given values, as name, value pairs (FilePerTable, "ON"), or nil.
func (r *Result) Change(nameValues ...string) *VariantResult {
	want := pairs(nameValues)
	for i := range r.Variants {
		if sameChanges(r.Variants[i].Changes, want) {
			return &r.Variants[i]
		}
	}
	return nil
}

func pairs(nameValues []string) map[string]string {
	out := map[string]string{}
	for i := 0; i+1 < len(nameValues); i += 2 {
		out[nameValues[i]] = strings.ToUpper(nameValues[i+1])
	}
	return out
}

func sameChanges(a, b map[string]string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// unitLogRatios is paired.LogRatios flattened, round after round.
func unitLogRatios(base, variant [][]float64, size int) []float64 {
	return paired.Flat(paired.LogRatios(base, variant, size))
}
