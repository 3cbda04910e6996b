package advisor

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
)

// serverVariant is a setting that needs a server restart, measured on a
// separate sandbox started with it.
type serverVariant struct {
	name, option   string
	durabilityCost string
	stagingOnly    bool
}

// serverVariants are measured with --server-variants on sandboxes.
var serverVariants = []serverVariant{
	{"doublewrite_off", "innodb_doublewrite=0",
		"a crash or power loss in the middle of a page write can leave a torn page that InnoDB cannot repair", true},
	{"flush_log_at_trx_commit_2", "innodb_flush_log_at_trx_commit=2",
		"an operating-system crash or power loss loses up to about a second of committed transactions", true},
	{"flush_method_fsync", "innodb_flush_method=fsync",
		"none for durability (data still reaches the disk); pages are cached twice, by InnoDB and by the OS", false},
	{"log_file_size_1g", "innodb_log_file_size=1G",
		"none for durability; crash recovery may take longer and the redo log uses 1G of disk", false},
}

// calibrateWithServerVariants runs the main calibration on s (a sandbox,
// prepared) and, with its rounds interleaved, the baseline on one extra
// sandbox per server variant, started with s's options plus the variant's;
// each extra baseline becomes a variant of the result, its speedup paired by
// round against the main baseline.
func calibrateWithServerVariants(ctx context.Context, s *server, o Options) (res *bench.Result, err error) {
	var extras []*server
	defer func() { err = closeAll(err, extras) }()
	targets := []bench.Target{{DB: s.db, Config: s.cfg}}
	for _, v := range serverVariants {
		e, err := startVariant(ctx, v, s.started, o)
		if e != nil {
			extras = append(extras, e)
		}
		if err != nil {
			err = errors.Join(err, s.finish(nil))
			return nil, fmt.Errorf("server variant %s: %w", v.name, err)
		}
		targets = append(targets, bench.Target{DB: e.db, Config: e.cfg})
	}
	results, err := bench.RunInterleaved(ctx, targets)
	err = s.finish(err)
	for _, e := range extras {
		err = errors.Join(err, e.finish(nil))
	}
	if err != nil {
		return nil, err
	}
	return mergeServerVariants(results[0], results[1:]), nil
}

// startVariant starts a sandbox with the main sandbox's options plus the
// variant's, and prepares a baseline-only calibration on it.
func startVariant(ctx context.Context, v serverVariant, so sandbox.Options, o Options) (*server, error) {
	so.ServerOptions = append(append([]string{}, so.ServerOptions...), v.option)
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

// mergeServerVariants appends each extra sandbox's baseline, in the order
// of serverVariants, as a variant of the main result.
func mergeServerVariants(main *bench.Result, results []*bench.Result) *bench.Result {
	base := main.Variant(bench.Baseline)
	for i, sv := range serverVariants {
		v := *results[i].Variant(bench.Baseline)
		key, value, _ := strings.Cut(sv.option, "=")
		v.Plan = bench.Plan{Name: sv.name, Measured: true, Settings: map[string]string{key: value},
			ServerOption: sv.option, DurabilityCost: sv.durabilityCost, StagingOnly: sv.stagingOnly}
		v.Speedup = bench.BootstrapMedian(bench.PairedRatios(base.CreateRoundMs, v.CreateRoundMs))
		v.DropSpeedup = bench.BootstrapMedian(bench.PairedRatios(base.DropRoundMs, v.DropRoundMs))
		main.Variants = append(main.Variants, v)
	}
	return main
}
