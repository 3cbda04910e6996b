package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// CalibrateWithServerVariants runs the main calibration on s (a sandbox)
// and, alternating statement by statement with it, the baseline on one
// extra sandbox per server variant, started with s's options plus the
// variant's; each extra baseline becomes a variant of the result, its
// speedup by the same paired chunk estimator against the main baseline and
// its stop-rule decision among the main result's.
func (s *Server) CalibrateWithServerVariants(ctx context.Context, job Job) (res *bench.Result, err error) {
	if err := s.Prepare(ctx, job); err != nil {
		return nil, err
	}
	servers := []*Server{s}
	defer func() { err = CloseAll(err, servers[1:]) }()
	variants, notes := rules.ServerVariantsFor(s.in.Flavor)
	s.notes = append(s.notes, notes...)
	names := []string{"main"}
	for _, v := range variants {
		e, err := startVariant(ctx, v, s.started, job)
		if e != nil {
			servers = append(servers, e)
		}
		if err != nil {
			return nil, fmt.Errorf("server variant %s: %w", v.Name, settleAll(err, servers...))
		}
		names = append(names, v.Name)
	}
	results, err := CalibrateTogether(ctx, servers, names...)
	if err != nil {
		return nil, err
	}
	return mergeServerVariants(results[0], variants, results[1:]), nil
}

// startVariant starts a sandbox with the main sandbox's options plus the
// variant's, and prepares a baseline-only calibration on it.
func startVariant(ctx context.Context, v rules.ServerVariant, so sandbox.Options, o Job) (*Server, error) {
	so.ServerOptions = append(append([]string{}, so.ServerOptions...), v.Option)
	e, err := Start(ctx, so, ConnOptions{})
	if err != nil {
		return e, err
	}
	o.Bench.Progress = nil
	if err := e.Prepare(ctx, o); err != nil {
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
