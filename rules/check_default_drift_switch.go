package rules

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Default drift of optimizer_switch flags: a flag left at its default whose
// default differs in the target changes query plans at the upgrade, like
// any other default (MariaDB 10.11 -> 11.8: hash_join_cardinality and
// cset_narrowing turn on). Today's flag comes from optimizer_switch's value
// when the server reported it, else from today's version's default; a flag
// an option file names is set on purpose and not drift.

// switchFlagDrifts lists the drift findings of the optimizer_switch flags.
func switchFlagDrifts(s Snapshot) []Finding {
	target := *s.Target
	var out []Finding
	for _, f := range knowledge.OptimizerSwitchFlags() {
		today, okToday := f.DefaultFor(s.Flavor)
		next, okTarget := f.DefaultFor(target)
		if !okToday || !okTarget || today == next || configNamesFlag(s, f.Name) {
			continue
		}
		if st, ok := s.Variables[knowledge.OptimizerSwitch]; ok {
			if v, named := knowledge.SwitchFlag(st.Value, f.Name); named && v != today {
				continue // set to something other than today's default
			}
		}
		out = append(out, switchFlagFinding(s, f, today, next))
	}
	return out
}

// configNamesFlag reports whether an option file of --config sets the
// flag in an optimizer_switch line read by today's server.
func configNamesFlag(s Snapshot, flag string) bool {
	for _, o := range s.Config {
		if ConfigVarName(o.Name) != knowledge.OptimizerSwitch || !s.Flavor.ReadsOptionGroup(o.Section) {
			continue
		}
		if _, named := knowledge.SwitchFlag(o.Value, flag); named {
			return true
		}
	}
	return false
}

// switchFlagFinding is the drift finding of one flag: information (plans
// change, results do not), with the line that keeps today's plans
// commented out, as for other optional pins.
func switchFlagFinding(s Snapshot, f knowledge.Fact, today, next string) Finding {
	target := VersionLabel(*s.Target)
	pin := fmt.Sprintf("%s = '%s=%s'", knowledge.OptimizerSwitch, f.Name, today)
	return Finding{
		ID:       RuleDefaultDrift,
		Severity: Info,
		Title:    fmt.Sprintf("optimizer_switch flag %s default changes from %s to %s in %s", f.Name, today, next, target),
		Detail: fmt.Sprintf("optimizer_switch's flag %s is at its default (%s) on %s; %s defaults to %s, so query plans can change at the upgrade unless it is pinned. %s.",
			f.Name, today, s.Flavor, target, next, capitalize(f.Effect)),
		Evidence: map[string]string{"variable": knowledge.OptimizerSwitch, "flag": f.Name, "current": today,
			"target_default": next, "target": target},
		Recommendation: Recommendation{
			MyCnf: []string{fmt.Sprintf("# keep %s plans: %s turns %s %s", s.Flavor, target, f.Name, next),
				"# " + pin + "   # optional: flags not named keep their defaults; the new default is usually the better one"},
			Tradeoffs: []string{fmt.Sprintf("pinning %s=%s keeps today's plans but forgoes the optimisation; test the queries with it on instead", f.Name, today)},
		},
	}
}
