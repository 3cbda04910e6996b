package rules

import "fmt"

func init() {
	Register(Rule{ID: "ddl-both-off", Check: checkBothOff})
}

// checkBothOff reports the combination when both changes help and together
// they help more than either alone (the 5.5-like configuration).
func checkBothOff(s Snapshot) []Finding {
	both := s.Bench.Variant(VariantBothOff)
	base := s.Bench.Variant(VariantBaseline)
	fpt := s.Bench.Variant(VariantFilePerTableOff)
	stats := s.Bench.Variant(VariantStatsPersistentOff)
	if both == nil || base == nil || fpt == nil || stats == nil || !both.Measured || !fpt.Measured || !stats.Measured {
		return nil
	}
	if s.Bench.Rounds < MinRoundsForAdvice || !fpt.Speedup.Faster(GainMargin) || !stats.Speedup.Faster(GainMargin) {
		return nil
	}
	if both.Speedup.Low <= max(fpt.Speedup.Ratio, stats.Speedup.Ratio) {
		return nil
	}
	f := Finding{ID: "ddl-both-off", Severity: Info, MeasuredSpeedup: measuredSpeedup(both, base),
		Title:    fmt.Sprintf("Both settings off together: CREATE TABLE %.2fx faster", both.Speedup.Ratio),
		Detail:   SpeedupText(both, base) + " with innodb_file_per_table=OFF and innodb_stats_persistent=OFF (" + both.Mechanism + "), more than either alone. This is how MySQL 5.5 created tables.",
		Evidence: map[string]string{"variant": VariantBothOff, "workload": string(s.Workload.Class)}}
	switch s.Workload.Class {
	case WorkloadOLTP:
		f.Detail += " Not recommended for this OLTP workload: see the separate findings for the trade-offs."
	case WorkloadDDLHeavy:
		f.Severity = Warning
		f.Recommendation.MyCnf = []string{"# both together: " + SpeedupText(both, base)}
	}
	return []Finding{f}
}
