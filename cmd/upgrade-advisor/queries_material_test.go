package main

import (
	"math"
	"testing"
)

// runLatency is a class's measured latency in the JSON report.
type runLatency struct {
	TodayMs    float64 `json:"today_ms"`
	TargetMs   float64 `json:"target_ms"`
	ExtraShare float64 `json:"extra_share"`
	Decision   struct {
		Interval struct {
			Low  float64 `json:"ci_low"`
			High float64 `json:"ci_high"`
		} `json:"interval"`
	} `json:"decision"`
}

// material reports whether a latency's difference matters by the report's rule.
func (q queriesRun) material(l *runLatency) bool {
	m := q.Queries.Material
	return math.Abs(l.ExtraShare) >= m.Share || math.Abs(l.TargetMs-l.TodayMs) >= m.PerExecutionMs
}

// checkMateriality holds every timed class to the materiality rule: a
// slower or faster class by latency is material, a negligible one is
// beyond the threshold (its decision interval, in speedup form) and not
// material. It returns how many classes were slower and negligible.
func checkMateriality(t *testing.T, q queriesRun) (slower, negligible int) {
	t.Helper()
	if q.Queries.Material == nil {
		t.Fatal("a timed run's report has no materiality rule")
	}
	for _, r := range q.Queries.Results {
		l := r.Latency
		byLatency := false
		for _, p := range r.Problems {
			byLatency = byLatency || ((p.Status == "slower" || p.Status == "faster") && l != nil && p.Code == 0)
		}
		iv, th := l.interval(), q.Queries.Threshold
		switch {
		case byLatency && !q.material(l):
			t.Errorf("%s: %s by %.5f of the source's time and %.3f ms an execution: not material", r.SQL, r.Status, l.ExtraShare, l.TargetMs-l.TodayMs)
		case r.Negligible && (l == nil || q.material(l) || (iv.High >= 1/th && iv.Low <= th)):
			t.Errorf("%s: negligible, but its latency %+v is material or not beyond %.2fx", r.SQL, l, th)
		}
		if r.Status == "slower" {
			slower++
		}
		if r.Negligible {
			negligible++
		}
	}
	return slower, negligible
}

// interval is the decision interval (today's time over the target's); zero without a latency.
func (l *runLatency) interval() struct{ Low, High float64 } {
	if l == nil {
		return struct{ Low, High float64 }{}
	}
	return struct{ Low, High float64 }{l.Decision.Interval.Low, l.Decision.Interval.High}
}
