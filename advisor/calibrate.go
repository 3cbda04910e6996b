package advisor

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// explainLostConnection says in words what the driver's "invalid connection"
// means during a calibration.
func explainLostConnection(err error) error {
	if err != nil && (errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, driver.ErrBadConn)) {
		return fmt.Errorf("lost the connection to the server (did it restart or crash?): %w", err)
	}
	return err
}

// prepareCalibration runs the pre-flight checks and builds the benchmark
// configuration, with a state file that is written before anything changes.
func prepareCalibration(ctx context.Context, db *sql.DB, in *inspection, o Options) (bench.Config, *runState, error) {
	setup, err := preflight(ctx, db, in, o)
	if err != nil {
		return bench.Config{}, nil, err
	}
	schema := o.Bench.Schema
	if schema == "" {
		schema = bench.NewSchemaName()
	}
	if err := bench.ValidateSchemaName(schema); err != nil {
		return bench.Config{}, nil, fmt.Errorf("%w: %w", ErrUsage, err)
	}
	plans := bench.PlanVariants(benchServer(in), bench.Permissions{SetGlobal: o.Bench.AllowSetGlobal || o.Sandbox})
	if err := checkPrivileges(ctx, db, schema, len(bench.GlobalsTouched(plans)) > 0); err != nil {
		return bench.Config{}, nil, err
	}
	state, err := newState(ctx, db, in, o, schema, setup)
	if err != nil {
		return bench.Config{}, nil, err
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
	}, state, nil
}

// attachFootprint reads the server's load and installs the footprint's
// hooks (pace, throttle, operator files) in the calibration.
func attachFootprint(ctx context.Context, db *sql.DB, cfg *bench.Config, o Options) (*footprint, error) {
	f, err := newFootprint(ctx, db, o)
	if err != nil {
		return nil, err
	}
	f.hooks(cfg)
	return f, nil
}

// finishState clears the state file unless cleanup was incomplete, in which
// case it tells the user how to finish.
func finishState(state *runState, err error) error {
	var cerr *bench.CleanupError
	if errors.As(err, &cerr) {
		return fmt.Errorf("calibration: %w; what is left is recorded in %s: run `upgrade-advisor cleanup` with the same connection options once the server is reachable", err, state.Path())
	}
	if clearErr := state.Clear(); clearErr != nil {
		err = errors.Join(err, clearErr)
	}
	if err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	return nil
}

func newState(ctx context.Context, db *sql.DB, in *inspection, o Options, schema string, setup []string) (*runState, error) {
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
				ErrPreflight, l.PID, l.Schema, started)
		case len(l.Globals) > 0:
			return fmt.Errorf("%w: an earlier run did not finish on this server (scratch schema %s, started %s) and may have left a global changed (originals: %s), which would skew this measurement: run `upgrade-advisor cleanup` with the same connection options first",
				ErrPreflight, l.Schema, started, describeGlobals(l.Globals))
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

// benchServer tells the planner what it needs about the server.
func benchServer(in *inspection) bench.Server {
	_, hasStats := in.Variables["innodb_stats_persistent"]
	return bench.Server{
		Flavor:             in.Flavor,
		FilePerTable:       rules.IsTrue(in.Variables["innodb_file_per_table"].Value),
		StatsPersistent:    rules.IsTrue(in.Variables["innodb_stats_persistent"].Value),
		HasStatsPersistent: hasStats,
	}
}
