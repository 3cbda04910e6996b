package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// evaluateDDLChange is the shared logic of the file-per-table and
// persistent-statistics rules: weigh the measured effect against the workload.
func evaluateDDLChange(s Snapshot, c ddlChange) []Finding {
	v := s.Bench.Changing(c.variable)
	base := s.Bench.Baseline()
	if v == nil || base == nil {
		return nil
	}
	label := changeLabel(v, c.variable)
	if f, few := tooFewRounds(s, c.idPrefix, label); few && v.Measured {
		return []Finding{f}
	}
	if !v.Measured {
		return []Finding{{ID: c.idPrefix + "-not-measured", Severity: Info,
			Title:    label + " was not measured",
			Detail:   v.Reason + ".",
			Evidence: map[string]string{"variant": v.Name, "direction": v.Direction()}}}
	}
	if v.Direction() == "on" {
		return []Finding{c.cost(s, v, base)}
	}
	f := Finding{
		MeasuredSpeedup: measuredSpeedup(v, base),
		Evidence: map[string]string{"variant": v.Name, "direction": v.Direction(), "workload": string(s.Workload.Class),
			"mechanism": v.Mechanism, "speedup": fmt.Sprintf("%.2f", v.Speedup.Ratio)},
	}
	measured := speedupText(v, base) + " with " + label + " (" + v.Mechanism + ")."
	gain := v.Deciding().Faster()
	switch {
	case !gain:
		f.ID, f.Severity = c.idPrefix+"-no-gain", Info
		f.Title = label + ": no gain shown on this server"
		f.Detail = fmt.Sprintf("%s The %s reaches below %.2fx, so no gain worth the trade-offs could be shown here; keep the current setting (a longer "+flagname.Budget+" narrows the interval, though never below the spread of repeated runs, about ±4%%).",
			measured, decidingText(v, false), effect.GainThreshold)
	case s.Workload.Class == WorkloadDDLHeavy:
		f.ID, f.Severity = c.idPrefix+"-recommend", Warning
		f.Title = fmt.Sprintf("DDL-heavy workload: %s makes CREATE TABLE %.2fx faster", label, v.Speedup.Ratio)
		f.Detail = measured + impactText(s, v, base) + " The workload creates and drops tables as part of its normal work, so the saving recurs."
		f.Recommendation = c.recommendation(s, v, base, true)
	case s.Workload.Class == WorkloadMixed:
		f.ID, f.Severity = c.idPrefix+"-consider", Info
		f.Title = fmt.Sprintf("Mixed workload: %s would make CREATE TABLE %.2fx faster", label, v.Speedup.Ratio)
		f.Detail = measured + impactText(s, v, base) + " Worth it only for the part of the application that creates tables; prefer a per-table alternative where there is one."
		f.Recommendation = c.recommendation(s, v, base, false)
	case s.Workload.Class == WorkloadOLTP:
		f.ID, f.Severity = c.idPrefix+"-keep", Info
		f.Title = fmt.Sprintf("OLTP workload: keep the current setting (%s would save little)", label)
		f.Detail = measured + impactText(s, v, base) + " An OLTP workload rarely creates or drops tables, so the saving does not pay for the trade-offs: " + strings.Join(c.tradeoffs, "; ") + "."
	default:
		f.ID, f.Severity = c.idPrefix+"-if-ddl-heavy", Info
		f.Title = fmt.Sprintf("If the application creates tables routinely: %s makes CREATE TABLE %.2fx faster", label, v.Speedup.Ratio)
		f.Detail = measured + " The workload class is unknown (" + s.Workload.Reason + "); the change pays off only for applications that create and drop tables as normal work (per-tenant schemas, test suites, ETL staging tables)."
		f.Recommendation = c.recommendation(s, v, base, false)
	}
	return []Finding{f}
}
