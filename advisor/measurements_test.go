package advisor

import (
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// TestAdviceDecidesOnTheStopRulesInterval: the rules get the unrounded
// figures and the stop rule's decision interval, so a low just under the
// margin is never a gain (1.046 printed as 1.05 once recommended
// innodb_stats_persistent = 0 while the stop rule had settled it as no
// gain), and the advice agrees with the stop reason.
func TestAdviceDecidesOnTheStopRulesInterval(t *testing.T) {
	for _, tt := range []struct {
		name     string
		speedup  effect.Interval
		decision *paired.Decision
		gain     bool
	}{
		{"low 1.046 without a decision", effect.Interval{Ratio: 1.11, Low: 1.046, High: 1.18}, nil, false},
		{"low 1.0504 without a decision", effect.Interval{Ratio: 1.11, Low: 1.0504, High: 1.18}, nil, true},
		{"95% interval clears the margin, the decision interval does not", effect.Interval{Ratio: 1.11, Low: 1.06, High: 1.17},
			&paired.Decision{Verdict: paired.VerdictPrecise, Interval: effect.Interval{Ratio: 1.11, Low: 1.046, High: 1.18}, Level: 0.987}, false},
		{"decided above the margin", effect.Interval{Ratio: 1.30, Low: 1.22, High: 1.38},
			&paired.Decision{Verdict: paired.VerdictAbove, Interval: effect.Interval{Ratio: 1.30, Low: 1.18, High: 1.43}, Level: 0.987}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := fixtureInspection("ON")
			plans := bench.PlanVariants(bench.Server{Flavor: in.Flavor, FilePerTable: true, StatsPersistent: true, HasStatsPersistent: true}, bench.Permissions{SetGlobal: true})
			res := &bench.Result{Rounds: 4, TablesPerRound: 100, StopReason: paired.StopDecided, Budget: 8 * time.Second}
			for _, p := range plans {
				v := bench.VariantResult{Plan: p, Create: bench.Summary{P50: 2, Mean: 2}, Speedup: effect.Point(1)}
				if p.Name == bench.StatsPersistentOff {
					v.Speedup = tt.speedup
				}
				res.Variants = append(res.Variants, v)
			}
			if tt.decision != nil {
				d := *tt.decision
				d.Variant = bench.StatsPersistentOff
				res.Decisions = []paired.Decision{d}
			}
			snap := rules.Snapshot{Flavor: in.Flavor, Variables: in.Variables, Status: in.Status,
				Workload: rules.WorkloadFromFlag(rules.WorkloadDDLHeavy, rules.ClassifyWorkload(in.Status)), Bench: job.Measurements(res)}
			var ids []string
			for _, f := range rules.Evaluate(snap) {
				ids = append(ids, f.ID)
			}
			got := strings.Contains(strings.Join(ids, " "), "ddl-stats-persistent-recommend")
			if got != tt.gain {
				t.Errorf("recommended %v, want %v (findings %v)", got, tt.gain, ids)
			}
			if !tt.gain && !strings.Contains(strings.Join(ids, " "), "ddl-stats-persistent-no-gain") {
				t.Errorf("no no-gain finding: %v", ids)
			}
		})
	}
}
