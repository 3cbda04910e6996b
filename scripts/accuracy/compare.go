package main

// The compare mode (-mode compare): the two-server verdicts of compare and
// rehearse, on throwaway servers of one binary.
//
//   - A/A: two sandboxes of the same binary and options compared -reps
//     times; every verdict but "not shown to differ" is false. Also the
//     width (high/low) of the interval the verdict was decided on and of
//     the printed one.
//   - A real difference: a source sandbox with both old DDL defaults
//     (innodb_file_per_table=0, innodb_stats_persistent=0) against a
//     default target, -reps times: found when the verdict is "slower"; its
//     ratio set against audit's both_off speedup measured on the default
//     server (-audit-reps default runs, median).
//   - rehearse from the server to itself (-rehearse-reps runs): the target
//     as carried over against today, which must not be shown to differ.
//
// The sandboxes are started once and compared as existing servers (SET
// GLOBAL allowed, restored by the tool), as compare does with two servers.

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// verdictRun is one two-server run as the study reads it.
type verdictRun struct {
	printed, decision effect.Interval // time ratios target/reference
	rounds            int
	stop              string
	measured          float64
	wall              time.Duration
}

func (v verdictRun) deciding() effect.Interval { return effect.Deciding(v.printed, v.decision) }
func (v verdictRun) verdict() effect.Verdict   { return effect.OfTime(v.deciding()) }

func runCompareStudy(o options) error {
	ctx := context.Background()
	fmt.Printf("Compare study: %s, load average at start: %s\n", time.Now().UTC().Format(time.RFC3339), loadAverage())
	var sbs []*sandbox.Sandbox
	defer func() {
		for _, sb := range sbs {
			sb.Stop(context.Background())
		}
	}()
	start := func(opts ...string) (server.Endpoint, error) {
		sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: o.basedir, ServerOptions: opts, Log: os.Stderr})
		if err != nil {
			return server.Endpoint{}, err
		}
		sbs = append(sbs, sb)
		return server.ParseEndpoint(sb.DSN(), server.ConnOptions{}, nil)
	}
	a, err := start()
	if err != nil {
		return err
	}
	b, err := start()
	if err != nil {
		return err
	}
	old, err := start("innodb_file_per_table=0", "innodb_stats_persistent=0")
	if err != nil {
		return err
	}
	bo := server.BenchOptions{Budget: o.budget, AllowSetGlobal: true}

	var aa, regression, rehearsals []verdictRun
	for i := range o.reps {
		fmt.Fprintf(os.Stderr, "A/A compare %d/%d ...\n", i+1, o.reps)
		r, err := compareOnce(ctx, a, b, bo)
		if err != nil {
			return err
		}
		aa = append(aa, r)
	}
	for i := range o.reps {
		fmt.Fprintf(os.Stderr, "old-defaults source vs default target %d/%d ...\n", i+1, o.reps)
		r, err := compareOnce(ctx, old, a, bo)
		if err != nil {
			return err
		}
		regression = append(regression, r)
	}
	var bothOff []float64
	for i := range o.auditReps {
		fmt.Fprintf(os.Stderr, "audit of the default server %d/%d ...\n", i+1, o.auditReps)
		res, err := auditOnce(ctx, a, bo)
		if err != nil {
			return err
		}
		if v := res.Benchmark.Variants; len(v) > 0 {
			for _, vi := range v {
				if vi.Name == bench.BothOff && vi.Speedup != nil {
					bothOff = append(bothOff, vi.Speedup.Ratio)
				}
			}
		}
	}
	for i := range o.rehearseReps {
		fmt.Fprintf(os.Stderr, "rehearse from the server to itself %d/%d ...\n", i+1, o.rehearseReps)
		r, err := rehearseOnce(ctx, o, bo)
		if err != nil {
			return err
		}
		rehearsals = append(rehearsals, r)
	}
	printVerdictRuns("A/A: two sandboxes of the same binary and options", aa)
	printVerdictRuns("Old DDL defaults (source) against a default target", regression)
	printVerdictRuns("rehearse from the server to itself: the target as carried over against today", rehearsals)
	fmt.Printf("\n### Summary\n\n")
	summarizeNotShown("A/A compare", aa)
	found := 0
	var ratios []float64
	for _, r := range regression {
		if r.verdict() == effect.VerdictSlower {
			found++
		}
		ratios = append(ratios, r.printed.Ratio)
	}
	if len(regression) > 0 {
		fmt.Printf("- old defaults vs default target: regression found (\"slower\") in %d/%d; ratio median %.3fx (%.3f-%.3f)\n",
			found, len(regression), paired.Median(ratios), slices.Min(ratios), slices.Max(ratios))
	}
	if len(bothOff) > 0 && len(ratios) > 0 {
		ref := paired.Median(bothOff)
		fmt.Printf("- audit's both_off on the default server: median %.3fx over %d runs (%.3f-%.3f); compare's ratio median / it: %.3f; runs within 10%%: %d/%d\n",
			ref, len(bothOff), slices.Min(bothOff), slices.Max(bothOff), paired.Median(ratios)/ref, within(ratios, ref), len(ratios))
	}
	summarizeNotShown("rehearse to itself", rehearsals)
	fmt.Printf("- load average at the end: %s\n", loadAverage())
	return nil
}

// compareOnce runs `compare` of source against target.
func compareOnce(ctx context.Context, source, target server.Endpoint, bo server.BenchOptions) (verdictRun, error) {
	start := time.Now()
	r, err := advisor.Compare(ctx, advisor.CompareOptions{ToolVersion: "accuracy", Source: source, Target: target, Bench: bo, Warn: func(string) {}})
	if err != nil {
		return verdictRun{}, err
	}
	v := verdictRun{rounds: r.Rounds, stop: r.StopReason, wall: time.Since(start), measured: r.Target.Benchmark.MeasuredS}
	if base := r.Variants[0].VsSourceBaseline; base != nil {
		v.printed = *base
	}
	if r.Decision != nil {
		v.decision = r.Decision.Interval
	}
	return v, nil
}

// auditOnce runs a default audit calibration of the server.
func auditOnce(ctx context.Context, e server.Endpoint, bo server.BenchOptions) (*report.Report, error) {
	return advisor.Run(ctx, advisor.Options{Command: job.CommandAudit, ToolVersion: "accuracy", Conn: e.Conn, Workload: "ddl-heavy",
		Bench: bo, Warn: func(string) {}})
}

// rehearseOnce rehearses the binary's version to itself from an empty
// option file (offline: --config with --server-version).
func rehearseOnce(ctx context.Context, o options, bo server.BenchOptions) (verdictRun, error) {
	bin, err := sandbox.Detect(ctx, o.basedir)
	if err != nil {
		return verdictRun{}, err
	}
	cnf, err := os.CreateTemp("", "accuracy-*.cnf")
	if err != nil {
		return verdictRun{}, err
	}
	cnf.WriteString("[mysqld]\n")
	cnf.Close()
	defer os.Remove(cnf.Name())
	target := o.basedir
	if target == "" {
		target = "/usr"
	}
	start := time.Now()
	r, err := rehearse.Run(ctx, rehearse.Options{ToolVersion: "accuracy", ConfigFile: cnf.Name(),
		ServerVersion: bin.Flavor.Version.Series(), SourceBasedir: o.basedir, TargetBasedir: target, Bench: bo, Warn: func(string) {}})
	if err != nil {
		return verdictRun{}, err
	}
	v := verdictRun{rounds: r.Rounds, stop: r.StopReason, wall: time.Since(start)}
	for _, sd := range r.Sides {
		if sd.Name != "target_carried" {
			continue
		}
		for _, rv := range sd.Variants {
			if rv.Name == bench.Baseline && rv.VsReference != nil {
				v.printed = *rv.VsReference
			}
		}
		if sd.Decision != nil {
			v.decision = sd.Decision.Interval
		}
		if sd.Benchmark != nil {
			v.measured = sd.Benchmark.MeasuredS
		}
	}
	if !strings.Contains(r.Method, "alternate") {
		fmt.Fprintf(os.Stderr, "rehearse did not alternate: %s\n", r.Method)
	}
	return v, nil
}

func printVerdictRuns(title string, runs []verdictRun) {
	if len(runs) == 0 {
		return
	}
	fmt.Printf("\n### %s\n\n", title)
	fmt.Println("| run | rounds | stop | measured s | wall s | ratio (95% CI) | width | decision interval | width | verdict |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for i, r := range runs {
		fmt.Printf("| %d | %d | %s | %.1f | %.1f | %s | %.3f | %.2f-%.2f | %.3f | %s |\n", i+1, r.rounds, r.stop, r.measured, r.wall.Seconds(),
			r.printed.String(), r.printed.Width(), r.decision.Low, r.decision.High, r.decision.Width(), r.verdict())
	}
}

// summarizeNotShown counts the runs of a same-server study whose verdict is
// anything but "not shown to differ" (false verdicts), with the widths.
func summarizeNotShown(name string, runs []verdictRun) {
	if len(runs) == 0 {
		return
	}
	falses := 0
	var widths, decided []float64
	for _, r := range runs {
		if r.verdict() != effect.VerdictNotShown {
			falses++
		}
		widths = append(widths, r.printed.Width())
		decided = append(decided, r.deciding().Width())
	}
	fmt.Printf("- %s: false verdicts %d/%d; median width (high/low) of the 95%% interval %.3f (%.3f-%.3f), of the decision interval %.3f\n",
		name, falses, len(runs), paired.Median(widths), slices.Min(widths), slices.Max(widths), paired.Median(decided))
}
