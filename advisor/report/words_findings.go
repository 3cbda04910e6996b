package report

// The findings as every format groups and folds them: by severity, their
// counts, and the drift of defaults nothing of the user's touches folded into
// one line.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// severityGroup is the findings of one severity, in report order.
type severityGroup struct {
	Severity string
	Label    string
	Findings []FindingInfo
}

// severityGroups groups findings by severity: critical, warning and info
// always (possibly empty), then any other severity in name order.
func severityGroups(fs []FindingInfo) []severityGroup {
	groups := []severityGroup{{Severity: "critical", Label: "Critical"}, {Severity: "warning", Label: "Warning"}, {Severity: "info", Label: "Info"}}
	index := map[string]int{"critical": 0, "warning": 1, "info": 2}
	var others []string
	for _, f := range fs {
		if _, ok := index[f.Severity]; !ok {
			index[f.Severity] = -1
			others = append(others, f.Severity)
		}
	}
	sort.Strings(others)
	for _, s := range others {
		index[s] = len(groups)
		groups = append(groups, severityGroup{Severity: s, Label: capitalize(s)})
	}
	for _, f := range fs {
		g := &groups[index[f.Severity]]
		g.Findings = append(g.Findings, f)
	}
	return groups
}

func capitalize(s string) string {
	if s == "" {
		return "Unclassified"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// findingCounts is "0 critical, 1 warning, 1 info" (plus other severities).
func findingCounts(groups []severityGroup) string {
	parts := make([]string, 0, len(groups))
	for _, g := range groups {
		parts = append(parts, fmt.Sprintf("%d %s", len(g.Findings), strings.ToLower(g.Label)))
	}
	return strings.Join(parts, ", ")
}

// findingsTitle is the findings' count line.
func findingsTitle(prefix string, fs []FindingInfo) string {
	return fmt.Sprintf("%s: %s", prefix, findingCounts(severityGroups(fs)))
}

// foldable reports whether a finding is the drift of a default, at
// information level, that nothing of the user's sets and nothing measured
// touches: the reports fold those into one line (--verbose lists them;
// JSON always does).
func foldable(f FindingInfo, touched map[string]bool) bool {
	return f.ID == rules.RuleDefaultDrift && f.severity == rules.Info && f.MeasuredSpeedup == nil &&
		!touched[optionName(f.Evidence["variable"])]
}

// foldFindings splits findings into those listed and those folded.
func foldFindings(fs []FindingInfo, touched map[string]bool, verbose bool) (listed, folded []FindingInfo) {
	for _, f := range fs {
		if !verbose && foldable(f, touched) {
			folded = append(folded, f)
			continue
		}
		listed = append(listed, f)
	}
	return listed, folded
}

// foldedLine is the one line the folded findings become.
func foldedLine(n int) string {
	return fmt.Sprintf("%s on the target that nothing of yours sets; "+flagname.Verbose+" lists them",
		map[bool]string{true: "1 default differs", false: fmt.Sprintf("%d defaults differ", n)}[n == 1])
}

// touched are the variables a report's user sets (--config, today's
// explicit settings carried over) or its measurement changes.
func (r *Report) touched() map[string]bool {
	t := map[string]bool{}
	for _, c := range r.Config {
		t[optionName(c.Name)] = true
	}
	if r.Benchmark != nil {
		for _, v := range r.Benchmark.Variants {
			for name := range v.Changes {
				t[optionName(name)] = true
			}
		}
	}
	return t
}

func (r *RehearseReport) touched() map[string]bool {
	t := map[string]bool{}
	for _, c := range r.Carryover {
		t[optionName(c.Name)] = true
		if c.TargetName != "" {
			t[optionName(c.TargetName)] = true
		}
	}
	for _, p := range r.Pins {
		t[optionName(p.Name)] = true
	}
	for _, sd := range r.Sides {
		for _, v := range sd.Variants {
			for name := range v.Settings {
				t[optionName(name)] = true
			}
		}
	}
	return t
}
