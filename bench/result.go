package bench

import (
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// Result is a finished calibration.
type Result struct {
	Schema   string
	Workload string
	// Schemas is, for a --ddl-file of tenant schemas calibrated with one
	// of them, how many schemas share the workload's tables (0 otherwise);
	// WorkloadStatements is how many statements one round of the whole
	// workload runs (one tenant's).
	Schemas, WorkloadStatements int
	// TablesPerRound is the tables each variant created per measured round:
	// the workload's, or fewer when the rounds were fitted to the budget.
	TablesPerRound int
	Rounds         int
	// Duration is the calibration's wall time, warm-up included; Measured
	// that of the measured rounds less the held time, which the budget
	// bounds.
	Duration, Measured time.Duration
	// Held is the time the run waited in its hooks (pacing, throttle and
	// operator pauses, load guard), warm-up included; it counts in Duration,
	// not in Measured.
	Held time.Duration
	// Statements is how many statements the calibration sent on its
	// connection (workload statements and SET GLOBALs, warm-up included),
	// so the server's Questions can be told apart from the tool's.
	Statements int64
	StopReason string
	// Warmup is how the warm-up before the measured rounds went: how many
	// rounds until the servers settled (settle.go).
	Warmup    Warmup
	Precision float64
	Budget    time.Duration
	// Interleaving is how the variants alternated: InterleaveStatements or
	// InterleaveBlocks.
	Interleaving string
	// Decisions are the stop rule's verdicts at the last look, one per
	// measured variant other than the baseline: with StopReason "decided" or
	// "precision" they say which variants decided the stop and why; with
	// "budget" the undecided ones (Verdict "") are those that kept it going.
	Decisions []paired.Decision
	// Versus is, for every server but the first of RunInterleaved, the stop
	// rule's two-sided decision on its baseline against the first server's
	// (speedup form: the first's time / this one's); nil otherwise.
	Versus   *paired.Decision
	Variants []VariantResult
	// Executed counts the workload statements run (warm-up included) by the
	// status counter they raise, e.g. "com_create_table".
	Executed map[string]int64
	// ChangedOutside is, on a live server, what appeared or went outside
	// the scratch schema during the calibration, as the server's catalog
	// shows it (set by the job that ran it; empty when nothing did).
	ChangedOutside []string
}

// Summary is a distribution of per-statement times in milliseconds.
type Summary struct {
	P50  float64 `json:"p50"`
	P95  float64 `json:"p95"`
	Mean float64 `json:"mean"`
}

func summary(xs []float64) Summary {
	s := Summary{P50: paired.Median(xs), P95: paired.Percentile(xs, 95)}
	if len(xs) > 0 {
		s.Mean = paired.Sum(xs) / float64(len(xs))
	}
	return s
}

// VariantResult is one variant's measurements.
type VariantResult struct {
	Plan
	Create, Drop    Summary
	TablesPerSecond float64
	// Speedup is baseline/variant of the CREATE TABLE time by the paired
	// estimator (estimate.go): geometric mean of the paired units' ratios
	// with a 95% t interval. DropSpeedup likewise.
	Speedup, DropSpeedup effect.Interval
	// CreateRoundMs and DropRoundMs hold the per-round totals.
	CreateRoundMs, DropRoundMs []float64
	// create and drop are the statement times per round and position, and
	// unit the estimator's unit, for TimeRatio across servers.
	create, drop [][]float64
	unit         int
}

// TimeRatio is the CREATE TABLE time of variant av of a over that of
// variant bv of b (> 1: a is slower), by the paired estimator with its 95%
// interval and the run-to-run component: chunks of statement positions
// when the two ran alternating statement by statement (variants of one
// run, or servers of one RunInterleaved), whole rounds when they ran in
// blocks. Zero when either was not measured.
func TimeRatio(a *Result, av string, b *Result, bv string) effect.Interval {
	x, y := a.Variant(av), b.Variant(bv)
	if x == nil || y == nil || len(x.create) == 0 || len(y.create) == 0 {
		return effect.Interval{}
	}
	return paired.Speedup(x.create, y.create, x.unit)
}

// DropTimeRatio is TimeRatio of the DROP TABLE times.
func DropTimeRatio(a *Result, av string, b *Result, bv string) effect.Interval {
	x, y := a.Variant(av), b.Variant(bv)
	if x == nil || y == nil || len(x.drop) == 0 || len(y.drop) == 0 {
		return effect.Interval{}
	}
	return paired.Speedup(x.drop, y.drop, x.unit)
}

// Variant returns the named variant, or nil.
func (r *Result) Variant(name string) *VariantResult {
	for i := range r.Variants {
		if r.Variants[i].Name == name {
			return &r.Variants[i]
		}
	}
	return nil
}

// Interleaving modes of a run.
const (
	InterleaveStatements = "statements" // variants alternate statement by statement
	InterleaveBlocks     = "blocks"     // each variant runs its round in one block
)

func summarize(cfg Config, r *runner) *Result {
	res := &Result{Schema: cfg.Schema, Workload: cfg.Workload.Name, TablesPerRound: r.perRound(),
		Schemas: cfg.Workload.Schemas, WorkloadStatements: len(cfg.Workload.Creates),
		Precision: cfg.Precision, Budget: cfg.Budget, Interleaving: InterleaveBlocks}
	if r.interleave {
		res.Interleaving = InterleaveStatements
	}
	base := r.samples[Baseline]
	unit := r.unitSize()
	for _, p := range cfg.Plans {
		v := VariantResult{Plan: p}
		if s, ok := r.samples[p.Name]; ok {
			create, drop := paired.Flat(s.create), paired.Flat(s.drop)
			v.Create, v.Drop = summary(create), summary(drop)
			if total := paired.Sum(create); total > 0 {
				v.TablesPerSecond = float64(len(create)) / (total / 1000)
			}
			if p.Name == Baseline { // itself: exactly 1, no interval
				v.Speedup, v.DropSpeedup = effect.Point(1), effect.Point(1)
			} else {
				v.Speedup = paired.Speedup(base.create, s.create, unit)
				v.DropSpeedup = paired.Speedup(base.drop, s.drop, unit)
			}
			v.CreateRoundMs, v.DropRoundMs = totals(s.create), totals(s.drop)
			v.create, v.drop, v.unit = s.create, s.drop, unit
		}
		res.Variants = append(res.Variants, v)
	}
	return res
}

// VersusTime is the stop rule's decision interval on this server's baseline
// against the first server's of a calibration of several, as a time ratio
// (this one's time / the first's); zero when there is none.
func (r *Result) VersusTime() effect.Interval {
	if r.Versus == nil {
		return effect.Interval{}
	}
	return r.Versus.Interval.Slowdown()
}
