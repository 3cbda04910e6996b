package report

// The comparison in words, for its text and Markdown forms.

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

func createCell(v *VariantInfo) string {
	if v == nil || !v.Measured {
		return "not measured"
	}
	return fmt.Sprintf("%.2f", v.CreateMs.P50)
}

func recoveryCell(v CompareVariant) string {
	if v.VsSourceBaseline == nil {
		return "-"
	}
	s := v.VsSourceBaseline.String()
	if v.Recovers {
		s += " recovers"
	}
	return s
}

// targetSlower reports whether the target as it runs is shown slower than
// the source, decided as CompareSummary decides it: then its summary asks
// for action.
func (r *CompareReport) targetSlower() bool {
	if len(r.Variants) == 0 || r.Variants[0].VsSourceBaseline == nil {
		return true
	}
	var decision effect.Interval
	if r.Decision != nil {
		decision = r.Decision.Interval
	}
	return effect.OfTime(effect.Deciding(*r.Variants[0].VsSourceBaseline, decision)) == effect.VerdictSlower
}
