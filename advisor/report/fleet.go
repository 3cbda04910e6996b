package report

import (
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// HostResult is one server's outcome in a fleet run.
type HostResult struct {
	Host     string
	Report   *Report
	Err      error
	Duration time.Duration
}

// Fleet is the outcome of a fleet run (--hosts), host by host.
type Fleet []HostResult

// FleetWorst is the exit-code view of a fleet: how many hosts failed, and
// the worst finding severity of the others.
func FleetWorst(results []HostResult) (failed int, worst rules.Severity, any bool) {
	for _, r := range results {
		if r.Err != nil {
			failed++
			continue
		}
		if w, ok := r.Report.Worst(); ok && (!any || w > worst) {
			worst, any = w, true
		}
	}
	return failed, worst, any
}
