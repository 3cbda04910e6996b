package bench_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if err := sandboxtest.StopShared(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

// serverDB opens the shared test server and describes it for the planner.
func serverDB(t *testing.T) (*sql.DB, bench.Server) {
	t.Helper()
	db, err := sql.Open("mysql", sandboxtest.SharedDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var version, fpt, stats string
	if err := db.QueryRowContext(t.Context(), "SELECT @@version, @@innodb_file_per_table, @@innodb_stats_persistent").Scan(&version, &fpt, &stats); err != nil {
		t.Fatal(err)
	}
	fl, err := flavor.Identify(version, "")
	if err != nil {
		t.Fatal(err)
	}
	s := bench.Server{Flavor: fl, FilePerTable: fpt == "1" || fpt == "ON",
		StatsPersistent: stats == "1" || stats == "ON", HasStatsPersistent: true}
	return db, s
}

func globals(t *testing.T, db *sql.DB) string {
	t.Helper()
	var fpt, stats string
	if err := db.QueryRowContext(t.Context(), "SELECT @@GLOBAL.innodb_file_per_table, @@GLOBAL.innodb_stats_persistent").Scan(&fpt, &stats); err != nil {
		t.Fatal(err)
	}
	return fpt + "/" + stats
}

func schemaExists(t *testing.T, db *sql.DB, name string) bool {
	t.Helper()
	var n int
	if err := db.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

func TestRunFixedRounds(t *testing.T) {
	db, server := serverDB(t)
	const tables, rounds = 20, 3
	tests := []struct {
		name          string
		blocks        bool
		switchEvery   int
		interleaving  string
		warmupPerVar  int
		unitsPerRound int
	}{
		{"statement by statement", false, 1, bench.InterleaveStatements, bench.WarmupStatements, tables / bench.UnitStatements},
		{"runs of 4 statements", false, 4, bench.InterleaveStatements, bench.WarmupStatements, tables / 12},
		{"variant blocks", true, 0, bench.InterleaveBlocks, tables, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := globals(t, db)
			plans := bench.PlanVariants(server, bench.Permissions{SetGlobal: true})
			cfg := bench.Config{Schema: bench.NewSchemaName(), Workload: bench.ClassicWorkload(tables), Plans: plans,
				Rounds: rounds, VariantBlocks: tt.blocks, SwitchEvery: tt.switchEvery}
			res, err := bench.Run(t.Context(), db, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if schemaExists(t, db, cfg.Schema) {
				t.Errorf("scratch schema %s left behind", cfg.Schema)
			}
			if after := globals(t, db); after != before {
				t.Errorf("globals %s after the run, %s before", after, before)
			}
			if res.Interleaving != tt.interleaving || res.Rounds != rounds || res.StopReason != paired.StopRounds {
				t.Errorf("interleaving %q rounds %d stop %q", res.Interleaving, res.Rounds, res.StopReason)
			}
			measured := 0
			for _, v := range res.Variants {
				if !v.Measured {
					continue
				}
				measured++
				if len(v.CreateRoundMs) != rounds || len(v.DropRoundMs) != rounds || v.Create.P50 <= 0 || v.Drop.P50 <= 0 {
					t.Errorf("%s: rounds %d/%d, create %+v drop %+v", v.Name, len(v.CreateRoundMs), len(v.DropRoundMs), v.Create, v.Drop)
				}
				if v.Speedup.Ratio <= 0 || v.Speedup.Low > v.Speedup.Ratio || v.Speedup.High < v.Speedup.Ratio {
					t.Errorf("%s: speedup %v", v.Name, v.Speedup.String())
				}
			}
			// Alternating variants warm up in short rounds until they settle
			// (settle.go), variant blocks in one whole round.
			warmupRounds := res.Warmup.Rounds
			if warmupRounds < 1 || warmupRounds > bench.MaxWarmupRounds || (tt.blocks && warmupRounds != 1) || (!tt.blocks && warmupRounds < bench.MinWarmupRounds) {
				t.Errorf("warm-up %+v", res.Warmup)
			}
			if want := int64(measured * (warmupRounds*tt.warmupPerVar + rounds*tables)); res.Executed["com_create_table"] != want || res.Executed["com_drop_table"] != want {
				t.Errorf("executed %v, want %d creates and drops", res.Executed, want)
			}
			if len(res.Decisions) != measured-1 {
				t.Fatalf("%d decisions for %d measured variants", len(res.Decisions), measured)
			}
			for _, d := range res.Decisions {
				if d.Units != rounds*tt.unitsPerRound || d.Level <= paired.Confidence {
					t.Errorf("decision %+v: want %d units at a level above %.2f", d, rounds*tt.unitsPerRound, paired.Confidence)
				}
			}
		})
	}
}

func TestRunStopsOnTheDecisionOrTheBudget(t *testing.T) {
	db, server := serverDB(t)
	cfg := bench.Config{Schema: bench.NewSchemaName(), Workload: bench.ClassicWorkload(20),
		Plans: bench.PlanVariants(server, bench.Permissions{SetGlobal: true}), Budget: 3 * time.Second}
	res, err := bench.Run(t.Context(), db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains([]string{paired.StopDecided, paired.StopPrecision, paired.StopBudget}, res.StopReason) {
		t.Fatalf("stopped on %q", res.StopReason)
	}
	if res.Rounds < bench.DefaultMinRounds || res.Measured > res.Duration {
		t.Errorf("%d rounds, measured %s of %s", res.Rounds, res.Measured, res.Duration)
	}
	decided := 0
	for _, d := range res.Decisions {
		if d.Decided() {
			decided++
		}
	}
	if all := decided == len(res.Decisions); all != (res.StopReason != paired.StopBudget) {
		t.Errorf("stop %q with %d of %d variants decided: %+v", res.StopReason, decided, len(res.Decisions), res.Decisions)
	}
	for _, d := range res.Decisions {
		if d.Threshold != effect.GainThreshold && d.Threshold != effect.CostThreshold {
			t.Errorf("%s decided against %v, not the margin's thresholds", d.Variant, d.Threshold)
		}
	}
}

// TestRunCancelledLeavesNothing interrupts a run mid-round: the globals and
// the scratch schema must be back as they were.
func TestRunCancelledLeavesNothing(t *testing.T) {
	db, server := serverDB(t)
	before := globals(t, db)
	ctx, cancel := context.WithTimeout(t.Context(), 700*time.Millisecond)
	defer cancel()
	cfg := bench.Config{Schema: bench.NewSchemaName(), Workload: bench.ClassicWorkload(100),
		Plans: bench.PlanVariants(server, bench.Permissions{SetGlobal: true}), Rounds: 50}
	if _, err := bench.Run(ctx, db, cfg); err == nil {
		t.Fatal("a run of 50 rounds finished in 700 ms; the interruption was not tested")
	}
	if schemaExists(t, db, cfg.Schema) {
		t.Errorf("scratch schema %s left behind", cfg.Schema)
	}
	if after := globals(t, db); after != before {
		t.Errorf("globals %s after the interrupted run, %s before", after, before)
	}
}

// TestPacingIsHeldTimeOutsideTheBudget paces a run (the hook sleeps twice
// the statements' time, as --pace 2): the hook accounts for every workload
// statement, once per statement position so that paired statements stay
// close in time, and its time is reported as held and left out of the measured
// time the budget bounds.
func TestPacingIsHeldTimeOutsideTheBudget(t *testing.T) {
	db, server := serverDB(t)
	var calls int64
	var slept time.Duration
	plans := bench.PlanVariants(server, bench.Permissions{SetGlobal: true})
	measured := 0
	for _, p := range plans {
		if p.Measured {
			measured++
		}
	}
	cfg := bench.Config{Schema: bench.NewSchemaName(), Workload: bench.ClassicWorkload(20),
		Plans: plans, Budget: 2 * time.Second,
		AfterStatement: func(ctx context.Context, n int, took time.Duration) error {
			// The variants alternate: the hook runs once per statement
			// position, after every variant's statement, never between pairs.
			if took <= 0 || n < measured || n > 3*measured {
				t.Errorf("%d statements in %s, want one per measured variant (%d) and the SET GLOBALs between them", n, took, measured)
			}
			calls += int64(n)
			slept += 2 * took
			time.Sleep(2 * took)
			return nil
		}}
	res, err := bench.Run(t.Context(), db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var executed int64
	for _, n := range res.Executed {
		executed += n
	}
	if calls != res.Statements || res.Statements <= executed {
		t.Errorf("hook told of %d statements, %d workload statements executed, %d statements sent (SET GLOBALs included)", calls, executed, res.Statements)
	}
	if res.Held < slept {
		t.Errorf("held %s, but the hook slept %s", res.Held, slept)
	}
	if res.Measured+res.Held > res.Duration {
		t.Errorf("measured %s + held %s > duration %s: the budget counted held time", res.Measured, res.Held, res.Duration)
	}
}
