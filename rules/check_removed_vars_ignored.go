package rules

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// The removed-variable rule tells three kinds of removal apart, because
// servers treat them differently at start-up:
//   - refused: the server stops with "unknown variable" (critical, in
//     check_removed_vars.go);
//   - accepted and ignored: the server starts, logs that the option "was
//     removed" and "does nothing now" (MariaDB keeps most InnoDB options it
//     drops this way): a warning, the line only has to go;
//   - deprecated: still works, logs a deprecation warning.
// A system variable that exists but is not an option (MariaDB's
// tx_isolation, whose option is transaction-isolation) is refused in
// my.cnf like a removed one.

// findingIgnoredVariable is the id of findings about options the target
// accepts but ignores.
const findingIgnoredVariable = "ignored-variable"

// ignoredFinding reports an option the target accepts and ignores.
func ignoredFinding(s Snapshot, f knowledge.Fact, e explicitSetting, lc knowledge.Lifecycle) Finding {
	target := VersionLabel(*s.Target)
	title := fmt.Sprintf("%s does nothing since %s %s; remove it", f.Name, s.Target.Name(), lc.Since)
	sev, consequence := Warning, fmt.Sprintf("%s still accepts it in an option file, logs a warning that it was removed, "+
		"and ignores the value: the setting no longer has any effect.", target)
	if lc.Since.IsZero() {
		title = fmt.Sprintf("%s does nothing in %s; remove it", f.Name, s.Target.Name())
		consequence = fmt.Sprintf("%s accepts it only for compatibility with the other vendor's option files, logs a warning "+
			"and ignores the value: the setting has no effect there.", target)
	}
	if e.runtimeOnly() {
		consequence = fmt.Sprintf("It was changed at runtime; SET GLOBAL %s fails on %s with 'Unknown system variable'.", f.Name, target)
	}
	ev := lifecycleEvidence(s, f, e, lc)
	ev["kind"] = "accepted and ignored"
	return Finding{
		ID:             findingIgnoredVariable,
		Severity:       sev,
		Title:          title,
		Detail:         fmt.Sprintf("%s; %s. %s %s", title, e.where(), consequence, effectSentence(f)),
		Evidence:       ev,
		Recommendation: ignoredRecommendation(f, e, target),
	}
}

func ignoredRecommendation(f knowledge.Fact, e explicitSetting, target string) Recommendation {
	var lines []string
	for _, o := range e.options {
		lines = append(lines, fmt.Sprintf("# remove %s (%s): ignored by %s", o.Name, o.Location(), target))
	}
	if len(e.options) == 0 {
		lines = append(lines, fmt.Sprintf("# remove %s from the option files or the command line: ignored by %s", f.Name, target))
	}
	return Recommendation{MyCnf: lines}
}

// notOptionFinding reports a variable the target knows but refuses as an
// option-file setting.
func notOptionFinding(s Snapshot, f knowledge.Fact, e explicitSetting, option string) Finding {
	target := VersionLabel(*s.Target)
	title := fmt.Sprintf("%s is not an option in %s: the server refuses to start with it in my.cnf", f.Name, target)
	lines := []string{}
	for _, o := range e.options {
		lines = append(lines, fmt.Sprintf("# remove %s (%s): %s reports an unknown variable", o.Name, o.Location(), target))
	}
	advice := "Remove the line."
	if option != "" {
		advice = fmt.Sprintf("Write %s instead.", mycnfLine(option, e.value))
		lines = append(lines, mycnfLine(option, e.value))
	}
	ev := map[string]string{"variable": f.Name, "state": "not an option", "target": target, "value": e.value,
		"origin": e.originLabel(), "locations": e.locations()}
	return Finding{
		ID:       ruleRemovedVariable,
		Severity: Critical,
		Title:    title,
		Detail: fmt.Sprintf("%s; %s. %s has it as a system variable (SET works) but not as a start-up option, so the server "+
			"stops with 'unknown variable'. %s %s", title, e.where(), target, advice, effectSentence(f)),
		Evidence:       ev,
		Recommendation: Recommendation{MyCnf: lines},
	}
}
