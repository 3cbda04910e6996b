package report

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
)

// TestEveryStatusIsDecidedInOnePlace: each status the engines can give is
// either a row of statuses.go or one of those that are no finding, so a
// new status cannot reach the report without its severity and side.
func TestEveryStatusIsDecidedInOnePlace(t *testing.T) {
	noFinding := map[string]bool{"same": true, "fixed": true, "faster": true, "failed-both": true, "loaded": true}
	for _, s := range queries.Statuses() {
		if _, ok := queryStatusRules[s]; !ok && !noFinding[string(s)] {
			t.Errorf("query status %q has no row in statuses.go", s)
		}
	}
	for _, s := range outcome.Statuses {
		if _, ok := schemaStatusRules[s]; !ok && !noFinding[s] {
			t.Errorf("schema status %q has no row in statuses.go", s)
		}
	}
	for s, r := range queryStatusRules {
		if r.side == sideBlocks && s != queries.StatusBreaks {
			t.Errorf("query status %q blocks: only a statement that fails on the target does", s)
		}
	}
}
