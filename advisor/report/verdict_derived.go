package report

import (
	"fmt"
	"sort"
	"strings"
)

// derivedID is the id of a group's finding, its kind's: "query-breaks",
// "schema-refused".
func derivedID(g causeGroup) string { return g.kind.ID }

// isDerived reports whether a finding is of a kind Judge makes of the
// schema's objects or the queries' classes (statuses.go).
func isDerived(f FindingInfo) bool {
	id := kindOf(f).ID
	for _, k := range queryStatusFindings {
		if k == id {
			return true
		}
	}
	for _, k := range schemaStatusFindings {
		if k == id {
			return true
		}
	}
	return false
}

func withoutDerived(fs []FindingInfo) []FindingInfo {
	out := make([]FindingInfo, 0, len(fs))
	for _, f := range fs {
		if !isDerived(f) {
			out = append(out, f)
		}
	}
	return out
}

// hasKind reports whether a finding of the kind is among fs.
func hasKind(fs []FindingInfo, kind string) bool {
	for _, f := range fs {
		if kindOf(f).ID == kind {
			return true
		}
	}
	return false
}

// derivedFindings are the groups as findings, one a cause, with the
// severity of the kind their status is (statuses.go).
func derivedFindings(groups []causeGroup, target string) []FindingInfo {
	var out []FindingInfo
	for _, g := range groups {
		var members []string
		for _, m := range g.Members {
			s := m.Text
			if m.Fix != "" {
				s += " (" + m.Fix + ")"
			}
			members = append(members, s)
		}
		evidence := map[string]string{"status": g.Status, "count": fmt.Sprint(len(g.Members)), "target": target}
		if g.Code != 0 {
			evidence["code"] = fmt.Sprint(g.Code)
		}
		f := newFinding(g.kind.ID)
		f.Title, f.Detail, f.Evidence = g.text(), strings.Join(members, "; "), evidence
		f.Recommendation = RecommendationInfo{MyCnf: []string{}, SQL: []string{}, Tradeoffs: []string{}}
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].severity > out[j].severity })
	return out
}
