package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// Judge decides the report's verdict (nil when the report judges no
// target: an audit or inspect without --target) and makes the schema's
// objects and the queries' classes findings, one a cause, so that the
// findings count and --fail-on weigh them as the sections do. It can run
// again after a section is added: the findings it made are replaced.
func (r *Report) Judge() {
	groups := append(schemaGroupsByCause(r.Schema), queryGroups(r.Queries)...)
	target := r.targetName()
	own := withoutDerived(r.Findings)
	r.Findings = append(derivedFindings(groups, target), own...)
	if r.Target == nil && r.Schema == nil && r.Queries == nil && !hasFinding(own, "target-binary-refused") {
		r.Verdict = nil
		return
	}
	v := judge(verdictInput{target: target, groups: groups, findings: own, checked: checkedOf(r.Schema, r.Queries, r.Target != nil)})
	r.Verdict = &v
}

// targetName names the target in the verdict: "MySQL 8.4", or the server
// the schema or the queries ran on.
func (r *Report) targetName() string {
	switch {
	case r.Target != nil:
		return strings.TrimSpace(flavorName(r.Target.Flavor) + " " + r.Target.Version)
	case r.Schema != nil && r.Schema.Target != "":
		return strings.TrimSuffix(r.Schema.Target, " (sandbox)")
	case r.Queries != nil && r.Queries.Target != "":
		return r.Queries.Target
	}
	return "the target"
}

// Judge decides the rehearsal's verdict and makes the schema's objects and
// the queries' classes findings (see Report.Judge); the options the
// target's binary refused and an in-place upgrade that did not come up
// clean block it too.
func (r *RehearseReport) Judge() {
	groups := append(schemaGroupsByCause(r.Schema), queryGroups(r.Queries)...)
	target := strings.TrimSpace(flavorName(r.Target.Flavor) + " " + r.Target.Version)
	own := withoutDerived(r.Findings)
	r.Findings = append(derivedFindings(groups, target), own...)
	v := judge(verdictInput{target: target, groups: groups, findings: own, refused: r.Validation.Refused, inPlace: r.InPlace,
		checked: checkedOf(r.Schema, r.Queries, true)})
	r.Verdict = &v
}

// Judge decides the comparison's verdict: it measures CREATE TABLE on
// both servers and runs nothing of the application, so nothing it checks
// can block or change: ready, with what it measured in the summary.
func (r *CompareReport) Judge() {
	target := strings.TrimSpace(flavorName(r.Target.Server.Flavor) + " " + r.Target.Server.Version)
	v := judge(verdictInput{target: target, checked: []string{"CREATE TABLE only: rehearse, or check with --schema-file and --queries, checks the schema and the application's statements"}})
	r.Verdict = &v
}

// checkedOf says what a run checked, for a ready verdict.
func checkedOf(s *Schema, q *Queries, settings bool) []string {
	var out []string
	if settings {
		out = append(out, "settings and defaults")
	}
	if s != nil {
		out = append(out, countNoun(len(s.Objects), "object")+" of the schema")
	}
	if q != nil {
		out = append(out, countNoun(len(q.Results), "statement")+" of the application")
	}
	return out
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
	return fmt.Sprintf("%s on the target that nothing of yours sets; --verbose lists them",
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
