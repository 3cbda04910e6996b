package advisor

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// serverInfo identifies the inspected server in a report.
func serverInfo(in *inspection) report.ServerInfo {
	version := ""
	if !in.Flavor.Version.IsZero() {
		version = in.Flavor.Version.String()
	}
	return report.ServerInfo{
		Address: in.Address, Flavor: string(in.Flavor.Vendor), Version: version,
		VersionString: in.Flavor.Raw, VersionComment: in.VersionComment,
		ReadOnly: rules.IsTrue(in.Variables["read_only"].Value),
	}
}

// measurements translates the benchmark result for the rules.
func measurements(res *bench.Result) *rules.Measurements {
	if res == nil {
		return nil
	}
	m := &rules.Measurements{TablesPerRound: res.TablesPerRound, Rounds: res.Rounds}
	var baseRounds []float64
	if base := res.Variant(bench.Baseline); base != nil {
		baseRounds = base.CreateRoundMs
	}
	for _, v := range res.Variants {
		speedup := report.RoundInterval(v.Speedup)
		m.Variants = append(m.Variants, rules.Variant{
			Rounds: len(bench.PairedRatios(baseRounds, v.CreateRoundMs)),
			Name:   v.Name, Measured: v.Measured, Reason: reasonWithFlag(v.Plan), Mechanism: v.Mechanism(),
			CreateP50: v.Create.P50, CreateP95: v.Create.P95, CreateMean: v.Create.Mean,
			DropP50: v.Drop.P50, DropP95: v.Drop.P95, DropMean: v.Drop.Mean,
			Speedup:      rules.Interval{Ratio: speedup.Ratio, Low: speedup.Low, High: speedup.High},
			ServerOption: v.ServerOption, DurabilityCost: v.DurabilityCost, StagingOnly: v.StagingOnly,
		})
	}
	return m
}

func reasonWithFlag(p bench.Plan) string {
	if p.Flag == "" {
		return p.Reason
	}
	return p.Reason + "; measure it with " + p.Flag
}
