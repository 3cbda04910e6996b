package queries

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The latency of a class is measured in rounds: a round runs the class's
// first sample on both servers, in an order that alternates from round to
// round, each side a few executions whose median stands for the round
// (armTarget). Rounds of one class are not run back to back: the run makes
// passes over every class still undecided, heaviest first, one round each,
// so a class's rounds are spread over the whole measurement and a stretch
// of seconds in which one server is slowed (a busy neighbour on its core)
// shows as disagreement between rounds instead of a precise wrong ratio.
// The rounds are the paired estimator's units (bench/paired: LogRatios,
// Speedup, and Decide with the sequential stop rule against both margins);
// a class leaves the passes once decided, at MaxRounds, or when the budget
// is spent.

// armTarget is how long one side's part of a round aims to take: fast
// statements are repeated so that it is well above the clock's and the
// round trip's noise.
const armTarget = 4 * time.Millisecond

// minRepeats and maxRepeats bound the executions of one side in a round
// for a statement faster than armTarget (a slower one runs once).
const (
	minRepeats = 5
	maxRepeats = 50
)

// timer runs one statement in its logged session and times it. It asks
// the cache for the session at every execution: the cache may have closed
// the one it gave before (it keeps a bounded number open).
type timer struct {
	cache *sessionCache
	st    Statement
	kind  Kind
	lim   limits
}

// once runs the statement once and returns its time in milliseconds: a
// query's rows are read (up to the cap). Queries and DML both run inside a
// transaction that is rolled back (a query may call a function that
// writes); the transaction's start and rollback are not timed.
func (t timer) once(ctx context.Context) (float64, error) {
	ss, err := t.cache.get(ctx, t.st)
	if err != nil {
		return 0, err
	}
	if err := ss.exec(ctx, "START TRANSACTION"); err != nil {
		return 0, err
	}
	start := time.Now()
	if t.kind == KindDML {
		_, err = stmt.Exec(ctx, ss.conn, t.st.SQL)
	} else {
		_, err = ss.query(ctx, t.st.SQL, t.lim)
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	if err != nil {
		return 0, fmt.Errorf("timing on %s: %w", ss.side.Name, err)
	}
	if err := ss.exec(ctx, "ROLLBACK"); err != nil {
		return 0, err
	}
	return ms, nil
}

// repeatedly runs the statement n times and returns the median times n:
// one execution descheduled on a shared machine does not decide a round.
func (t timer) repeatedly(ctx context.Context, n int) (float64, error) {
	times := make([]float64, 0, n)
	for range n {
		ms, err := t.once(ctx)
		if err != nil {
			return 0, err
		}
		times = append(times, ms)
	}
	return paired.Median(times) * float64(n), nil
}

// latencyRun is one class's measurement in progress.
type latencyRun struct {
	cr      *classRun
	today   timer
	target  timer
	repeats int
	// todayMs and targetMs hold one time per round.
	todayMs, targetMs []float64
	decision          paired.Decision
	done              bool
	stop              string
}

// round runs one round; order says which server goes first.
func (lr *latencyRun) round(ctx context.Context, todayFirst bool) error {
	sides := []struct {
		t   timer
		out *[]float64
	}{{lr.today, &lr.todayMs}, {lr.target, &lr.targetMs}}
	if !todayFirst {
		sides[0], sides[1] = sides[1], sides[0]
	}
	got := make([]float64, 2)
	for i, s := range sides {
		ms, err := s.t.repeatedly(ctx, lr.repeats)
		if err != nil {
			return err
		}
		got[i] = ms
	}
	for i, s := range sides {
		*s.out = append(*s.out, got[i])
	}
	return nil
}

// decide applies the stop rule after a round, at a look planned among
// looks. The caller counts the looks of every class judged in the run
// (looks per class times classes): Pocock's boundary for that many looks
// keeps the chance that any class of the run is called slower or faster by
// luck near 5%, not 5% per class (an A/A run of 200 classes with the
// per-class boundary called one of 1,000 class-runs slower).
func (lr *latencyRun) decide(looks int, o Options) {
	lr.decision = paired.Decide(lr.cr.class.name, paired.LogRatios(perRound(lr.todayMs), perRound(lr.targetMs), 0),
		looks, precision(o.Threshold), effect.GainThreshold, effect.CostThreshold)
	n := len(lr.todayMs)
	switch {
	case n >= o.MinRounds && lr.decision.Decided():
		lr.done, lr.stop = true, paired.StopOnDecisions([]paired.Decision{lr.decision})
	case n >= o.MaxRounds:
		lr.done, lr.stop = true, paired.StopMaxRounds
	}
}

// precision is the stop rule's half-width: the project's 5%, narrower
// when the user's threshold is closer to 1 than the margin, so the run
// does not stop before the interval can clear the threshold.
func precision(threshold float64) float64 {
	return min(0.05, (threshold-1)/2)
}

// latency is the class's measured latency.
func (lr *latencyRun) latency() *Latency {
	if len(lr.todayMs) == 0 {
		return nil
	}
	stop := lr.stop
	if stop == "" {
		stop = paired.StopBudget
	}
	return &Latency{Ratio: paired.Speedup(perRound(lr.targetMs), perRound(lr.todayMs), 0), Decision: lr.decision,
		Rounds: len(lr.todayMs), Repeats: lr.repeats, Stop: stop,
		TodayMs: paired.Median(lr.todayMs) / float64(lr.repeats), TargetMs: paired.Median(lr.targetMs) / float64(lr.repeats)}
}

// perRound turns one time a round into the estimator's rounds of one unit.
func perRound(xs []float64) [][]float64 {
	out := make([][]float64, len(xs))
	for i, x := range xs {
		out[i] = []float64{x}
	}
	return out
}

// repeatsFor chooses the executions per side and round from a first
// execution on each server.
func repeatsFor(first float64) int {
	target := float64(armTarget.Microseconds()) / 1000
	if first >= target {
		return 1
	}
	return min(max(int(math.Ceil(target/max(first, 0.001))), minRepeats), maxRepeats)
}

// latencyProblem turns a measured latency into a problem against the
// threshold (the target's time over today's): slower when the stop rule's
// decision interval lies wholly beyond it, faster when wholly below its
// reciprocal. The decision interval is wider than the printed one (it is
// corrected for the looks the stop rule took and includes the run-to-run
// component).
func latencyProblem(l *Latency, threshold float64) *Problem {
	iv := l.Decision.Interval // speedup form: today's time over the target's
	if !iv.Valid() {
		return nil
	}
	text := fmt.Sprintf("target/today time %.2fx (95%% interval %.2f-%.2f), %.3f ms against %.3f ms per execution",
		l.Ratio.Ratio, l.Ratio.Low, l.Ratio.High, l.TargetMs, l.TodayMs)
	switch {
	case iv.High < 1/threshold:
		return &Problem{Status: StatusSlower, Aspect: "latency", Message: "slower on the target: " + text,
			Today: fmt.Sprintf("%.3f ms", l.TodayMs), Target: fmt.Sprintf("%.3f ms", l.TargetMs),
			Fix: "compare the plans; ANALYZE TABLE on the target, then an index hint or a rewrite"}
	case iv.Low > threshold:
		return &Problem{Status: StatusFaster, Aspect: "latency", Message: "faster on the target: " + text,
			Today: fmt.Sprintf("%.3f ms", l.TodayMs), Target: fmt.Sprintf("%.3f ms", l.TargetMs)}
	}
	return nil
}
