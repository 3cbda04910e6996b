package advisor

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// CompareOptions configure `compare`.
type CompareOptions struct {
	ToolVersion    string
	Source, Target server.Endpoint
	Bench          server.BenchOptions
	Warn           func(string)
	SandboxLog     io.Writer
	// Notes are added to the report (e.g. what --ddl-file ignored).
	Notes []string
}

// Compare runs the same calibration on two servers, their statements
// alternating, and reports the target's regression against the source per variant, and
// which settings on the target recover the source's speed.
func Compare(ctx context.Context, o CompareOptions) (r *report.CompareReport, err error) {
	var servers []*server.Server
	defer func() { err = server.CloseAll(err, servers) }()
	// Two sandboxes start at once; a live server (possibly named on both
	// sides) is opened and pre-flighted one side after the other.
	endpoints := []server.Endpoint{o.Source, o.Target}
	opened := make([]*server.Server, len(endpoints))
	errs := make([]error, len(endpoints))
	var wg sync.WaitGroup
	for i, e := range endpoints {
		open := func() { opened[i], errs[i] = openEndpoint(ctx, e, o) }
		if o.Source.Sandbox == nil || o.Target.Sandbox == nil {
			if open(); errs[i] != nil {
				break
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			open()
		}()
	}
	wg.Wait()
	for _, s := range opened {
		if s != nil {
			servers = append(servers, s)
		}
	}
	for i, e := range endpoints {
		if errs[i] != nil {
			return nil, fmt.Errorf("%s: %w", e.Label(), errs[i])
		}
	}
	src, dst := servers[0], servers[1]
	results, err := server.CalibrateTogether(ctx, servers, "source", "target")
	if err != nil {
		return nil, err
	}
	for i, s := range servers {
		s.RecordRun(results[i])
	}
	return buildCompareReport(o, src, dst, results[0], results[1]), nil
}

// openEndpoint starts the sandbox if the endpoint is one, or connects to
// the server, then inspects it and prepares the calibration.
func openEndpoint(ctx context.Context, e server.Endpoint, o CompareOptions) (s *server.Server, err error) {
	if e.Sandbox != nil {
		so := *e.Sandbox
		so.Log = o.SandboxLog
		s, err = server.Start(ctx, so, e.Conn)
	} else {
		s, err = server.Open(ctx, e.Conn)
	}
	if err != nil {
		return s, err
	}
	return s, s.Prepare(ctx, server.Job{ToolVersion: o.ToolVersion, Bench: o.Bench, Warn: o.Warn})
}

func buildCompareReport(o CompareOptions, src, dst *server.Server, rs, rt *bench.Result) *report.CompareReport {
	r := &report.CompareReport{
		SchemaVersion: report.SchemaVersion, Command: string(job.CommandCompare), Tool: report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Source: compareSide(o.Source, src, rs), Target: compareSide(o.Target, dst, rt),
		Rounds: rt.Rounds, StopReason: rt.StopReason, DurationS: decimal.Round(rt.Duration.Seconds(), 2),
		Method:   report.ServersMethod(rt, "the source and the target", "every ratio", "target/source"),
		Decision: report.VersusOf(rt),
	}
	for _, name := range bench.VariantNames {
		cv := report.CompareVariant{Name: name, Source: variantInfo(r.Source.Benchmark, name), Target: variantInfo(r.Target.Benchmark, name)}
		if iv := bench.TimeRatio(rt, name, rs, name); iv.Valid() {
			iv = iv.Rounded()
			cv.Regression = &iv
		}
		if iv := bench.TimeRatio(rt, name, rs, bench.Baseline); iv.Valid() {
			cv.Recovers = effect.Recovers(iv)
			if name == bench.Baseline { // decided on the stop rule's interval, as the summary's verdict
				cv.Recovers = effect.Recovers(effect.Deciding(iv, rt.VersusTime()))
			}
			iv = iv.Rounded()
			cv.VsSourceBaseline = &iv
		}
		r.Variants = append(r.Variants, cv)
	}
	r.Summary = report.CompareSummary(r, rt.VersusTime())
	r.Notes = append(r.Notes, o.Notes...)
	for i, s := range []*server.Server{src, dst} {
		if s.IsSandbox() {
			label := []server.Endpoint{o.Source, o.Target}[i].Label()
			r.Notes = append(r.Notes, fmt.Sprintf("%s ran on a throwaway local server: absolute times come from this machine; the ratios are what carries over", label))
		}
	}
	r.Judge()
	return r
}

func compareSide(e server.Endpoint, s *server.Server, res *bench.Result) report.CompareSide {
	return report.CompareSide{Endpoint: e.Label(), Server: report.ServerOfJob(s), Settings: report.SettingsOf(s.Inspection().Variables, s.Inspection().Provenance), Benchmark: report.BenchmarkOf(res)}
}

func variantInfo(b *report.BenchmarkInfo, name string) *report.VariantInfo {
	for i := range b.Variants {
		if b.Variants[i].Name == name {
			return &b.Variants[i]
		}
	}
	return nil
}
