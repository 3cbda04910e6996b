package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Rule removed-variable: a variable set in the option files (or set on the
// server by config or at runtime) that the --target version removed makes
// the target refuse to start ("unknown variable"), unless it is written with
// the loose- prefix, which makes the target ignore it with a warning. A
// deprecated one still works but will not forever. A variable the target's
// vendor line has never had (a MySQL-only option on a move to MariaDB) counts
// as removed. Each variable is reported once, with every place it is set.
//
// The same rule reports keywords the target no longer accepts in a value
// (sql_mode NO_AUTO_CREATE_USER in MySQL 8.0), which also stop start-up.

// removedVaries is why a setting the target refuses is not always critical.
const removedVaries = "a warning when the setting is written with loose- (the target ignores it) or was only set at runtime (statements fail, the server starts)"

func init() {
	register(rule{ID: ruleRemovedVariable, Severity: Critical, Side: SideBySeverity, Check: checkRemovedVariables,
		Description: "finds settings the " + flagname.Target + " refuses: removed variables, and system variables that are not options",
		Varies:      removedVaries,
		Also: []Kind{
			{ID: findingIgnoredVariable, Severity: Warning, Side: SideBySeverity,
				Description: "a setting the target accepts in an option file and ignores"},
			{ID: findingDeprecatedVariable, Severity: Info, Side: SideNone,
				Description: "a setting the target deprecates",
				Varies:      "a warning when the variable has a new name or a later release is known to refuse it"},
			{ID: findingRemovedValue, Severity: Critical, Side: SideBySeverity,
				Description: "a value the target no longer accepts (a sql_mode flag, an enum value)",
				Varies:      removedVaries},
		}})
}

func checkRemovedVariables(s Snapshot) []Finding {
	if s.Target == nil {
		return nil
	}
	var out []Finding
	for _, e := range explicitSettings(s) {
		f, ok := knowledge.Lookup(e.name)
		if !ok {
			continue
		}
		if fd, ok := lifecycleFinding(s, f, e); ok {
			out = append(out, fd)
			continue
		}
		if fd, ok := rejectedValueFinding(s, f, e); ok {
			out = append(out, fd)
		}
	}
	return out
}

// lifecycleFinding reports a setting of a variable the target removed,
// never had, or deprecated.
func lifecycleFinding(s Snapshot, f knowledge.Fact, e explicitSetting) (Finding, bool) {
	target := *s.Target
	lc := f.StatusIn(target)
	switch lc.State {
	case knowledge.StateRemoved, knowledge.StateAbsent:
		return goneFinding(s, f, e, lc), true
	case knowledge.StateIgnored:
		return ignoredFinding(s, f, e, lc), true
	}
	if l := f.LineFor(target); l != nil && l.NotOption && lc.Exists() && len(e.options) > 0 && !e.allLoose() {
		return notOptionFinding(s, f, e, l.OptionName), true
	}
	if lc.State == knowledge.StateDeprecated {
		return deprecatedFinding(s, f, e, lc), true
	}
	return Finding{}, false
}

// goneFinding reports a variable the target does not know.
func goneFinding(s Snapshot, f knowledge.Fact, e explicitSetting, lc knowledge.Lifecycle) Finding {
	target := VersionLabel(*s.Target)
	what := fmt.Sprintf("%s was removed in %s %s", f.Name, s.Target.Name(), lc.Since)
	if lc.State == knowledge.StateAbsent {
		what = fmt.Sprintf("%s does not exist in %s", f.Name, target)
	}
	sev, consequence := goneConsequence(e, target, "an unknown variable")
	return Finding{
		ID:       ruleRemovedVariable,
		Severity: sev,
		Title:    what,
		Detail: strings.Join([]string{
			fmt.Sprintf("%s; %s. %s", what, e.where(), consequence),
			replacementAdvice(f, e, lc.Replacement),
			effectSentence(f),
		}, " "),
		Evidence:       lifecycleEvidence(s, f, e, lc),
		Recommendation: goneRecommendation(f, e, lc, target),
	}
}

// goneConsequence tells what the target does with the setting; problem is
// what the target reports ("an unknown variable", "an invalid value").
func goneConsequence(e explicitSetting, target, problem string) (Severity, string) {
	switch {
	case e.allLoose():
		return Warning, fmt.Sprintf("It is written with the loose- prefix, so %s ignores it with a warning: "+
			"the setting is silently lost.", target)
	case e.runtimeOnly():
		what := "'Unknown system variable'"
		if problem != "an unknown variable" {
			what = problem
		}
		return Warning, fmt.Sprintf("It was changed at runtime; statements that set it so will fail on %s with %s.", target, what)
	}
	return Critical, fmt.Sprintf("The target server will refuse to start with it in my.cnf (%s reports %s).", target, problem)
}

// replacementAdvice names the replacement and, when the value converts
// faithfully, the equivalent setting.
func replacementAdvice(f knowledge.Fact, e explicitSetting, replacement string) string {
	if replacement == "" {
		return "There is no replacement: remove the line."
	}
	if v, ok := f.ReplacementValue(e.value); ok {
		return fmt.Sprintf("Use %s instead: %s.", replacement, mycnfLine(replacement, v))
	}
	return fmt.Sprintf("Use %s instead (its values are not the same: translate the setting by hand).", replacement)
}

// goneRecommendation removes the setting and, when the value converts,
// writes the replacement: in my.cnf, or as SET GLOBAL for runtime changes.
func goneRecommendation(f knowledge.Fact, e explicitSetting, lc knowledge.Lifecycle, target string) Recommendation {
	replacement, converts := "", false
	if lc.Replacement != "" {
		replacement, converts = f.ReplacementValue(e.value)
	}
	if e.runtimeOnly() {
		sql := []string{fmt.Sprintf("-- change the scripts or applications that run SET GLOBAL %s", f.Name)}
		if converts {
			sql = append(sql, fmt.Sprintf("SET GLOBAL %s = '%s'", lc.Replacement, strings.ReplaceAll(replacement, "'", "''")))
		}
		return Recommendation{SQL: sql}
	}
	var lines []string
	for _, o := range e.options {
		lines = append(lines, fmt.Sprintf("# remove %s (%s): not accepted by %s", o.Name, o.Location(), target))
	}
	if len(e.options) == 0 {
		lines = append(lines, fmt.Sprintf("# remove %s from the option files or the command line: not accepted by %s", f.Name, target))
	}
	if converts {
		lines = append(lines, mycnfLine(lc.Replacement, replacement))
	}
	return Recommendation{MyCnf: lines}
}

// deprecatedFinding reports a variable the target deprecates.
func deprecatedFinding(s Snapshot, f knowledge.Fact, e explicitSetting, lc knowledge.Lifecycle) Finding {
	target := VersionLabel(*s.Target)
	title := fmt.Sprintf("%s is deprecated in %s (since %s)", f.Name, target, lc.Since)
	advice := "It still works but logs a deprecation warning and will be removed in a later release."
	// A warning when something must change: the variable has a new name, or
	// a later release is known to refuse it; otherwise information.
	sev := Info
	if l := f.LineFor(*s.Target); l != nil && !l.Removed.IsZero() {
		sev = Warning
		advice = fmt.Sprintf("It still works but logs a deprecation warning; %s %s refuses it.", s.Target.Name(), l.Removed.At)
	}
	if lc.Replacement != "" {
		sev = Warning
	}
	if lc.Replacement != "" {
		advice += " " + replacementAdvice(f, e, lc.Replacement)
	}
	var lines []string
	if lc.Replacement != "" {
		if v, ok := f.ReplacementValue(e.value); ok {
			lines = append(lines, fmt.Sprintf("# replaces %s (deprecated in %s)", f.Name, target), mycnfLine(lc.Replacement, v))
		}
	}
	return Finding{
		ID:             findingDeprecatedVariable,
		Severity:       sev,
		Title:          title,
		Detail:         fmt.Sprintf("%s; %s. %s %s", title, e.where(), advice, effectSentence(f)),
		Evidence:       lifecycleEvidence(s, f, e, lc),
		Recommendation: Recommendation{MyCnf: lines},
	}
}

// rejectedValueFinding reports keywords of the value the target rejects.
func rejectedValueFinding(s Snapshot, f knowledge.Fact, e explicitSetting) (Finding, bool) {
	target := *s.Target
	rejected := f.RejectedValues(target, e.value)
	if len(rejected) == 0 {
		return Finding{}, false
	}
	words := make([]string, 0, len(rejected))
	for _, r := range rejected {
		words = append(words, fmt.Sprintf("%s (removed in %s)", r.Value, r.Removed.At))
	}
	kept := knowledge.WithoutValues(e.value, rejected)
	sev, consequence := goneConsequence(e, VersionLabel(target), "an invalid value")
	title := fmt.Sprintf("%s contains values %s does not accept", f.Name, VersionLabel(target))
	return Finding{
		ID:       findingRemovedValue,
		Severity: sev,
		Title:    title,
		Detail: fmt.Sprintf("%s; %s. %s rejects %s. %s", title, e.where(), VersionLabel(target),
			strings.Join(words, ", "), consequence),
		Evidence: map[string]string{
			"variable": f.Name, "value": e.value, "rejected": strings.Join(knowledge.ValuesOf(rejected), ","),
			"target": VersionLabel(target), "locations": e.locations(), "origin": e.originLabel(),
		},
		Recommendation: Recommendation{MyCnf: []string{
			fmt.Sprintf("# %s without %s", f.Name, strings.Join(knowledge.ValuesOf(rejected), ", ")),
			mycnfLine(f.Name, kept),
		}},
	}, true
}
