package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// verdictInput is what a verdict is decided on.
type verdictInput struct {
	target   string        // "MySQL 9.7.4"
	groups   []causeGroup  // the statements and objects, by cause
	findings []FindingInfo // the rules' findings (not those of the groups)
	refused  []RefusedInfo // settings the target's binary refused
	inPlace  *InPlace      // the in-place upgrade, when rehearsed
	checked  []string      // what was checked, for a ready verdict
	// unverified says, when nothing ran on the target, how to make the
	// run real: the verdict is then unverified rather than ready.
	unverified string
}

// judge decides the verdict: blocked when a statement breaks, an object is
// refused or fails when called, the target refuses a setting (its binary,
// or a critical finding), or the in-place upgrade did not come up clean;
// changes when statements return other rows or order, objects are
// rewritten or use reserved names, or a finding at warning level (a
// default that matters) says the target behaves differently; ready
// otherwise. Performance (slower, faster, plans) and advice never decide it.
func judge(in verdictInput) Verdict {
	v := Verdict{Blockers: []VerdictItem{}, Changes: []VerdictItem{}}
	for _, g := range in.groups {
		item := VerdictItem{Kind: g.Kind, Status: g.Status, Code: g.Code, Count: len(g.Members), Text: g.text(),
			Examples: g.Members, Finding: derivedID(g)}
		switch g.kind.At(g.kind.Severity) {
		case rules.SideBlocks:
			v.Blockers = append(v.Blockers, item)
		case rules.SideChanges:
			v.Changes = append(v.Changes, item)
		}
	}
	if len(in.refused) > 0 {
		v.Blockers = append(v.Blockers, refusedItem(in.refused))
	}
	blockers, changes := findingItems(in.findings, in.refused)
	v.Blockers = append(v.Blockers, blockers...)
	v.Changes = append(v.Changes, changes...)
	if ip := in.inPlace; ip != nil && !ip.Clean {
		v.Blockers = append(v.Blockers, VerdictItem{Kind: KindUpgrade, Count: 1, Text: ip.Verdict()})
	}
	switch {
	case len(v.Blockers) > 0:
		v.Readiness, v.Summary = Blocked, "blocked: "+countsLine(v.Blockers, in.target)
	case len(v.Changes) > 0:
		v.Readiness, v.Summary = Changes, "changes: "+countsLine(v.Changes, in.target)
	case in.unverified != "":
		v.Readiness = Unverified
		v.Summary = fmt.Sprintf("unverified: nothing the knowledge base knows of fails or behaves differently on %s, but nothing ran on it", in.target)
		if len(in.checked) > 0 {
			v.Summary += " (checked against the knowledge base: " + strings.Join(in.checked, ", ") + ")"
		}
		v.Summary += "; to make it real: " + in.unverified
	default:
		v.Readiness = Ready
		v.Summary = fmt.Sprintf("ready: nothing fails or behaves differently on %s in what this run checked", in.target)
		if len(in.checked) > 0 {
			v.Summary += " (" + strings.Join(in.checked, ", ") + ")"
		}
	}
	return v
}

// refusedItem is the settings the target's binary refused, as one blocker.
func refusedItem(refused []RefusedInfo) VerdictItem {
	item := VerdictItem{Kind: KindSetting, Status: "refused", Count: len(refused),
		Text: countNoun(len(refused), KindSetting) + " of today's my.cnf the target refuses to start with"}
	for _, r := range refused {
		text := r.Option
		if r.Where != "" {
			text += " (" + r.Where + ")"
		}
		item.Examples = append(item.Examples, VerdictExample{Text: text, Fix: r.Message})
	}
	return item
}

// findingItems sorts the findings (not the groups') into the verdict by
// the side their kind gives them in the rules registry (sideOf): most
// count by their severity, critical ones blockers (a setting that stops
// the target starting, accounts that cannot log in), warnings changes,
// the drift of defaults that matter folded into one item; performance
// advice (the DDL and server-variant rules), notices and information are
// left to the findings. A finding on an option the target's binary
// refused is that blocker already.
func findingItems(fs []FindingInfo, refused []RefusedInfo) (blockers, changes []VerdictItem) {
	var drift VerdictItem
	for _, f := range fs {
		side := sideOf(f)
		if side == rules.SideNone || refusedAlready(f, refused) {
			continue
		}
		if side == rules.SideBlocks {
			blockers = append(blockers, VerdictItem{Kind: findingKind(f), Status: f.Severity, Count: 1, Text: f.Title, Finding: f.ID,
				Examples: findingExamples(f)})
			continue
		}
		if kindOf(f).ID == rules.RuleDefaultDrift {
			drift.Count++
			drift.Examples = append(drift.Examples, VerdictExample{Text: f.Title, Fix: pinFix(f)})
			continue
		}
		changes = append(changes, VerdictItem{Kind: findingKind(f), Status: f.Severity, Count: 1, Text: f.Title, Finding: f.ID,
			Examples: findingExamples(f)})
	}
	if drift.Count > 0 {
		drift.Kind, drift.Finding = KindDefault, rules.RuleDefaultDrift
		drift.Text = countNoun(drift.Count, KindDefault) + map[bool]string{true: " that matters changes", false: " that matter change"}[drift.Count == 1] + " on the target"
		changes = append([]VerdictItem{drift}, changes...)
	}
	return blockers, changes
}

// findingExamples is a finding on a setting as its one member: the
// option as the file sets it, with the my.cnf lines the finding advises.
func findingExamples(f FindingInfo) []VerdictExample {
	name := firstNonEmpty(f.Evidence["variable"], f.Evidence["option"])
	if name == "" {
		return nil
	}
	text := name
	if v := f.Evidence["value"]; v != "" {
		text += "=" + v
	}
	where := f.Evidence["locations"]
	if file := f.Evidence["file"]; where == "" && file != "" {
		where = file + ":" + f.Evidence["line"]
	}
	if where != "" {
		text += " (" + where + ")"
	}
	var fix []string
	for _, l := range f.Recommendation.MyCnf {
		fix = append(fix, strings.TrimPrefix(l, "# "))
	}
	return []VerdictExample{{Text: text, Fix: strings.Join(fix, "; ")}}
}

// pinFix is the my.cnf line of a drift finding that keeps today's value.
func pinFix(f FindingInfo) string {
	for _, l := range f.Recommendation.MyCnf {
		if !strings.HasPrefix(l, "#") {
			return "to keep today's behaviour: " + l
		}
	}
	return ""
}

// findingKind is a setting for a finding on a variable or option, a
// replication run for a replication rehearsal's, a finding otherwise.
func findingKind(f FindingInfo) string {
	switch id := kindOf(f).ID; {
	case f.Evidence["variable"] != "" || f.Evidence["option"] != "":
		return KindSetting
	case id == rules.FindingReplication || id == rules.FindingReplicationUnsafe:
		return KindReplication
	}
	return KindFinding
}

// refusedAlready reports whether the finding is about an option the
// target's binary refused.
func refusedAlready(f FindingInfo, refused []RefusedInfo) bool {
	name := optionName(firstNonEmpty(f.Evidence["variable"], f.Evidence["option"]))
	if name == "" {
		return false
	}
	for _, r := range refused {
		if optionName(r.Option) == name {
			return true
		}
	}
	return false
}

// optionName is an option's name without value or loose- prefix, with _
// for -.
func optionName(opt string) string {
	name, _, _ := strings.Cut(opt, "=")
	name = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "loose-")
	return strings.ReplaceAll(name, "-", "_")
}

// countsLine is the counts of the items by what they are: "3 statements
// fail on MySQL 9.7.4, 2 objects refused".
func countsLine(items []VerdictItem, target string) string {
	var order []string
	n := map[string]int{}
	for _, it := range items {
		key := it.Kind + "/" + it.Status
		if n[key] == 0 {
			order = append(order, key)
		}
		n[key] += it.Count
	}
	parts := make([]string, 0, len(order))
	for _, key := range order {
		kind, status, _ := strings.Cut(key, "/")
		parts = append(parts, countPhrase(kind, status, n[key], target))
	}
	return strings.Join(parts, ", ")
}

// countPhrase says n items of one kind and status in the summary line.
func countPhrase(kind, status string, n int, target string) string {
	verb := func(one, many string) string {
		if n == 1 {
			return one
		}
		return many
	}
	switch kind + "/" + status {
	case KindStatement + "/" + string(queries.StatusBreaks):
		return fmt.Sprintf("%s %s on %s", countNoun(n, kind), verb("fails", "fail"), target)
	case KindStatement + "/" + string(queries.StatusChanged):
		return fmt.Sprintf("%s %s other rows", countNoun(n, kind), verb("returns", "return"))
	case KindStatement + "/" + string(queries.StatusOrder):
		return fmt.Sprintf("%s %s rows in another order", countNoun(n, kind), verb("returns", "return"))
	case KindObject + "/" + outcome.StatusRefused:
		return countNoun(n, kind) + " refused"
	case KindObject + "/" + outcome.StatusRuntime:
		return fmt.Sprintf("%s %s when called", countNoun(n, kind), verb("fails", "fail"))
	case KindObject + "/" + outcome.StatusRewritten:
		return countNoun(n, kind) + " rewritten"
	case KindObject + "/" + outcome.StatusReserved:
		return fmt.Sprintf("%s %s a reserved name", countNoun(n, kind), verb("uses", "use"))
	case "replication run/critical":
		return fmt.Sprintf("replication %s in %s", verb("stops", "stops or differs"), countNoun(n, kind))
	case "setting/refused", "setting/critical":
		return countNoun(n, kind) + " the target refuses"
	case "setting/warning":
		return fmt.Sprintf("%s that %s", countNoun(n, kind), verb("changes", "change"))
	case "finding/critical":
		return countNoun(n, "critical finding")
	case "finding/warning":
		return countNoun(n, "other finding")
	case "default/":
		return countNoun(n, kind) + verb(" that matters changes", " that matter change")
	case "upgrade/":
		return "the in-place upgrade did not come up clean"
	}
	if status == "" {
		return countNoun(n, kind)
	}
	return countNoun(n, kind) + " " + status
}
