package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

func init() {
	register(rule{ID: "calibration-changed-outside", Severity: Critical, Side: SideBySeverity, Check: checkChangedOutside,
		Description: "objects outside the scratch schema appeared or went during a calibration on a live server"})
}

// checkChangedOutside reports what the server's catalog shows changed
// outside the scratch schema while the calibration ran.
func checkChangedOutside(s Snapshot) []Finding {
	if s.Bench == nil || len(s.Bench.ChangedOutside) == 0 {
		return nil
	}
	changes := s.Bench.ChangedOutside
	return []Finding{{
		ID: "calibration-changed-outside", Severity: Critical,
		Title: fmt.Sprintf("%d object(s) outside the scratch schema changed during the calibration", len(changes)),
		Detail: "the server's catalog before and after the calibration differs outside the scratch schema: " + strings.Join(changes, "; ") +
			". The calibration sends only judged table DDL inside its scratch schema; if no other session made these changes, " +
			"stop using this tool on this server and report it as a bug of upgrade-advisor with the " + flagname.DDLFile + " used",
		Evidence: map[string]string{"changed": strings.Join(changes, "\n")},
		Recommendation: Recommendation{Tradeoffs: []string{
			"run audit with the least-privilege account of docs/safety.md: the server itself then refuses anything outside the scratch schema"}},
	}}
}
