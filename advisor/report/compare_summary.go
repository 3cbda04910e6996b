package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// CompareSummary states the regression of the target as it runs, decided
// on the stop rule's interval (decision), and the fewest changes that
// recover the source's speed.
func CompareSummary(r *CompareReport, decision effect.Interval) []string {
	var out []string
	base := r.Variants[0]
	if base.VsSourceBaseline != nil {
		iv := *base.VsSourceBaseline
		sentence := effect.TimeSentence("CREATE TABLE on the target as it runs", "the source's", iv, decision)
		if effect.OfTime(effect.Deciding(iv, decision)) != effect.VerdictSlower {
			return append(out, strings.TrimSuffix(sentence, ".")+"; nothing to recover.")
		}
		out = append(out, sentence)
	}
	var recovering []string
	for _, name := range []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff} {
		v := variantByName(r.Variants, name)
		if v != nil && v.Recovers {
			recovering = append(recovering, fmt.Sprintf("%s: %.2fx the source's time (%s)",
				settingsLabel(v.Target), v.VsSourceBaseline.Ratio, v.VsSourceBaseline.CI()))
		}
	}
	if len(recovering) > 0 {
		return append(out, "Recovered on the target by "+strings.Join(recovering, "; by ")+".")
	}
	if best := closestVariant(r.Variants); best != nil {
		out = append(out, fmt.Sprintf("No measured setting recovers the source's speed; closest: %s at %.2fx the source's time (%s).",
			settingsLabel(best.Target), best.VsSourceBaseline.Ratio, best.VsSourceBaseline.CI()))
	}
	return out
}

func variantByName(vs []CompareVariant, name string) *CompareVariant {
	for i := range vs {
		if vs[i].Name == name {
			return &vs[i]
		}
	}
	return nil
}

func closestVariant(vs []CompareVariant) *CompareVariant {
	var best *CompareVariant
	for i := range vs {
		if vs[i].VsSourceBaseline != nil && (best == nil || vs[i].VsSourceBaseline.Ratio < best.VsSourceBaseline.Ratio) {
			best = &vs[i]
		}
	}
	return best
}
