package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// printText writes the results as small tables.
func printText(w io.Writer, r *result) {
	t := r.Traffic
	fmt.Fprintf(w, "Load test on %s: sysbench %s, %d tables x %d rows, %d threads\n", r.Server, t.Test, t.Tables, t.Rows, t.Threads)
	fmt.Fprintf(w, "Capacity (unbounded rate, %.0f s): %.0f tps; fixed rate %d tps for %d s\n", r.Capacity.Seconds, r.Capacity.TPS, t.Rate, t.Seconds)
	audit := "upgrade-advisor audit " + flagname.AllowSetGlobal
	if len(r.AuditArgs) > 0 {
		audit += " " + strings.Join(r.AuditArgs, " ")
	}
	fmt.Fprintf(w, "Audit beside it: %s\n", audit)
	var loads []string
	for _, l := range r.MachineLoad {
		loads = append(loads, fmt.Sprintf("%s %.1f", l.Phase, l.LoadAvg))
	}
	fmt.Fprintf(w, "Machine load average (1 min) as each phase started: %s\n\n", strings.Join(loads, ", "))
	fmt.Fprintf(w, "%-28s %8s %9s %8s %8s %11s %7s %7s\n", "traffic", "seconds", "tps", "p95 ms", "p99 ms", "worst 1s p95", "errors", "reconn")
	row := func(name string, s trafficStats) {
		fmt.Fprintf(w, "%-28s %8.0f %9.1f %8.2f %8.2f %11.2f %7d %7d\n", name, s.Seconds, s.TPS, s.P95Ms, s.P99Ms, s.MaxP95Ms, s.Errors, s.Reconnects)
	}
	row("alone", r.Alone)
	if r.AuditLoad != nil && r.AuditLoad.Window != nil {
		row("during the audit's rounds", r.Beside)
		row("same run, outside rounds", r.Outside)
	} else {
		fmt.Fprintf(w, "%-28s (the audit's scratch schema was never seen: no window)\n", "during the audit's rounds")
	}
	row("whole run beside the audit", r.BesideRun)
	if r.ToggleS > 0 {
		row(fmt.Sprintf("audit running (%.0fs toggle)", r.ToggleS), r.Running)
		row(fmt.Sprintf("audit held (%.0fs toggle)", r.ToggleS), r.HeldByPause)
		if r.HeldByPause.P95Ms > 0 {
			fmt.Fprintf(w, "toggled: p95 x%.2f, p99 x%.2f with the audit running against held, same run\n",
				ratio(r.Running.P95Ms, r.HeldByPause.P95Ms), ratio(r.Running.P99Ms, r.HeldByPause.P99Ms))
		}
	}
	if r.Alone.P95Ms > 0 && r.Beside.P95Ms > 0 {
		fmt.Fprintf(w, "p95 x%.2f, p99 x%.2f during the audit's rounds\n", ratio(r.Beside.P95Ms, r.Alone.P95Ms), ratio(r.Beside.P99Ms, r.Alone.P99Ms))
	}
	if r.AuditLoad == nil || r.AuditIdle == nil {
		return
	}
	printAudit(w, r.AuditIdle, r.AuditLoad)
}

func printAudit(w io.Writer, idle, load *auditResult) {
	fmt.Fprintf(w, "\n%-22s %22s %22s %10s\n", "audit", "idle", "under load", "load/idle")
	fmt.Fprintf(w, "%-22s %22.1f %22.1f %10.2f\n", "wall s", idle.WallS, load.WallS, ratio(load.WallS, idle.WallS))
	fmt.Fprintf(w, "%-22s %22.1f %22.1f %10.2f\n", "calibration s", idle.CalibrationS, load.CalibrationS, ratio(load.CalibrationS, idle.CalibrationS))
	fmt.Fprintf(w, "%-22s %22s %22s\n", "rounds (stop)", fmt.Sprintf("%d (%s)", idle.Rounds, idle.StopReason), fmt.Sprintf("%d (%s)", load.Rounds, load.StopReason))
	for _, v := range idle.Variants {
		l := load.variant(v.Name)
		if l == nil {
			fmt.Fprintf(w, "%-22s %22s %22s\n", v.Name, speedup(v), "not measured")
			continue
		}
		fmt.Fprintf(w, "%-22s %22s %22s %10.2f\n", v.Name, speedup(v), speedup(*l), ratio(l.Speedup, v.Speedup))
	}
	if win := load.Window; win != nil {
		fmt.Fprintf(w, "server during the rounds under load: %.0f s, Questions %.0f/s, Threads_running avg %.1f max %d\n",
			win.Seconds, win.QuestionsPerS, win.ThreadsRunningAvg, win.ThreadsRunningMax)
	}
	for _, a := range []*auditResult{idle, load} {
		if len(a.LeftBehind) > 0 {
			fmt.Fprintf(w, "LEFT BEHIND by an audit: %s\n", strings.Join(a.LeftBehind, ", "))
		}
	}
}

func speedup(v variantRatio) string {
	return fmt.Sprintf("%.2fx (%.2f-%.2f)", v.Speedup, v.Low, v.High)
}
