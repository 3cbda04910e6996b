package server

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// prepareCalibration runs the pre-flight checks and builds the benchmark
// configuration, with a state file that is written before anything changes,
// and returns the account's privileges it read.
func prepareCalibration(ctx context.Context, db *sql.DB, in *Inspection, o Job, isSandbox bool) (bench.Config, *runState, grants, error) {
	setup, err := preflight(ctx, db, in, o.Bench)
	if err != nil {
		return bench.Config{}, nil, grants{}, err
	}
	schema := o.Bench.Schema
	if schema == "" {
		schema = bench.NewSchemaName()
	}
	if err := bench.ValidateSchemaName(schema); err != nil {
		return bench.Config{}, nil, grants{}, fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
	}
	plans := bench.PlanVariants(in.BenchServer(), bench.Permissions{SetGlobal: o.Bench.AllowSetGlobal || isSandbox})
	g, err := checkPrivileges(ctx, db, schema, len(bench.GlobalsTouched(plans)) > 0)
	if err != nil {
		return bench.Config{}, nil, grants{}, err
	}
	state, err := newState(ctx, db, in, o, schema, setup)
	if err != nil {
		return bench.Config{}, nil, grants{}, err
	}
	workload := o.Bench.Workload
	if len(workload.Creates) == 0 {
		workload = bench.ClassicWorkload(tablesOrDefault(o.Bench.Tables))
	} else {
		setup = append(setup, "SET SESSION foreign_key_checks = 0")
	}
	return bench.Config{
		Schema: schema, Workload: workload, Plans: plans,
		Budget: o.Bench.Budget, Rounds: o.Bench.Rounds, Precision: o.Bench.Precision,
		SessionSetup: setup, Progress: o.Bench.Progress,
		OnGlobalsSaved: func(originals map[string]string) error {
			state.Globals = originals
			return state.Save()
		},
	}, state, g, nil
}

// attachFootprint reads the server's load and installs the footprint's
// hooks (pace, throttle, operator files) in the calibration.
func attachFootprint(ctx context.Context, db *sql.DB, cfg *bench.Config, o Job) (*footprint.Conduct, error) {
	f, err := footprint.New(ctx, db, o.Bench.Footprint, o.Warn)
	if err != nil {
		return nil, err
	}
	f.Attach(cfg)
	return f, nil
}

func newState(ctx context.Context, db *sql.DB, in *Inspection, o Job, schema string, setup []string) (*runState, error) {
	id := in.Identity()
	left, _ := statesFor(id)
	if err := checkUnfinished(left, o.warn); err != nil {
		return nil, err
	}
	return &runState{Server: id, Address: in.Address, Schema: schema, SessionSetup: setup, PID: os.Getpid(),
		Started: time.Now().UTC(), ToolVersion: o.ToolVersion}, nil
}

// checkUnfinished looks at the runs recorded for this server: one still
// running, or one that may have left a global changed, makes this run's
// measurement meaningless and is refused; a left-over schema only warns.
func checkUnfinished(left []*runState, warn func(string)) error {
	for _, l := range left {
		started := l.Started.Format(time.RFC3339)
		switch {
		case l.PID != os.Getpid() && processAlive(l.PID):
			return fmt.Errorf("%w: another run (pid %d, scratch schema %s, started %s) is calibrating this server; wait for it to finish",
				exitcode.ErrPreflight, l.PID, l.Schema, started)
		case len(l.Globals) > 0:
			return fmt.Errorf("%w: an earlier run did not finish on this server (scratch schema %s, started %s) and may have left a global changed (originals: %s), which would skew this measurement: run `upgrade-advisor cleanup` with the same connection options first",
				exitcode.ErrPreflight, l.Schema, started, describeGlobals(l.Globals))
		default:
			warn(fmt.Sprintf("an earlier run did not finish on this server (scratch schema %s, started %s): run `upgrade-advisor cleanup` to drop it",
				l.Schema, started))
		}
	}
	return nil
}

func tablesOrDefault(n int) int {
	if n <= 0 {
		return bench.DefaultTables
	}
	return n
}

// BenchServer tells the planner what it needs about the server.
func (in *Inspection) BenchServer() bench.Server {
	_, hasStats := in.Variables["innodb_stats_persistent"]
	return bench.Server{
		Flavor:             in.Flavor,
		FilePerTable:       rules.IsTrue(in.Variables["innodb_file_per_table"].Value),
		StatsPersistent:    rules.IsTrue(in.Variables["innodb_stats_persistent"].Value),
		HasStatsPersistent: hasStats,
	}
}
