package bench

import (
	"maps"
	"slices"
)

// GlobalsTouched lists the variables any plan sets, sorted.
func GlobalsTouched(plans []Plan) []string {
	seen := map[string]bool{}
	for _, p := range plans {
		for k := range p.Globals {
			seen[k] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}
