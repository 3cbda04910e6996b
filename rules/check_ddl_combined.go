package rules

import "fmt"

func init() {
	register(rule{ID: "ddl-both", Severity: Info, Side: SideNone, Check: checkBothChanged,
		Description: "weighs turning innodb_file_per_table and innodb_stats_persistent off together, or the cost of both on",
		Varies:      "ddl-both-off is a warning on a DDL-heavy workload, where the measured saving recurs"})
}

// checkBothChanged reports the variant that changes both DDL settings: on a
// server that runs them ON, turning both off when together they help more
// than either alone (the 5.5-like configuration); on a server that runs them
// OFF, what turning both on costs (what the 5.6 defaults do to it).
func checkBothChanged(s Snapshot) []Finding {
	both := s.Bench.Changing("innodb_file_per_table", "innodb_stats_persistent")
	base := s.Bench.Baseline()
	if both == nil || base == nil || !both.Measured || s.Bench.Rounds < minRoundsForAdvice {
		return nil
	}
	switch both.Direction() {
	case "off":
		return bothOff(s, both, base)
	case "on":
		return []Finding{bothOn(s, both, base)}
	}
	return nil
}

func bothOff(s Snapshot, both, base *Variant) []Finding {
	fpt := s.Bench.Changing("innodb_file_per_table")
	stats := s.Bench.Changing("innodb_stats_persistent")
	if fpt == nil || stats == nil || !fpt.Measured || !stats.Measured {
		return nil
	}
	if !fpt.Deciding().Faster() || !stats.Deciding().Faster() {
		return nil
	}
	if both.Speedup.Low <= max(fpt.Speedup.Ratio, stats.Speedup.Ratio) {
		return nil
	}
	f := Finding{ID: "ddl-both-off", Severity: Info, MeasuredSpeedup: measuredSpeedup(both, base),
		Title:    fmt.Sprintf("Both settings off together: CREATE TABLE %.2fx faster", both.Speedup.Ratio),
		Detail:   speedupText(both, base) + " with innodb_file_per_table=OFF and innodb_stats_persistent=OFF (" + both.Mechanism + "), more than either alone. This is how MySQL 5.5 created tables.",
		Evidence: map[string]string{"variant": both.Name, "direction": both.Direction(), "workload": string(s.Workload.Class)}}
	switch s.Workload.Class {
	case WorkloadOLTP:
		f.Detail += " Not recommended for this OLTP workload: see the separate findings for the trade-offs."
	case WorkloadDDLHeavy:
		f.Severity = Warning
		f.Recommendation.MyCnf = []string{"# both together: " + speedupText(both, base)}
	}
	return []Finding{f}
}

// bothOn is the cost of both new defaults at once, as an upgrade from
// MySQL 5.5 (or a server configured like it) brings them.
func bothOn(s Snapshot, both, base *Variant) Finding {
	f, measured := costFinding(s, "ddl-both-on", both, base, "innodb_file_per_table=ON and innodb_stats_persistent=ON")
	if !both.Deciding().Slower() {
		f.Title = "Both settings on together: no cost shown on this server"
		f.Detail = measured + " The interval reaches below the smallest cost acted on."
		return f
	}
	f.Title = fmt.Sprintf("Both settings on together: CREATE TABLE %.2fx slower", both.Speedup.Slowdown().Ratio)
	f.Detail = measured + impactText(s, both, base) + " This is what the defaults of MySQL 5.6 and MariaDB 10.0 and later do to this server's CREATE TABLE unless both are pinned."
	return f
}
