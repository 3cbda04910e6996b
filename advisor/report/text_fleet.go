package report

import (
	"fmt"
	"io"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// fleetText prints the summary table and each failure.
func fleetText(w io.Writer, results Fleet) error {
	fmt.Fprintf(w, "%-28s %-22s %-10s %-9s %-30s %s\n", "host", "server", "workload", "worst", "innodb_file_per_table change", "time")
	failed := 0
	for _, r := range results {
		if r.Err != nil {
			failed++
			fmt.Fprintf(w, "%-28s %-22s %-10s %-9s %-30s %.1fs\n", r.Host, "FAILED", "-", "error", "-", r.Duration.Seconds())
			continue
		}
		fmt.Fprintf(w, "%-28s %-22s %-10s %-9s %-30s %.1fs\n", r.Host, flavorName(r.Report.Server.Flavor)+" "+r.Report.Server.Version,
			r.Report.Workload.Class, worstLabel(r.Report), keySpeedup(r.Report), r.Duration.Seconds())
	}
	fmt.Fprintf(w, "\n%d host(s): %d ok, %d failed\n", len(results), len(results)-failed, failed)
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(w, "[!!] %s: %v\n", r.Host, r.Err)
		}
	}
	return nil
}

func worstLabel(r *Report) string {
	if w, ok := r.Worst(); ok {
		return w.String()
	}
	return "none"
}

// keySpeedup is the effect of changing innodb_file_per_table (turning it
// off, or on where the server runs it off) with its interval, or why not.
func keySpeedup(r *Report) string {
	if r.Benchmark == nil {
		return "not measured (inspect)"
	}
	for _, v := range r.Benchmark.Variants {
		value, ok := v.Changes[bench.FilePerTable]
		if !ok || len(v.Changes) != 1 {
			continue
		}
		if !v.Measured {
			return "=" + value + ": not measured"
		}
		return "=" + value + ": " + effectText(v.Speedup)
	}
	return "-"
}
