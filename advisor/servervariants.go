package advisor

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// calibrateWithServerVariants runs the main calibration on s (a sandbox,
// prepared) and, alternating statement by statement with it, the baseline
// on one extra sandbox per server variant, started with s's options plus
// the variant's; each extra baseline becomes a variant of the result, its
// speedup by the same paired chunk estimator against the main baseline and
// its stop-rule decision among the main result's.
func calibrateWithServerVariants(ctx context.Context, s *server, o Options) (res *bench.Result, err error) {
	var extras []*server
	defer func() { err = closeAll(err, extras) }()
	variants, notes := rules.ServerVariantsFor(s.in.Flavor)
	s.notes = append(s.notes, notes...)
	targets := []bench.Target{{DB: s.db, Config: s.cfg}}
	for _, v := range variants {
		e, err := startVariant(ctx, v, s.started, o)
		if e != nil {
			extras = append(extras, e)
		}
		if err != nil {
			err = errors.Join(err, s.finish(nil))
			return nil, fmt.Errorf("server variant %s: %w", v.Name, err)
		}
		targets = append(targets, bench.Target{DB: e.db, Config: e.cfg, Name: v.Name})
	}
	results, err := bench.RunInterleaved(ctx, targets)
	err = s.finish(err)
	for _, e := range extras {
		err = errors.Join(err, e.finish(nil))
	}
	if err != nil {
		return nil, err
	}
	return mergeServerVariants(results[0], variants, results[1:]), nil
}

// startVariant starts a sandbox with the main sandbox's options plus the
// variant's, and prepares a baseline-only calibration on it.
func startVariant(ctx context.Context, v rules.ServerVariant, so sandbox.Options, o Options) (*server, error) {
	so.ServerOptions = append(append([]string{}, so.ServerOptions...), v.Option)
	e, err := startServer(ctx, so, ConnOptions{})
	if err != nil {
		return e, err
	}
	o.Bench.Progress = nil
	if err := e.prepare(ctx, o); err != nil {
		return e, err
	}
	e.cfg.Plans = e.cfg.Plans[:1]
	return e, nil
}

// mergeServerVariants appends each extra sandbox's baseline (results[i]
// measured variants[i]) as a variant of the main result.
func mergeServerVariants(main *bench.Result, variants []rules.ServerVariant, results []*bench.Result) *bench.Result {
	for i, sv := range variants {
		v := *results[i].Variant(bench.Baseline)
		key, value, _ := strings.Cut(sv.Option, "=")
		v.Plan = bench.Plan{Name: sv.Name, Measured: true, Settings: map[string]string{key: value},
			ServerOption: sv.Option, DurabilityCost: sv.DurabilityCost, StagingOnly: sv.StagingOnly}
		// The main baseline's time over the extra's: a speedup, by the same
		// paired estimator as the main variants (the sandboxes alternated
		// statement by statement with the main one).
		v.Speedup = bench.TimeRatio(main, bench.Baseline, results[i], bench.Baseline)
		v.DropSpeedup = bench.DropTimeRatio(main, bench.Baseline, results[i], bench.Baseline)
		if d := results[i].Versus; d != nil {
			decision := *d
			decision.Variant = sv.Name
			main.Decisions = append(main.Decisions, decision)
		}
		main.Variants = append(main.Variants, v)
	}
	return main
}
