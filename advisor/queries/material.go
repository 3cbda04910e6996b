package queries

import (
	"math"
	"time"
)

// Materiality tells a latency difference that matters to the application
// from a negligible one. A class whose interval lies wholly beyond the
// threshold is called slower (or faster) only when the time the target
// adds (or saves) is at least Share of the source's total time, or at
// least PerExecutionMs on every execution; otherwise it is negligible.
type Materiality struct {
	Share          float64 `json:"share"`
	PerExecutionMs float64 `json:"per_execution_ms"`
}

// DefaultMateriality is 1% of the source's time, or 1 ms an execution.
var DefaultMateriality = Materiality{Share: 0.01, PerExecutionMs: 1}

// Material reports whether a measured latency difference matters: its
// share of the source's time (ExtraShare, either sign) or its difference
// per execution reaches the rule's bound.
func (m Materiality) Material(l Latency) bool {
	return math.Abs(l.ExtraShare) >= m.Share || math.Abs(l.TargetMs-l.TodayMs) >= m.PerExecutionMs
}

// weighed is a timed class with what the source says of its weight.
type weighed struct {
	latency    *Latency
	executions int           // the class's executions in the source (0: 1)
	time       time.Duration // its total time in the source (0: none given)
}

// weigh sets every latency's Executions and ExtraShare: the time the
// target would add to the source's total, as a share of it. A class the
// source timed adds its logged time times (ratio - 1): the measured ratio
// carried to the time the application spent on it. A class without a
// logged time adds its executions times the measured difference. The
// total is sourceTime; a source without times (a general log, a file of
// statements) has it estimated as the timed classes' executions times
// today's time of one.
func weigh(ws []weighed, sourceTime time.Duration) {
	totalMs := float64(sourceTime.Microseconds()) / 1000
	if totalMs <= 0 {
		for _, w := range ws {
			totalMs += float64(max(w.executions, 1)) * w.latency.TodayMs
		}
	}
	for _, w := range ws {
		l := w.latency
		l.Executions = max(w.executions, 1)
		extraMs := float64(l.Executions) * (l.TargetMs - l.TodayMs)
		if w.time > 0 && sourceTime > 0 {
			extraMs = float64(w.time.Microseconds()) / 1000 * (l.Ratio.Ratio - 1)
		}
		if totalMs > 0 {
			l.ExtraShare = extraMs / totalMs
		}
	}
}
