package bench

import (
	"slices"
	"testing"
)

// TestPositionOrderBalancesTheServers: over a cycle of positions, each
// server's statement of a variant follows the other server's statement of
// it as often as the reverse, so the work a statement leaves behind falls
// on both sides alike (the fixed order made A/A compares read the second
// server slower); with one server the order is the variants' rotation.
func TestPositionOrderBalancesTheServers(t *testing.T) {
	plans := []Plan{{Name: Baseline}, {Name: FilePerTableOff}, {Name: StatsPersistentOff}, {Name: BothOff}}
	a, b := &runner{measured: plans}, &runner{measured: plans}
	runners := []*runner{a, b}
	slots := slotsOf(runners)
	follows := map[[2]*runner]int{}
	for round := range 2 {
		for p := range 2 * len(slots) {
			order := positionOrder(runners, p, round)
			if len(order) != len(slots) || !isPermutation(order) {
				t.Fatalf("position %d: %v is not an order of the %d slots", p, order, len(slots))
			}
			for i := 1; i < len(order); i++ {
				prev, cur := slots[order[i-1]], slots[order[i]]
				if prev.p.Name == cur.p.Name {
					follows[[2]*runner{prev.r, cur.r}]++
				}
			}
		}
	}
	if follows[[2]*runner{a, b}] != follows[[2]*runner{b, a}] || follows[[2]*runner{a, b}] == 0 {
		t.Errorf("b after a %d times, a after b %d times", follows[[2]*runner{a, b}], follows[[2]*runner{b, a}])
	}
	one := []*runner{a}
	for p := range 8 {
		if got, want := positionOrder(one, p, 1), rotate(indices(len(plans)), p+1); !slices.Equal(got, want) {
			t.Errorf("one server, position %d: %v, want the rotation %v", p, got, want)
		}
	}
}

func isPermutation(xs []int) bool {
	s := slices.Sorted(slices.Values(xs))
	for i, x := range s {
		if x != i {
			return false
		}
	}
	return true
}
