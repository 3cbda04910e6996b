package report

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// PinsHelp says the measurement supports the pins: the pinned target is
// faster than the carried-over one by more than the margin, or (today's
// version measured) it recovers today's speed where the carried-over
// target does not, and is not slower than it.
func (r *RehearseReport) PinsHelp() bool {
	if r.PinnedVsCarried == nil {
		return false
	}
	if effect.OfTime(*r.PinnedVsCarried) == effect.VerdictFaster {
		return true
	}
	pinned, carried := r.Variant(SideTargetPinned, bench.Baseline), r.Variant(SideTargetCarried, bench.Baseline)
	return r.SourceRuns && pinned != nil && carried != nil && pinned.Recovers && !carried.Recovers && r.PinnedVsCarried.Ratio < 1
}

// pinList names the pins with today's values: "innodb_stats_persistent=OFF, ...".
func pinList(pins []carryover.DriftPin) string {
	var s []string
	for _, p := range pins {
		s = append(s, p.Name+"="+p.Today)
	}
	return strings.Join(s, ", ")
}
