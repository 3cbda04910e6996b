package queries

import (
	"context"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
)

// sessionCache keeps one open session per server and logged session
// (schema and SETs), so timing passes do not reconnect for every round.
// Timed statements are queries and rolled-back DML: they leave the
// session's settings as the logged session had them.
type sessionCache struct {
	side    *side
	timeout time.Duration
	open    map[string]*session
	limit   int // sessions kept open at most
}

// newSessionCache keeps up to maxTimingSessions sessions open on s, fewer
// when its pool allows fewer connections (one is left for the others).
func newSessionCache(s *side, timeout time.Duration) *sessionCache {
	limit := maxTimingSessions
	if m := s.DB.Stats().MaxOpenConnections; m > 0 {
		limit = max(min(limit, m-1), 1)
	}
	return &sessionCache{side: s, timeout: timeout, open: map[string]*session{}, limit: limit}
}

func (c *sessionCache) get(ctx context.Context, st Statement) (*session, error) {
	key := st.Schema + "\x00" + strings.Join(st.Session, "\x00")
	if ss := c.open[key]; ss != nil {
		return ss, nil
	}
	if len(c.open) >= c.limit {
		c.closeAll()
	}
	ss, err := c.side.open(ctx, st, c.timeout)
	if err != nil {
		return nil, err
	}
	c.open[key] = ss
	return ss, nil
}

func (c *sessionCache) closeAll() {
	for k, ss := range c.open {
		ss.close()
		delete(c.open, k)
	}
}

// maxTimingSessions bounds the sessions the timing keeps open per server.
const maxTimingSessions = 16

// timeClasses measures the latency of the timeable classes within the
// budget (see latencyRun).
func timeClasses(ctx context.Context, a, b *side, runs []*classRun, o Options) error {
	ca, cb := newSessionCache(a, o.StatementTimeout), newSessionCache(b, o.StatementTimeout)
	defer ca.closeAll()
	defer cb.closeAll()
	began := time.Now()
	active, err := startLatencyRuns(ctx, ca, cb, runs, o)
	if err != nil {
		return err
	}
	judged := len(active)
	total := len(active)
	for pass := 0; len(active) > 0; pass++ {
		passBegan := time.Now()
		for i, lr := range active {
			o.report(Progress{Phase: PhaseTime, Done: total - len(active), Total: total, Pass: pass + 1, Elapsed: time.Since(began), Budget: o.Budget})
			if err := lr.round(ctx, (pass+i)%2 == 0); err != nil {
				lr.cr.result.Untimed = err.Error()
				lr.done = true
				continue
			}
			looks := paired.PlannedLooks(o.MinRounds, o.MaxRounds, o.Budget, pass+1, time.Since(began))
			lr.decide(looks*judged, o)
		}
		active = stillActive(active)
		if pass == 0 {
			active = fitBudget(active, time.Since(passBegan), o)
			judged = max(len(active), 1)
		}
		if time.Since(began)+time.Since(passBegan) > o.Budget {
			break
		}
	}
	judge(runs, o)
	return nil
}

// judge keeps every measured latency in its class, weighs them against the
// source's time (weigh), and calls a class slower or faster when its
// interval lies beyond the threshold and the difference is material;
// beyond the threshold but immaterial, the class is negligible.
func judge(runs []*classRun, o Options) {
	var ws []weighed
	for _, cr := range runs {
		if cr.latency == nil {
			continue
		}
		l := cr.latency.latency()
		if l == nil || cr.result.Untimed != "" {
			continue
		}
		cr.result.Latency = l
		ws = append(ws, weighed{latency: l, executions: cr.class.executions, time: cr.class.time})
	}
	weigh(ws, o.SourceTime)
	for _, cr := range runs {
		l := cr.result.Latency
		if l == nil {
			continue
		}
		if l.Rounds < o.MinRounds {
			cr.result.Notes = append(cr.result.Notes, "too few rounds within the latency budget for a verdict")
			continue
		}
		p := latencyProblem(l, o.Threshold)
		switch {
		case p == nil:
		case o.Material.Material(*l):
			cr.result.Problems = append(cr.result.Problems, *p)
		default:
			cr.result.Negligible = true
		}
	}
}

// startLatencyRuns prepares a run for every timeable class, heaviest
// first, with its repeats chosen from one execution on each server.
func startLatencyRuns(ctx context.Context, ca, cb *sessionCache, runs []*classRun, o Options) ([]*latencyRun, error) {
	byClass := map[*class]*classRun{}
	var classes []*class
	for _, cr := range runs {
		byClass[cr.class] = cr
		classes = append(classes, cr.class)
	}
	var out []*latencyRun
	for _, c := range heaviestFirst(classes) {
		cr := byClass[c]
		if !cr.timeable {
			cr.result.Untimed = "it did not run on both servers within the cap"
			continue
		}
		st := c.samples[0]
		lr := &latencyRun{cr: cr, today: timer{ca, st, cr.kind, o.limits()}, target: timer{cb, st, cr.kind, o.limits()}}
		first := 0.0
		for _, t := range []timer{lr.today, lr.target} {
			ms, err := t.once(ctx)
			if err != nil {
				cr.result.Untimed = err.Error()
				break
			}
			first = max(first, ms)
		}
		if cr.result.Untimed != "" {
			continue
		}
		lr.repeats = repeatsFor(first)
		cr.latency = lr
		out = append(out, lr)
	}
	return out, nil
}

// stillActive keeps the runs not yet done.
func stillActive(runs []*latencyRun) []*latencyRun {
	out := runs[:0]
	for _, lr := range runs {
		if !lr.done {
			out = append(out, lr)
		}
	}
	return out
}

// fitBudget keeps the heaviest classes the budget can give MinRounds, at
// the pace of the first pass; the others are left untimed.
func fitBudget(active []*latencyRun, firstPass time.Duration, o Options) []*latencyRun {
	if len(active) == 0 || firstPass <= 0 {
		return active
	}
	perClass := firstPass / time.Duration(len(active))
	fit := int(o.Budget / (perClass * time.Duration(o.MinRounds)))
	if fit >= len(active) {
		return active
	}
	for _, lr := range active[max(fit, 0):] {
		lr.cr.result.Untimed = "the latency budget was kept for heavier classes"
		lr.cr.latency = nil
	}
	return active[:max(fit, 0)]
}
