package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
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

// Ids of the removed-variable rule and of its findings: removed (or unknown
// to the target) variables carry the rule's id.
const (
	ruleRemovedVariable       = "removed-variable"
	findingDeprecatedVariable = "deprecated-variable"
	findingRemovedValue       = "removed-value"
)

// removedVaries is why a setting the target refuses is not always critical.
const removedVaries = "a warning when the setting is written with loose- (the target ignores it) or was only set at runtime (statements fail, the server starts)"

func init() {
	register(rule{ID: ruleRemovedVariable, Severity: Critical, Check: checkRemovedVariables,
		Description: "finds settings the --target refuses: removed variables, and system variables that are not options",
		Varies:      removedVaries,
		Also: []findingKind{
			{ID: findingIgnoredVariable, Severity: Warning,
				Description: "a setting the target accepts in an option file and ignores"},
			{ID: findingDeprecatedVariable, Severity: Info,
				Description: "a setting the target deprecates",
				Varies:      "a warning when the variable has a new name or a later release is known to refuse it"},
			{ID: findingRemovedValue, Severity: Critical,
				Description: "a value the target no longer accepts (a sql_mode flag, an enum value)",
				Varies:      removedVaries},
		}})
}

// explicitSetting is one variable the user sets: where, to what, and how
// the server reports it.
type explicitSetting struct {
	name    string
	value   string
	options []ConfigOption // option-file lines that set it (may be empty)
	origin  Origin         // the server's origin; "" when the server was not read
}

// allLoose reports whether the setting comes only from loose- options.
func (e explicitSetting) allLoose() bool {
	if len(e.options) == 0 {
		return false
	}
	for _, o := range e.options {
		if !o.Loose {
			return false
		}
	}
	return true
}

// runtimeOnly reports whether the setting was only changed with SET GLOBAL.
func (e explicitSetting) runtimeOnly() bool { return len(e.options) == 0 && e.origin == OriginRuntime }

func (e explicitSetting) locations() string {
	locs := make([]string, 0, len(e.options))
	for _, o := range e.options {
		locs = append(locs, o.Location())
	}
	return strings.Join(locs, ", ")
}

// Location is where the option was read, as file:line.
func (o ConfigOption) Location() string {
	file := o.File
	if file == "" {
		file = "option file"
	}
	return fmt.Sprintf("%s:%d", file, o.Line)
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

// explicitSettings collects the variables set in option files the target
// reads (in file order), then those the server reports as set by config or
// at runtime that the files did not show (by name).
func explicitSettings(s Snapshot) []explicitSetting {
	var out []explicitSetting
	index := map[string]int{}
	for _, o := range s.Config {
		if !s.Target.ReadsOptionGroup(o.Section) {
			continue
		}
		name := ConfigVarName(o.Name)
		if i, ok := index[name]; ok {
			out[i].options = append(out[i].options, o)
			out[i].value = o.Value // the last occurrence wins
			continue
		}
		index[name] = len(out)
		out = append(out, explicitSetting{name: name, value: o.Value, options: []ConfigOption{o}})
	}
	var fromServer []explicitSetting
	for name, st := range s.Variables {
		name = flavor.OptionName(name)
		if !st.Origin.Explicit() {
			continue
		}
		if i, ok := index[name]; ok {
			out[i].origin = st.Origin
			continue
		}
		fromServer = append(fromServer, explicitSetting{name: name, value: st.Value, origin: st.Origin})
	}
	sort.Slice(fromServer, func(i, j int) bool { return fromServer[i].name < fromServer[j].name })
	return append(out, fromServer...)
}

// ConfigVarName returns the variable an option sets: "-" is "_", and the
// loose-, skip-, enable- and disable- prefixes of known variables are dropped
// ("skip-log-bin" sets log_bin).
func ConfigVarName(option string) string {
	name := strings.TrimPrefix(flavor.OptionName(option), "loose_")
	for _, prefix := range []string{"skip_", "enable_", "disable_"} {
		rest, ok := strings.CutPrefix(name, prefix)
		if _, known := knowledge.Lookup(rest); ok && known {
			return rest
		}
	}
	return name
}

// configSets reports whether an option that a server of flavor fl reads
// sets the variable name.
func configSets(config []ConfigOption, fl flavor.Flavor, name string) bool {
	for _, o := range config {
		if ConfigVarName(o.Name) == name && fl.ReadsOptionGroup(o.Section) {
			return true
		}
	}
	return false
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

// where says how the setting was found.
func (e explicitSetting) where() string {
	val := showRaw(e.value)
	switch {
	case len(e.options) > 0:
		return fmt.Sprintf("it is set to %s in %s", val, e.locations())
	case e.origin == OriginRuntime:
		return fmt.Sprintf("the server runs with %s set at runtime (SET GLOBAL)", val)
	case e.origin == OriginPersisted:
		return fmt.Sprintf("it is persisted as %s with SET PERSIST (mysqld-auto.cnf in the datadir, read at every start; RESET PERSIST removes it)", val)
	}
	return fmt.Sprintf("the server reports it set to %s by an option file or the command line", val)
}

func showRaw(v string) string {
	if knowledge.Unquote(v) == "" {
		return "'' (empty)"
	}
	return knowledge.Unquote(v)
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

// originLabel is the server's origin, or "config" for a setting seen only
// in the option files.
func (e explicitSetting) originLabel() string {
	if e.origin == "" && len(e.options) > 0 {
		return string(OriginConfig)
	}
	return originLabel(e.origin)
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

func lifecycleEvidence(s Snapshot, f knowledge.Fact, e explicitSetting, lc knowledge.Lifecycle) map[string]string {
	ev := map[string]string{
		"variable": f.Name,
		"state":    lc.State.String(),
		"target":   VersionLabel(*s.Target),
		"value":    e.value,
		"origin":   e.originLabel(),
	}
	if !lc.Since.IsZero() {
		ev["since"] = lc.Since.String()
	}
	if lc.Replacement != "" {
		ev["replacement"] = lc.Replacement
	}
	if len(e.options) > 0 {
		ev["locations"] = e.locations()
	}
	return ev
}
