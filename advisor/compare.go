package advisor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// CompareOptions configure `compare`.
type CompareOptions struct {
	ToolVersion    string
	Source, Target Endpoint
	Bench          BenchOptions
	Warn           func(string)
	SandboxLog     io.Writer
	// Notes are added to the report (e.g. what --ddl-file ignored).
	Notes []string
}

// Compare runs the same calibration on two servers with interleaved rounds
// and reports the target's regression against the source per variant, and
// which settings on the target recover the source's speed.
func Compare(ctx context.Context, o CompareOptions) (r *report.CompareReport, err error) {
	var servers []*server
	defer func() { err = closeAll(err, servers) }()
	for _, e := range []Endpoint{o.Source, o.Target} {
		s, err := openEndpoint(ctx, e, o)
		if s != nil {
			servers = append(servers, s)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Label(), err)
		}
	}
	src, dst := servers[0], servers[1]
	results, err := calibrateInterleaved(ctx, servers)
	if err != nil {
		return nil, err
	}
	for i, s := range servers {
		s.recordRun(results[i])
	}
	return buildCompareReport(o, src, dst, results[0], results[1]), nil
}

// openEndpoint starts the sandbox if the endpoint is one, or connects to
// the server, then inspects it and prepares the calibration.
func openEndpoint(ctx context.Context, e Endpoint, o CompareOptions) (s *server, err error) {
	if e.Sandbox != nil {
		so := *e.Sandbox
		so.Log = o.SandboxLog
		s, err = startServer(ctx, so, e.Conn)
	} else {
		s, err = openServer(ctx, e.Conn)
	}
	if err != nil {
		return s, err
	}
	return s, s.prepare(ctx, Options{Command: CommandCompare, ToolVersion: o.ToolVersion, Bench: o.Bench, Warn: o.Warn})
}

func buildCompareReport(o CompareOptions, src, dst *server, rs, rt *bench.Result) *report.CompareReport {
	r := &report.CompareReport{
		SchemaVersion: report.SchemaVersion, Command: string(CommandCompare), Tool: report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Source: compareSide(o.Source, src, rs), Target: compareSide(o.Target, dst, rt),
		Rounds: rt.Rounds, StopReason: rt.StopReason, DurationS: report.Round(rt.Duration.Seconds(), 2),
		Method: "rounds interleaved across both servers (round i on the source, then on the target), rotating variant order; " +
			"regression = median of per-round paired ratios target/source of CREATE TABLE time, bootstrap 95% CI",
	}
	sourceBase := bench.SamplesOf(rs, bench.Baseline)
	for _, name := range bench.VariantNames {
		cv := report.CompareVariant{Name: name, Source: variantInfo(r.Source.Benchmark, name), Target: variantInfo(r.Target.Benchmark, name)}
		if t := bench.SamplesOf(rt, name); len(t) > 0 {
			if s := bench.SamplesOf(rs, name); len(s) > 0 {
				iv := pairedInterval(t, s)
				cv.Regression = &iv
			}
			if len(sourceBase) > 0 {
				iv := pairedInterval(t, sourceBase)
				cv.VsSourceBaseline = &iv
				cv.Recovers = iv.Low <= 1+report.RecoveryMargin
			}
		}
		r.Variants = append(r.Variants, cv)
	}
	r.Summary = compareSummary(r)
	r.Notes = append(r.Notes, o.Notes...)
	for i, s := range []*server{src, dst} {
		if s.isSandbox() {
			label := []Endpoint{o.Source, o.Target}[i].Label()
			r.Notes = append(r.Notes, fmt.Sprintf("%s ran on a throwaway local server: absolute times come from this machine; the ratios are what carries over", label))
		}
	}
	return r
}

func compareSide(e Endpoint, s *server, res *bench.Result) report.CompareSide {
	info := serverInfo(s.in)
	info.Sandbox = s.isSandbox()
	return report.CompareSide{Endpoint: e.Label(), Server: info, Settings: report.SettingsOf(s.in.Variables, s.in.Provenance), Benchmark: report.BenchmarkOf(res)}
}

func variantInfo(b *report.BenchmarkInfo, name string) *report.VariantInfo {
	for i := range b.Variants {
		if b.Variants[i].Name == name {
			return &b.Variants[i]
		}
	}
	return nil
}

// compareSummary states the regression of the target as it runs and the
// fewest changes that recover the source's speed.
func compareSummary(r *report.CompareReport) []string {
	var out []string
	base := r.Variants[0]
	if base.VsSourceBaseline != nil {
		iv := base.VsSourceBaseline
		slower, verdict := compareVerdict(*iv)
		out = append(out, fmt.Sprintf("CREATE TABLE on the target as it runs takes %.2fx the source's time (95%% CI %.2f-%.2f): %s.",
			iv.Ratio, iv.Low, iv.High, verdict))
		if !slower {
			return out
		}
	}
	var recovering []string
	for _, name := range []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff} {
		v := variantByName(r.Variants, name)
		if v != nil && v.Recovers {
			recovering = append(recovering, fmt.Sprintf("%s: %.2fx the source's time (95%% CI %.2f-%.2f)",
				settingsLabel(v.Target), v.VsSourceBaseline.Ratio, v.VsSourceBaseline.Low, v.VsSourceBaseline.High))
		}
	}
	if len(recovering) > 0 {
		return append(out, "Recovered on the target by "+strings.Join(recovering, "; by ")+".")
	}
	if best := closestVariant(r.Variants); best != nil {
		out = append(out, fmt.Sprintf("No measured setting recovers the source's speed; closest: %s at %.2fx the source's time (95%% CI %.2f-%.2f).",
			settingsLabel(best.Target), best.VsSourceBaseline.Ratio, best.VsSourceBaseline.Low, best.VsSourceBaseline.High))
	}
	return out
}

// compareVerdict says what a target/source time ratio shows, on the same
// margin that decides recovery: slower only when the whole interval is
// more than the margin above 1.
func compareVerdict(iv bench.Interval) (slower bool, verdict string) {
	switch {
	case iv.Low > 1+report.RecoveryMargin:
		return true, "slower"
	case iv.High < 1/(1+report.RecoveryMargin):
		return false, "faster; nothing to recover"
	}
	return false, fmt.Sprintf("not shown to differ by more than %.0f%% (the interval reaches it); nothing to recover", report.RecoveryMargin*100)
}

func variantByName(vs []report.CompareVariant, name string) *report.CompareVariant {
	for i := range vs {
		if vs[i].Name == name {
			return &vs[i]
		}
	}
	return nil
}

func closestVariant(vs []report.CompareVariant) *report.CompareVariant {
	var best *report.CompareVariant
	for i := range vs {
		if vs[i].VsSourceBaseline != nil && (best == nil || vs[i].VsSourceBaseline.Ratio < best.VsSourceBaseline.Ratio) {
			best = &vs[i]
		}
	}
	return best
}

// settingsLabel names a variant by its settings, e.g.
// "innodb_file_per_table=OFF, innodb_stats_persistent=OFF".
func settingsLabel(v *report.VariantInfo) string {
	if v == nil {
		return "?"
	}
	label := ""
	for _, k := range slices.Sorted(maps.Keys(v.Settings)) {
		if v.Name == bench.Baseline {
			break
		}
		if label != "" {
			label += ", "
		}
		label += k + "=" + v.Settings[k]
	}
	if label == "" {
		return v.Name
	}
	return label
}

// pairedInterval is the median of the round-paired ratios a/b with its
// bootstrap interval, rounded as reports show it: how compare and rehearse
// set one server's rounds against another's.
func pairedInterval(a, b []float64) bench.Interval {
	return report.RoundInterval(bench.BootstrapMedian(bench.PairedRatios(a, b)))
}

// calibrateInterleaved runs the calibration on every server, rounds
// interleaved, and clears their state files.
func calibrateInterleaved(ctx context.Context, servers []*server) ([]*bench.Result, error) {
	targets := make([]bench.Target, len(servers))
	for i, s := range servers {
		targets[i] = bench.Target{DB: s.db, Config: s.cfg}
	}
	results, err := bench.RunInterleaved(ctx, targets)
	for _, s := range servers {
		err = errors.Join(err, s.finish(err))
	}
	return results, err
}
