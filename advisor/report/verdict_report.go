package report

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
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
	if r.Target == nil && r.Schema == nil && r.Queries == nil && !hasKind(own, rules.FindingTargetBinaryRefused) {
		r.Verdict = nil
		return
	}
	v := judge(verdictInput{target: target, groups: groups, findings: own, checked: checkedOf(r.Schema, r.Queries, r.Target != nil),
		unverified: r.howToRun()})
	r.Verdict = &v
}

// howToRun is "" when something ran on the target (the schema loaded into
// a sandbox of it, the statements run on it, its binary asked about the
// settings); otherwise how to make the run put things through the target.
func (r *Report) howToRun() string {
	switch {
	case r.Queries != nil, r.Schema != nil && !strings.HasSuffix(r.Schema.Target, outcome.KnowledgeOnly),
		r.Target != nil && r.Target.Binary != "":
		return ""
	}
	return "give the target's own server, by name (" + flagname.Target + " mariadb-11.8 or mysql-9.7: fetched into the servers' cache) or as " + flagname.TargetBasedir + " " +
		"(an extracted tarball, or / for the installed one): the schema loads into it and its binary is asked about the settings; or rehearse"
}

// targetName names the target in the verdict: "MySQL 8.4", or the server
// the schema or the queries ran on.
func (r *Report) targetName() string {
	switch {
	case r.Target != nil:
		return strings.TrimSpace(flavorName(r.Target.Flavor) + " " + r.Target.Version)
	case r.Schema != nil && r.Schema.Target != "":
		return strings.TrimSuffix(strings.TrimSuffix(r.Schema.Target, " (sandbox)"), outcome.KnowledgeOnly)
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
	v := judge(verdictInput{target: target, checked: []string{"CREATE TABLE only: rehearse, or check with " + flagname.SchemaFile + " and " + flagname.Queries + ", checks the schema and the application's statements"}})
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
