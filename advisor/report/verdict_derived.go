package report

import (
	"fmt"
	"sort"
	"strings"
)

// derivedPrefixes start the ids of the findings Judge makes of the
// schema's objects and the queries' classes.
var derivedPrefixes = map[string]string{KindObject: "schema-", KindStatement: "query-"}

// derivedID is the id of a group's finding: "query-breaks", "schema-refused".
func derivedID(g causeGroup) string { return derivedPrefixes[g.Kind] + g.Status }

func isDerived(id string) bool {
	for _, p := range derivedPrefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func withoutDerived(fs []FindingInfo) []FindingInfo {
	out := make([]FindingInfo, 0, len(fs))
	for _, f := range fs {
		if !isDerived(f.ID) {
			out = append(out, f)
		}
	}
	return out
}

func hasFinding(fs []FindingInfo, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}

// derivedFindings are the groups as findings, one a cause, with the
// severity their status has (StatusSeverity, queryStatusSeverity).
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
		out = append(out, FindingInfo{ID: derivedID(g), Severity: g.Severity.String(), severity: g.Severity,
			Title: g.text(), Detail: strings.Join(members, "; "), Evidence: evidence,
			Recommendation: RecommendationInfo{MyCnf: []string{}, SQL: []string{}, Tradeoffs: []string{}}})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].severity > out[j].severity })
	return out
}
