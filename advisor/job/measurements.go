package job

import (
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// Measurements translates the benchmark result for the rules: the
// unrounded intervals, and for every variant the stop rule decided on, its
// decision interval, on which the rules then decide too (a reported low of
// 1.05 that is 1.046 is no gain, and a variant the stop rule settled as not
// clearing the margin is not recommended).
func Measurements(res *bench.Result) *rules.Measurements {
	if res == nil {
		return nil
	}
	m := &rules.Measurements{TablesPerRound: res.TablesPerRound, Rounds: res.Rounds, ChangedOutside: res.ChangedOutside}
	base := res.Variant(bench.Baseline)
	for _, v := range res.Variants {
		rv := rules.Variant{
			Name: v.Name, Changes: v.Changes, Measured: v.Measured, Reason: reasonWithFlag(v.Plan), Mechanism: v.Mechanism(),
			CreateP50: v.Create.P50, CreateP95: v.Create.P95, CreateMean: v.Create.Mean,
			DropP50: v.Drop.P50, DropP95: v.Drop.P95, DropMean: v.Drop.Mean,
			Speedup:      v.Speedup,
			ServerOption: v.ServerOption, DurabilityCost: v.DurabilityCost, StagingOnly: v.StagingOnly,
		}
		if base != nil {
			rv.Rounds = min(len(base.CreateRoundMs), len(v.CreateRoundMs))
		}
		for _, d := range res.Decisions {
			if d.Variant == v.Name {
				rv.Decision, rv.DecisionLevel = d.Interval, d.Level
			}
		}
		m.Variants = append(m.Variants, rv)
	}
	return m
}

func reasonWithFlag(p bench.Plan) string {
	if p.Flag == "" {
		return p.Reason
	}
	return p.Reason + "; measure it with " + p.Flag
}
