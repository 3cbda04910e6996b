package queries

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// armTarget is how long one arm's call aims to take: fast statements are
// repeated so that a round's unit is well above the clock's and the round
// trip's noise.
const armTarget = 4 * time.Millisecond

// minRepeats and maxRepeats bound the executions of one arm's call for a
// statement faster than armTarget (a slower one runs once a call).
const (
	minRepeats = 5
	maxRepeats = 50
)

// timer runs one statement repeatedly in a session and times it.
type timer struct {
	ss      *session
	sql     string
	kind    Kind
	lim     limits
	repeats int
}

// once runs the statement once and returns its time in milliseconds: a
// query's rows are read (up to the cap), DML is rolled back (the rollback
// is not timed).
func (t *timer) once(ctx context.Context) (float64, error) {
	if t.kind == KindDML {
		if err := t.ss.exec(ctx, stmt.Tag+"START TRANSACTION"); err != nil {
			return 0, err
		}
	}
	start := time.Now()
	var err error
	if t.kind == KindDML {
		_, err = t.ss.conn.ExecContext(ctx, stmt.Tagged(t.sql))
	} else {
		_, err = t.ss.query(ctx, t.sql, t.lim)
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	if err != nil {
		return 0, fmt.Errorf("timing on %s: %w", t.ss.side.Name, err)
	}
	if t.kind == KindDML {
		if err := t.ss.exec(ctx, stmt.Tag+"ROLLBACK"); err != nil {
			return 0, err
		}
	}
	return ms, nil
}

// arm times t.repeats executions and returns their median times their
// count: on a shared machine one execution of a fast statement that
// is descheduled would otherwise decide its round alone.
func (t *timer) arm(name string) paired.Arm {
	return paired.Arm{Name: name, Time: func(ctx context.Context) (float64, error) {
		times := make([]float64, 0, t.repeats)
		for range t.repeats {
			ms, err := t.once(ctx)
			if err != nil {
				return 0, err
			}
			times = append(times, ms)
		}
		return paired.Median(times) * float64(len(times)), nil
	}}
}

// measureLatency times one sample on both servers alternately with the
// paired estimator and stop rule, within budget.
func measureLatency(ctx context.Context, today, target *session, st Statement, k Kind, lim limits, budget time.Duration) (*Latency, error) {
	a := &timer{ss: today, sql: st.SQL, kind: k, lim: lim}
	b := &timer{ss: target, sql: st.SQL, kind: k, lim: lim}
	first := 0.0
	for _, t := range []*timer{a, b} {
		ms, err := t.once(ctx)
		if err != nil {
			return nil, err
		}
		first = max(first, ms)
	}
	reps := 1
	if target := float64(armTarget.Microseconds()) / 1000; first < target {
		reps = min(max(int(math.Ceil(target/max(first, 0.001))), minRepeats), maxRepeats)
	}
	a.repeats, b.repeats = reps, reps
	trial := paired.Trial{Arms: []paired.Arm{a.arm("today"), b.arm("target")}, Warmup: 1,
		MinRounds: 8, MaxRounds: 200, Budget: budget, Precision: 0.05}
	out, err := trial.Run(ctx)
	if err != nil {
		return nil, err
	}
	tgt := out.Arms[1]
	return &Latency{Ratio: tgt.Versus, Decision: *tgt.Decision, Rounds: out.Rounds, Repeats: reps, Stop: out.Stop,
		TodayMs: paired.Median(out.Arms[0].Times) / float64(reps), TargetMs: paired.Median(tgt.Times) / float64(reps)}, nil
}

// latencyProblem turns a measured latency into a problem against the
// threshold (the target's time over today's): slower when the stop rule's
// decision interval lies wholly beyond it, faster when wholly below its
// reciprocal. The decision interval is wider than the printed one (it is
// corrected for the looks the stop rule took), so a verdict holds at 95%
// whenever the run stopped.
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
