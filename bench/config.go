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
	// Budget bounds the measured rounds' wall time; the run stops early when
	// every speedup interval is narrower than Precision.
	Budget    time.Duration
	Precision float64 // relative half-width of the 95% interval, e.g. 0.05
	MinRounds int
	MaxRounds int
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
	// Progress, if set, is told after every variant block.
	Progress func(Progress)
}

// Progress is the state of a running calibration.
type Progress struct {
	Round, MaxRounds int
	Warmup           bool
	Elapsed, Budget  time.Duration
}

// Defaults of a calibration.
const (
	DefaultTables           = 100
	DefaultBudget           = 20 * time.Second
	DefaultPrecision        = 0.05
	DefaultMinRounds        = 5
	DefaultMaxRounds        = 200
	DefaultStatementTimeout = 60 * time.Second
	// MinBudgetRounds is the fewest measured rounds a budget stops at: a
	// 95% interval needs a few rounds, so a slow server overruns the budget
	// rather than reporting a meaningless interval.
	MinBudgetRounds = 3
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
		c.StatementTimeout = DefaultStatementTimeout
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
