package bench

import (
	"context"
	"fmt"
	"time"
)

// Config is one calibration run.
type Config struct {
	Schema   string
	Workload Workload
	Plans    []Plan
	// Budget bounds the measured rounds' wall time; the run stops earlier,
	// after MinRounds, when the stop rule has decided every variant (see
	// stoprule.go): its decision interval wholly on one side of the margin
	// (effect.Margin), or narrower than Precision.
	Budget    time.Duration
	Precision float64 // relative half-width of the decision interval, e.g. 0.05
	MinRounds int
	MaxRounds int
	// VariantBlocks runs each variant's whole round as one block even when
	// the workload would let the variants alternate statement by statement.
	VariantBlocks bool
	// SwitchEvery is, when the variants alternate, how many consecutive
	// statements one variant runs before the next takes over (0:
	// defaultSwitchEvery).
	SwitchEvery int
	// Rounds, when > 0, runs exactly that many measured rounds (no early stop).
	Rounds int
	// SessionSetup runs once on the benchmark's connection (e.g. sql_log_bin = 0).
	SessionSetup []string
	// StatementTimeout bounds every statement.
	StatementTimeout time.Duration
	// OnGlobalsSaved is called with the original values before any global is
	// changed; an error aborts the run before anything is changed.
	OnGlobalsSaved func(originals map[string]string) error
	// BeforeVariant, if set, runs before every variant block (e.g. a load guard).
	BeforeVariant func(ctx context.Context) error
	// AfterStatement, if set, runs between statements, outside their timing
	// (pacing, throttles, an operator's pause or abort), with how many
	// statements ran since its last call (the SET GLOBALs between them
	// included) and the timed statements' summed duration: after
	// every statement when the variants run in blocks, and after each
	// statement position of every variant when they alternate, so that a
	// statement and its pairs in the other variants stay milliseconds apart.
	// An error stops the run (cleanup still happens). Time spent in
	// AfterStatement and BeforeVariant is held time: it is reported
	// (Result.Held) and does not count against the Budget, which bounds the
	// measured rounds' wall time without it.
	AfterStatement func(ctx context.Context, statements int, took time.Duration) error
	// Progress, if set, is told after every variant block.
	Progress func(Progress)
}

// Progress is the state of a running calibration.
type Progress struct {
	Round, MaxRounds int
	Warmup           bool
	// Elapsed is the time the budget counts (held time left out).
	Elapsed, Budget time.Duration
}

// Defaults of a calibration.
const (
	DefaultTables    = 100
	DefaultBudget    = 8 * time.Second
	DefaultPrecision = 0.05
	// DefaultMinRounds is the fewest measured rounds the stop rule stops at
	// (the rules want 3 rounds before they give advice).
	DefaultMinRounds        = 3
	DefaultMaxRounds        = 200
	defaultStatementTimeout = 60 * time.Second
	// minBudgetRounds is the fewest measured rounds a budget stops at: a
	// 95% interval needs a few rounds, so a slow server overruns the budget
	// rather than reporting a meaningless interval.
	minBudgetRounds = 3
	// serversPlannedRounds is how many rounds the rounds of several
	// servers alternating are fitted to: each server's background work
	// disturbs whole rounds on its own, so their round-to-round part is
	// larger than one server's, and 3 rounds estimate it on 2 degrees of
	// freedom (t = 4.3); shorter rounds, more of them, narrow it.
	serversPlannedRounds = 5
	// fitShare is the share of the budget that rounds fitted to it are
	// planned to fill: a round takes somewhat longer than the warm-up's pace
	// predicts (a slower stretch, the switches), and the minimum rounds run
	// whatever the budget says, so a plan for the whole budget overran it
	// (MySQL 9.7: 8.1-8.2 s of an 8 s budget in 2 of 10 runs).
	fitShare = 0.9
)

func (c *Config) setDefaults() error {
	if c.Budget <= 0 {
		c.Budget = DefaultBudget
	}
	if c.Precision <= 0 {
		c.Precision = DefaultPrecision
	}
	if c.MinRounds <= 0 {
		c.MinRounds = DefaultMinRounds
	}
	if c.MaxRounds <= 0 {
		c.MaxRounds = DefaultMaxRounds
	}
	if c.StatementTimeout <= 0 {
		c.StatementTimeout = defaultStatementTimeout
	}
	if c.Rounds > 0 {
		c.MinRounds, c.MaxRounds = c.Rounds, c.Rounds
	}
	if len(c.Workload.Creates) == 0 {
		return fmt.Errorf("the calibration workload has no CREATE TABLE statements")
	}
	if len(c.Plans) == 0 || c.Plans[0].Name != Baseline {
		return fmt.Errorf("the calibration needs the baseline variant first")
	}
	return ValidateSchemaName(c.Schema)
}
