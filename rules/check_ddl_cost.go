package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// cost weighs a variant that turns the setting ON on a server that runs it
// OFF: what the new default (MySQL 5.6 and MariaDB 10.0 on) would cost this
// server's CREATE/DROP TABLE, said as a slowdown. Pinning the setting for an
// upgrade is the default-drift rule's job (it knows the --target); this
// finding says the cost whether or not a target was given.
func (c ddlChange) cost(s Snapshot, v, base *Variant) Finding {
	label := changeLabel(v, c.variable)
	f, measured := costFinding(s, c.idPrefix+"-cost", v, base, label)
	upgrade := fmt.Sprintf(" This server runs %s=OFF; MySQL 5.6 and MariaDB 10.0 and later default to ON, so an upgrade that does not pin the setting brings this change.", c.variable)
	if !v.Deciding().Slower() {
		f.ID = c.idPrefix + "-no-cost"
		f.Title = label + ": no cost shown on this server"
		f.Detail = fmt.Sprintf("%s%s The slowdown's %s reaches below %.2fx, so no cost worth pinning the old value for could be shown here (a longer "+flagname.Budget+" narrows the interval, though never below the spread of repeated runs, about ±4%%).",
			measured, upgrade, decidingText(v, true), effect.GainThreshold)
		return f
	}
	f.Title = fmt.Sprintf("CREATE TABLE %.2fx slower with %s", v.Speedup.Slowdown().Ratio, label)
	f.Detail = measured + impactText(s, v, base) + upgrade
	switch s.Workload.Class {
	case WorkloadDDLHeavy:
		f.Detail += fmt.Sprintf(" The workload creates and drops tables as normal work, so the cost recurs: keep %s=OFF across the upgrade (audit with "+flagname.Target+" VERSION writes the my.cnf line that pins it).", c.variable)
	case WorkloadOLTP:
		f.Detail += " An OLTP workload rarely creates or drops tables, so the cost hardly matters, while keeping OFF gives up what the new default brings (" + strings.Join(c.tradeoffs, "; ") + "): take the new default."
	default:
		f.Detail += fmt.Sprintf(" It matters only if the application creates and drops tables as normal work (per-tenant schemas, test suites, ETL staging tables); then keep %s=OFF across the upgrade.", c.variable)
	}
	return f
}

// costFinding starts the finding on a variant that turns settings on: its
// evidence, measured speedup and the sentence saying what was measured with
// label (the settings it turns on).
func costFinding(s Snapshot, id string, v, base *Variant, label string) (Finding, string) {
	f := Finding{ID: id, Severity: Info, MeasuredSpeedup: measuredSpeedup(v, base),
		Evidence: map[string]string{"variant": v.Name, "direction": v.Direction(), "workload": string(s.Workload.Class),
			"mechanism": v.Mechanism, "slowdown": fmt.Sprintf("%.2f", v.Speedup.Slowdown().Ratio)}}
	return f, speedupText(v, base) + " with " + label + " (" + v.Mechanism + "); " + slowdownText(v.Speedup) + "."
}
