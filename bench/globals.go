package bench

import "sort"

// GlobalsTouched lists the variables any plan sets, sorted.
func GlobalsTouched(plans []Plan) []string {
	seen := map[string]bool{}
	for _, p := range plans {
		for k := range p.Globals {
			seen[k] = true
		}
	}
	return sortedKeys(seen)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
