package paired

import (
	"context"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// Arm is one of the things a Trial times: a whole schema's creation on one
// server, a query on one server, ... Time runs it once and returns how long
// the part worth timing took, in milliseconds.
type Arm struct {
	Name string
	Time func(ctx context.Context) (float64, error)
}

// Trial times arms alternating: each round runs every arm once, the order
// rotating from round to round, after Warmup rounds that are not counted.
// Every arm but the first is paired with the first (the reference) round by
// round and decided by the stop rule against both margins
// (effect.GainThreshold, effect.CostThreshold): the run stops once every
// arm is decided (from MinRounds on), at MaxRounds, or when the next round
// would not fit in Budget (never before MinRounds).
type Trial struct {
	Arms      []Arm
	Warmup    int
	MinRounds int
	MaxRounds int
	Budget    time.Duration
	// Precision is the stop rule's half-width (e.g. 0.05); see Decide.
	Precision float64
}

// ArmResult is one arm's times and, for every arm but the reference, its
// time against the reference's.
type ArmResult struct {
	Name string
	// Times are the measured rounds' times in milliseconds, in round order.
	Times []float64
	// Versus is this arm's time over the reference's (a ratio above 1: the
	// arm takes longer), paired by round, with its 95% interval; zero for
	// the reference.
	Versus effect.Interval
	// Decision is the stop rule's last verdict on Versus (in speedup form:
	// the reference's time over this arm's); nil for the reference.
	Decision *Decision
}

// Outcome is what a Trial measured.
type Outcome struct {
	Rounds int
	Stop   string // one of the Stop reasons
	Arms   []ArmResult
	// Measured is the time the measured rounds took.
	Measured time.Duration
}

// Run runs the trial.
func (t Trial) Run(ctx context.Context) (*Outcome, error) {
	if err := t.validate(); err != nil {
		return nil, err
	}
	times := make([][]float64, len(t.Arms)) // per arm, one time a round
	for round := range t.Warmup {
		if _, err := t.round(ctx, round); err != nil {
			return nil, err
		}
	}
	begin := time.Now()
	var longest time.Duration
	out := &Outcome{}
	for out.Stop == "" {
		start := time.Now()
		got, err := t.round(ctx, out.Rounds)
		if err != nil {
			return nil, err
		}
		for i, ms := range got {
			times[i] = append(times[i], ms)
		}
		out.Rounds++
		out.Measured = time.Since(begin)
		longest = max(longest, time.Since(start))
		out.Arms = t.results(times, PlannedLooks(t.MinRounds, t.MaxRounds, t.Budget, out.Rounds, out.Measured))
		out.Stop = t.stopReason(out, longest)
	}
	return out, nil
}

func (t Trial) validate() error {
	switch {
	case len(t.Arms) < 2:
		return fmt.Errorf("a trial needs at least two arms, got %d", len(t.Arms))
	case t.MinRounds < 2 || t.MaxRounds < t.MinRounds:
		return fmt.Errorf("a trial needs 2 <= MinRounds <= MaxRounds, got %d and %d", t.MinRounds, t.MaxRounds)
	case t.Budget <= 0:
		return fmt.Errorf("a trial needs a positive budget")
	}
	return nil
}

// round runs every arm once, in the order rotated by the round's number,
// and returns their times by arm.
func (t Trial) round(ctx context.Context, round int) ([]float64, error) {
	got := make([]float64, len(t.Arms))
	for k := range t.Arms {
		i := (round + k) % len(t.Arms)
		ms, err := t.Arms[i].Time(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Arms[i].Name, err)
		}
		got[i] = ms
	}
	return got, nil
}

// results pairs every arm with the reference, round by round (one unit a
// round), and decides each at a look planned among looks.
func (t Trial) results(times [][]float64, looks int) []ArmResult {
	ref := rounds(times[0])
	out := []ArmResult{{Name: t.Arms[0].Name, Times: times[0]}}
	for i := 1; i < len(t.Arms); i++ {
		arm := rounds(times[i])
		d := Decide(t.Arms[i].Name, LogRatios(ref, arm, 0), looks, t.Precision, effect.GainThreshold, effect.CostThreshold)
		out = append(out, ArmResult{Name: t.Arms[i].Name, Times: times[i], Versus: Speedup(arm, ref, 0), Decision: &d})
	}
	return out
}

// stopReason says whether to stop after a measured round, and why.
func (t Trial) stopReason(o *Outcome, longest time.Duration) string {
	var ds []Decision
	for _, a := range o.Arms {
		if a.Decision != nil {
			ds = append(ds, *a.Decision)
		}
	}
	switch {
	case o.Rounds >= t.MinRounds && AllDecided(ds):
		return StopOnDecisions(ds)
	case o.Rounds >= t.MaxRounds:
		return StopMaxRounds
	case o.Rounds >= t.MinRounds && o.Measured+longest > t.Budget:
		return StopBudget
	}
	return ""
}

// rounds turns one time a round into the estimator's rounds of units.
func rounds(xs []float64) [][]float64 {
	out := make([][]float64, len(xs))
	for i, x := range xs {
		out[i] = []float64{x}
	}
	return out
}
