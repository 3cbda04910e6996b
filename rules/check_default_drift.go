package rules

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Rule default-drift: a setting the server runs with only because it is the
// compiled-in default, and whose default differs in the --target version,
// will silently change at the upgrade. The finding names both values, what
// changes, and the my.cnf line that keeps today's behaviour.
//
// "At its default today" is decided per variable:
//   - origin compiled: yes; origin config or runtime: no;
//   - origin sandbox-option (a sandbox's stand-in for how the server runs):
//     yes unless an option file given with --config sets it;
//   - origin unknown and option files were given: yes when no option of the
//     given files sets it and, if the current version's default is known,
//     the value equals it (otherwise something else set it, such as the
//     command line or a file that was not given);
//   - origin unknown and no option files: yes when the value equals the
//     current version's documented default.
//
// A variable that does not exist today but that the target adds is drift
// too, when the knowledge base says what today's behaviour corresponds to
// (knowledge.Fact.Implied) and the target's default differs from it, e.g.
// innodb_stats_persistent from MySQL 5.5 to 5.6.

func init() {
	register(rule{ID: RuleDefaultDrift, Severity: Info, Side: SideBySeverity, Check: checkDefaultDrift,
		Description: "lists the variables left at a default that the " + flagname.Target + " changes, with the line that pins today's value",
		Varies:      "a warning for the variables of warningDrift, whose change users notice; a DDL-cost drift is information again when the workload or the measurement says the new default is fine"})
}

// ddlCostChanges maps the variables behind the CREATE/DROP TABLE regression
// to their DDL rule; the calibration variant that changes the variable to
// the target's default measures what the upgrade costs.
var ddlCostChanges = map[string]ddlChange{
	"innodb_file_per_table":   filePerTableChange,
	"innodb_stats_persistent": statsPersistentChange,
}

func checkDefaultDrift(s Snapshot) []Finding {
	if s.Target == nil {
		return nil
	}
	s = withConfigDefaults(s)
	var out []Finding
	for _, name := range knowledge.Names() {
		f, _ := knowledge.Lookup(name)
		if d, ok := findDrift(s, f); ok {
			out = append(out, d.finding(s))
		}
	}
	return append(out, switchFlagDrifts(s)...)
}

// finding renders a drift as a Finding.
func (d drift) finding(s Snapshot) Finding {
	target := *s.Target
	name := d.fact.Name
	sev := Info
	if warningDrift[name] {
		sev = Warning
	}
	f := Finding{
		ID:       RuleDefaultDrift,
		Severity: sev,
		Title:    d.title(target),
		Evidence: map[string]string{
			"variable":       name,
			"current":        d.current,
			"target_default": d.targetDefault,
			"origin":         d.origin,
			"target":         VersionLabel(target),
		},
		Recommendation: d.recommendation(s),
	}
	parts := []string{d.situation(s), effectSentence(d.fact)}
	if c, ddl := ddlCostChanges[name]; ddl {
		parts = append(parts, d.weighDDLCost(s, c, &f)...)
	}
	f.Detail = strings.Join(parts, " ")
	return f
}
