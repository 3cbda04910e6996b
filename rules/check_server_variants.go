package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

func init() {
	register(rule{ID: "server-variant", Severity: Info, Side: SideNone, Check: checkServerVariants,
		Description: "reports settings that need a restart, measured on sandboxes of their own, with their durability cost"})
}

// checkServerVariants reports settings that need a restart, measured on
// separate sandboxes. Settings that weaken durability are labelled
// "staging/test only" and their my.cnf lines stay commented out.
func checkServerVariants(s Snapshot) []Finding {
	if s.Bench == nil {
		return nil
	}
	base := s.Bench.Baseline()
	var out []Finding
	for i := range s.Bench.Variants {
		v := &s.Bench.Variants[i]
		if v.ServerOption == "" || !v.Measured || base == nil {
			continue
		}
		if f, few := tooFewRounds(s, "server-variant-"+v.Name, v.ServerOption); few {
			out = append(out, f)
			continue
		}
		out = append(out, serverVariantFinding(s, v, base))
	}
	return out
}

func serverVariantFinding(s Snapshot, v, base *Variant) Finding {
	setting := strings.Replace(v.ServerOption, "=", " = ", 1)
	f := Finding{ID: "server-variant-" + v.Name, Severity: Info, MeasuredSpeedup: measuredSpeedup(v, base),
		Evidence: map[string]string{"variant": v.Name, "server_option": v.ServerOption, "staging_only": fmt.Sprint(v.StagingOnly)}}
	measured := speedupText(v, base) + " on a sandbox started with " + v.ServerOption + "."
	switch {
	case !v.Deciding().Faster():
		f.Title = v.ServerOption + ": no gain shown for CREATE TABLE"
		f.Detail = fmt.Sprintf("%s The %s reaches below %.2fx.", measured, decidingText(v, false), effect.GainThreshold)
		return f
	case v.StagingOnly:
		f.Title = fmt.Sprintf("Staging/test only: %s makes CREATE TABLE %.2fx faster", v.ServerOption, v.Speedup.Ratio)
		f.Detail = measured + " It weakens durability: " + v.DurabilityCost + ". Use it only where data loss does not matter (test suites, CI, throwaway staging)."
		f.Recommendation = Recommendation{MyCnf: []string{"# staging/test only — " + speedupText(v, base), "# " + setting + "   # durability cost: " + v.DurabilityCost},
			Tradeoffs: []string{v.DurabilityCost}}
	default:
		f.Title = fmt.Sprintf("%s makes CREATE TABLE %.2fx faster (needs a restart)", v.ServerOption, v.Speedup.Ratio)
		f.Detail = measured + " Durability cost: " + v.DurabilityCost + ". It takes a server restart; weigh it with the workload (" + string(s.Workload.Class) + ")."
		f.Recommendation = Recommendation{MyCnf: []string{"# " + speedupText(v, base) + " (needs a restart)", "# " + setting + "   # consider: " + v.DurabilityCost},
			Tradeoffs: []string{v.DurabilityCost}}
	}
	return f
}
