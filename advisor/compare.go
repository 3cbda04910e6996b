package advisor

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
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

// side is one prepared server of a comparison.
type side struct {
	endpoint Endpoint
	db       *sql.DB
	in       *Inspection
	sb       *sandbox.Sandbox
	state    *State
	cfg      bench.Config
}

// Compare runs the same calibration on two servers with interleaved rounds
// and reports the target's regression against the source per variant, and
// which settings on the target recover the source's speed.
func Compare(ctx context.Context, o CompareOptions) (report *report.CompareReport, err error) {
	var sides []*side
	defer func() {
		for _, s := range sides {
			err = errors.Join(err, s.close())
		}
	}()
	for _, e := range []Endpoint{o.Source, o.Target} {
		s, err := openSide(ctx, e, o)
		if s != nil {
			sides = append(sides, s)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Label(), err)
		}
	}
	src, dst := sides[0], sides[1]
	var results []*bench.Result
	results, err = bench.RunInterleaved(ctx, []bench.Target{
		{DB: src.db, Config: src.cfg},
		{DB: dst.db, Config: dst.cfg},
	})
	for _, s := range sides {
		err = errors.Join(err, finishState(s.state, err))
	}
	if err != nil {
		return nil, err
	}
	for i, s := range sides {
		if s.sb == nil {
			_ = recordOwnDDL(s.in, results[i]) // best effort: see ledger.go
		}
	}
	return buildCompareReport(o, src, dst, results[0], results[1]), nil
}

// openSide starts the sandbox if the endpoint is one, connects, inspects and
// prepares the calibration.
func openSide(ctx context.Context, e Endpoint, o CompareOptions) (*side, error) {
	s := &side{endpoint: e}
	conn := e.Conn
	if e.Sandbox != nil {
		so := *e.Sandbox
		so.Log = o.SandboxLog
		sb, err := sandbox.Start(ctx, so)
		if err != nil {
			return nil, fmt.Errorf("starting the sandbox: %w", err)
		}
		s.sb = sb
		conn = ConnOptions{DSN: sb.DSN()}
	}
	db, cfg, err := Open(ctx, conn)
	if err != nil {
		return s, err
	}
	s.db = db
	if s.in, err = Inspect(ctx, db, Address(cfg)); err != nil {
		return s, err
	}
	opts := Options{Command: "compare", ToolVersion: o.ToolVersion, Sandbox: e.Sandbox != nil, Bench: o.Bench, Warn: o.Warn}
	s.cfg, s.state, err = prepareCalibration(ctx, db, s.in, opts)
	if err != nil {
		return s, err
	}
	return s, nil
}

func (s *side) close() error {
	var err error
	if s.db != nil {
		s.db.Close()
	}
	if s.sb != nil {
		err = stopSandbox(s.sb)
	}
	return err
}

func buildCompareReport(o CompareOptions, src, dst *side, rs, rt *bench.Result) *report.CompareReport {
	r := &report.CompareReport{
		SchemaVersion: report.SchemaVersion, Command: "compare", Tool: report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Source: compareSide(src, rs), Target: compareSide(dst, rt),
		Rounds: rt.Rounds, StopReason: rt.StopReason, DurationS: report.Round(rt.Duration.Seconds(), 2),
		Method: "rounds interleaved across both servers (round i on the source, then on the target), rotating variant order; " +
			"regression = median of per-round paired ratios target/source of CREATE TABLE time, bootstrap 95% CI",
	}
	sourceBase := bench.SamplesOf(rs, bench.Baseline)
	for _, name := range bench.VariantNames {
		cv := report.CompareVariant{Name: name, Source: variantInfo(r.Source.Benchmark, name), Target: variantInfo(r.Target.Benchmark, name)}
		if t := bench.SamplesOf(rt, name); len(t) > 0 {
			if s := bench.SamplesOf(rs, name); len(s) > 0 {
				iv := report.RoundInterval(bench.BootstrapMedian(bench.PairedRatios(t, s)))
				cv.Regression = &iv
			}
			if len(sourceBase) > 0 {
				iv := report.RoundInterval(bench.BootstrapMedian(bench.PairedRatios(t, sourceBase)))
				cv.VsSourceBaseline = &iv
				cv.Recovers = iv.Low <= 1+report.RecoveryMargin
			}
		}
		r.Variants = append(r.Variants, cv)
	}
	r.Summary = compareSummary(r)
	r.Notes = append(r.Notes, o.Notes...)
	for _, s := range []*side{src, dst} {
		if s.sb != nil {
			r.Notes = append(r.Notes, fmt.Sprintf("%s ran on a throwaway local server: absolute times come from this machine; the ratios are what carries over", s.endpoint.Label()))
		}
	}
	return r
}

func compareSide(s *side, res *bench.Result) report.CompareSide {
	info := serverInfo(s.in)
	info.Sandbox = s.sb != nil
	return report.CompareSide{Endpoint: s.endpoint.Label(), Server: info, Settings: report.SettingsOf(s.in.Variables), Benchmark: report.BenchmarkOf(res)}
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
		verdict := "slower"
		if iv.Ratio < 1 {
			verdict = "faster (as a ratio of times)"
		}
		out = append(out, fmt.Sprintf("CREATE TABLE on the target as it runs takes %.2fx the source's time (95%% CI %.2f-%.2f): %s.",
			iv.Ratio, iv.Low, iv.High, verdict))
		if iv.Low <= 1+report.RecoveryMargin {
			return append(out, "The target is not shown to be slower than the source: nothing to recover.")
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
