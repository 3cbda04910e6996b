package advisor

import (
	"context"
	"database/sql"
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

// extraSide is one separate sandbox of a server variant.
type extraSide struct {
	variant serverVariant
	sb      *sandbox.Sandbox
	db      *sql.DB
	state   *State
	cfg     bench.Config
}

// calibrateWithServerVariants runs the main calibration on db and, with its
// rounds interleaved, the baseline on one extra sandbox per server variant;
// each extra baseline becomes a variant of the result, its speedup paired by
// round against the main baseline.
func calibrateWithServerVariants(ctx context.Context, db *sql.DB, in *Inspection, o Options, so sandbox.Options) (res *bench.Result, err error) {
	mainCfg, mainState, err := prepareCalibration(ctx, db, in, o)
	if err != nil {
		return nil, err
	}
	var extras []*extraSide
	defer func() {
		for _, e := range extras {
			err = errors.Join(err, e.close())
		}
	}()
	targets := []bench.Target{{DB: db, Config: mainCfg}}
	for _, v := range serverVariants {
		e, err := openExtra(ctx, v, o, so)
		if e != nil {
			extras = append(extras, e)
		}
		if err != nil {
			return nil, fmt.Errorf("server variant %s: %w", v.name, err)
		}
		targets = append(targets, bench.Target{DB: e.db, Config: e.cfg})
	}
	results, err := bench.RunInterleaved(ctx, targets)
	err = finishState(mainState, err)
	for _, e := range extras {
		err = errors.Join(err, finishState(e.state, nil))
	}
	if err != nil {
		return nil, err
	}
	return mergeServerVariants(results[0], extras, results[1:]), nil
}

// openExtra starts a sandbox with the main sandbox's options plus the
// variant's, and prepares a baseline-only calibration on it.
func openExtra(ctx context.Context, v serverVariant, o Options, so sandbox.Options) (*extraSide, error) {
	so.ServerOptions = append(append([]string{}, so.ServerOptions...), v.option)
	sb, err := sandbox.Start(ctx, so)
	if err != nil {
		return nil, err
	}
	e := &extraSide{variant: v, sb: sb}
	dbo, cfg, err := Open(ctx, ConnOptions{DSN: sb.DSN()})
	if err != nil {
		return e, err
	}
	e.db = dbo
	in, err := Inspect(ctx, dbo, Address(cfg))
	if err != nil {
		return e, err
	}
	eo := o
	eo.Sandbox, eo.Bench.Progress = true, nil
	if e.cfg, e.state, err = prepareCalibration(ctx, dbo, in, eo); err != nil {
		return e, err
	}
	e.cfg.Plans = e.cfg.Plans[:1]
	return e, nil
}

func (e *extraSide) close() error {
	if e.db != nil {
		e.db.Close()
	}
	return stopSandbox(e.sb)
}

// mergeServerVariants appends each extra sandbox's baseline as a variant.
func mergeServerVariants(main *bench.Result, extras []*extraSide, results []*bench.Result) *bench.Result {
	base := main.Variant(bench.Baseline)
	for i, e := range extras {
		v := *results[i].Variant(bench.Baseline)
		key, value, _ := strings.Cut(e.variant.option, "=")
		v.Plan = bench.Plan{Name: e.variant.name, Measured: true, Settings: map[string]string{key: value},
			ServerOption: e.variant.option, DurabilityCost: e.variant.durabilityCost, StagingOnly: e.variant.stagingOnly}
		v.Speedup = bench.BootstrapMedian(bench.PairedRatios(base.CreateRoundMs, v.CreateRoundMs))
		v.DropSpeedup = bench.BootstrapMedian(bench.PairedRatios(base.DropRoundMs, v.DropRoundMs))
		main.Variants = append(main.Variants, v)
	}
	return main
}
