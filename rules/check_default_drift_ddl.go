package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// The drift of a DDL setting (innodb_file_per_table, innodb_stats_persistent)
// is weighed by what the upgrade's change costs this server's CREATE/DROP
// TABLE, as the calibration measured it: the variant that changes the
// setting to the target's default. The my.cnf advice follows the workload:
//   - ddl-heavy: pin today's value when the measured cost clears the
//     threshold (or when the cost could not be measured: the cautious
//     default); leave the pin commented out when the interval shows no cost;
//   - oltp: accept the new default;
//   - mixed, unknown: the pin commented out, to uncomment for applications
//     that create tables routinely.

// weighDDLCost returns the sentences on the DDL cost of the drift and sets
// f's measured cost and my.cnf lines.
func (d drift) weighDDLCost(s Snapshot, c ddlChange, f *Finding) []string {
	name, target := d.fact.Name, *s.Target
	if knowledge.NormalizeValue(name, d.targetDefault) != "ON" {
		return nil
	}
	v, base := s.Bench.Change(name, d.targetDefault), s.Bench.Baseline()
	measured := v != nil && v.Measured && base != nil && s.Bench.Rounds >= minRoundsForAdvice
	parts := []string{ddlCostText(s, name, v, base, measured)}
	// The change's own trade-offs replace the knowledge base's general one.
	f.Recommendation.Tradeoffs = append(append([]string{}, c.tradeoffs...), f.Recommendation.Tradeoffs[1:]...)
	if measured {
		f.MeasuredSpeedup = measuredSpeedup(v, base)
		f.Evidence["variant"], f.Evidence["direction"] = v.Name, v.Direction()
	}
	costly := measured && v.Deciding().Slower()
	switch {
	case s.Workload.Class == WorkloadOLTP:
		acceptNewDefault(f, d, target)
		return append(parts, "For this OLTP workload the extra DDL cost rarely matters, and the new default brings what OFF gives up: accept it.")
	case s.Workload.Class == WorkloadDDLHeavy && costly:
		f.Recommendation.MyCnf = d.pinWithCost(s, c, v, base)
		return append(parts, fmt.Sprintf("The workload creates and drops tables as normal work: pin %s.", mycnfLine(name, d.pin)))
	case s.Workload.Class == WorkloadDDLHeavy && !measured:
		return append(parts, fmt.Sprintf("The workload creates and drops tables as normal work: pin %s until the cost is measured.", mycnfLine(name, d.pin)))
	case s.Workload.Class == WorkloadDDLHeavy:
		f.Severity = Info
		d.commentOutPin(f, "optional: no cost above the threshold measured here")
		return append(parts, "The measured interval shows no cost worth pinning the old value for: the new default is fine here.")
	}
	d.commentOutPin(f, "uncomment if the application creates tables routinely")
	return parts
}

// ddlCostText explains the CREATE/DROP TABLE cost of a variable becoming
// ON, quoting the calibration where it measured the change.
func ddlCostText(s Snapshot, name string, v, base *Variant, measured bool) string {
	text := fmt.Sprintf("With %s=ON every CREATE TABLE and DROP TABLE does extra work, which raises the cost of "+
		"CREATE TABLE / DROP TABLE: negligible for most applications, but it adds up for those that create and drop "+
		"tables as part of normal work (per-tenant schemas, test suites, ETL staging tables).", name)
	switch {
	case measured:
		return text + fmt.Sprintf(" Measured on this server, the upgrade's change: %s with %s=ON (%s); %s.", speedupText(v, base), name, v.Mechanism, slowdownText(v.Speedup))
	case s.Bench == nil:
		return text + " Not measured here: the audit's calibration measures exactly this change; run `upgrade-advisor audit` to see its cost on this server."
	case v != nil && !v.Measured && v.Reason != "":
		return text + " Not measured here: " + v.Reason + "."
	}
	return text + " This run did not measure the change (too few rounds, or no variant for it)."
}

// pinWithCost writes the pin under comments quoting the measured slowdown
// and what keeping the old value gives up.
func (d drift) pinWithCost(s Snapshot, c ddlChange, v, base *Variant) []string {
	lines := []string{
		fmt.Sprintf("# keep %s behaviour: %s defaults to %s", s.Flavor.String(), VersionLabel(*s.Target), showValue(d.fact, d.targetDefault)),
		fmt.Sprintf("# %s=ON: %s; %s", d.fact.Name, speedupText(v, base), slowdownText(v.Speedup)),
	}
	for _, t := range c.tradeoffs {
		lines = append(lines, "# trade-off: "+t)
	}
	if warning := c.lifecycleWarning(s); warning != "" {
		lines = append(lines, "# "+warning)
	}
	return append(lines, mycnfLine(d.fact.Name, d.pin))
}

// commentOutPin turns the pin line of a drift recommendation into a comment.
func (d drift) commentOutPin(f *Finding, why string) {
	pin := mycnfLine(d.fact.Name, d.pin)
	for i, l := range f.Recommendation.MyCnf {
		if strings.TrimSpace(l) == pin {
			f.Recommendation.MyCnf[i] = "# " + pin + "   # " + why
		}
	}
}
