package queries

import (
	"math"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// TestMateriality: a class beyond the threshold is slower or faster only
// when the time it adds or saves is at least the share of the source's
// time, or the difference of one execution at least the milliseconds.
func TestMateriality(t *testing.T) {
	type class struct {
		todayMs, targetMs float64
		executions        int
		logged            time.Duration
	}
	for _, tc := range []struct {
		name       string
		rule       Materiality
		sourceTime time.Duration
		classes    []class
		wantShare  []float64
		want       []bool
	}{{
		name: "a slow log: the logged time times the ratio", rule: DefaultMateriality, sourceTime: 10 * time.Second,
		classes: []class{
			{todayMs: 1, targetMs: 1.2, executions: 1000, logged: time.Second},         // 0.2 s of 10 s
			{todayMs: 0.067, targetMs: 0.085, executions: 1, logged: time.Millisecond}, // 0.27 ms of 10 s
			{todayMs: 5, targetMs: 7, executions: 1, logged: 5 * time.Millisecond},     // 2 ms an execution
		},
		wantShare: []float64{0.02, (0.085/0.067 - 1) / 10000, 0.0002},
		want:      []bool{true, false, true},
	}, {
		name: "faster counts the time saved", rule: DefaultMateriality, sourceTime: time.Second,
		classes:   []class{{todayMs: 2, targetMs: 1, executions: 100, logged: 200 * time.Millisecond}, {todayMs: 0.1, targetMs: 0.05, executions: 2, logged: 200 * time.Microsecond}},
		wantShare: []float64{-0.1, -0.0001},
		want:      []bool{true, false},
	}, {
		name: "no times in the source: executions times today's time make the total", rule: DefaultMateriality,
		classes:   []class{{todayMs: 1, targetMs: 1.1, executions: 100}, {todayMs: 0.067, targetMs: 0.085, executions: 1}},
		wantShare: []float64{10 / 100.067, 0.018 / 100.067},
		want:      []bool{true, false},
	}, {
		name: "a class the log did not time in a timed log: its executions times the difference", rule: DefaultMateriality, sourceTime: time.Second,
		classes:   []class{{todayMs: 0.5, targetMs: 0.6, executions: 200}},
		wantShare: []float64{0.02},
		want:      []bool{true},
	}, {
		name: "both bounds at 0: every class beyond the threshold matters", rule: Materiality{}, sourceTime: 10 * time.Second,
		classes:   []class{{todayMs: 0.067, targetMs: 0.085, executions: 1, logged: time.Millisecond}},
		wantShare: []float64{(0.085/0.067 - 1) / 10000},
		want:      []bool{true},
	}, {
		name: "a stricter rule: 5% or 10 ms", rule: Materiality{Share: 0.05, PerExecutionMs: 10}, sourceTime: 10 * time.Second,
		classes:   []class{{todayMs: 1, targetMs: 1.2, executions: 1000, logged: time.Second}, {todayMs: 10, targetMs: 25, executions: 1, logged: 10 * time.Millisecond}},
		wantShare: []float64{0.02, 0.0015},
		want:      []bool{false, true},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			var ws []weighed
			for _, c := range tc.classes {
				l := &Latency{Ratio: effect.Interval{Ratio: c.targetMs / c.todayMs}, TodayMs: c.todayMs, TargetMs: c.targetMs}
				ws = append(ws, weighed{latency: l, executions: c.executions, time: c.logged})
			}
			weigh(ws, tc.sourceTime)
			for i, w := range ws {
				if got := w.latency.ExtraShare; math.Abs(got-tc.wantShare[i]) > 1e-3*math.Abs(tc.wantShare[i]) {
					t.Errorf("class %d: share %.7f, want %.7f", i, got, tc.wantShare[i])
				}
				if w.latency.Executions != tc.classes[i].executions {
					t.Errorf("class %d: executions %d, want %d", i, w.latency.Executions, tc.classes[i].executions)
				}
				if got := tc.rule.Material(*w.latency); got != tc.want[i] {
					t.Errorf("class %d (share %.5f, %.3f ms an execution): material %v, want %v", i, w.latency.ExtraShare, w.latency.TargetMs-w.latency.TodayMs, got, tc.want[i])
				}
			}
		})
	}
}
