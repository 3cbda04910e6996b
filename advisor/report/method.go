package report

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// Decision is the stop rule's verdict on one variant: whether its advice
// had settled, and on which (wider, sequentially corrected) interval.
type Decision struct {
	Variant  string          `json:"variant"`
	Verdict  string          `json:"verdict"`
	Interval effect.Interval `json:"interval"`
	Level    float64         `json:"level"`
	// Threshold is the speedup decided against: 1+margin, or 1/(1+margin)
	// for a variant that turns settings on (a cost).
	Threshold float64 `json:"threshold,omitempty"`
	// TwoSided marks a decision against both 1+margin and 1/(1+margin):
	// one server against another, whose interval is a time ratio.
	TwoSided bool `json:"two_sided,omitempty"`
}

// isCost tells a decision on a variant that turns settings on, decided
// against the mirrored threshold 1/(1+margin).
func (d Decision) isCost() bool { return d.Threshold > 0 && d.Threshold < 1 }

// The method lines: each names how the statements ran and the estimator
// that made every figure of its report.

// estimatorText names the paired estimator of a ratio (e.g. "speedup")
// of the times of a pair (e.g. "baseline/variant"), by the unit the run
// paired on.
func estimatorText(res *bench.Result, ratio, pair string) string {
	unit := "chunks of statements"
	if res.Interleaving != bench.InterleaveStatements {
		unit = "rounds"
	}
	return ratio + " = geometric mean of paired " + pair + " CREATE TABLE time ratios over " + unit +
		", 95% Student-t interval with round-to-round variance plus a 2% run-to-run component"
}

// methodOf says how a calibration measured, in one line.
func methodOf(res *bench.Result) string {
	how := "variants alternate statement by statement after a warm-up until the servers settle"
	if res.Interleaving != bench.InterleaveStatements {
		how = "rotating variant blocks per round after one warm-up round"
	}
	servers := ""
	for _, v := range res.Variants {
		if v.ServerOption != "" {
			servers = "; the server variants ran on their own sandboxes, their statements alternating with the main sandbox's, by the same estimator"
			break
		}
	}
	return how + "; per-statement timing; " + estimatorText(res, "speedup", "baseline/variant") + servers +
		"; stops when every variant's advice is settled on a sequentially corrected (Pocock) interval, or on " + flagname.Budget
}

// ServersMethod says how a calibration of several servers measured
// (between names them, e.g. "the source and the target") and the
// estimator of its ratio (e.g. "regression") of the times of a pair (e.g.
// "target/source"): the same as audit's, the
// servers being one more pair of variants; where they could not alternate
// statement by statement, why.
func ServersMethod(res *bench.Result, between, ratio, pair string) string {
	how := "statements alternate between " + between + " (one connection each, the same scratch DDL) and between the variants, " +
		"in rotating order, after a warm-up until the servers settle"
	if res.Interleaving != bench.InterleaveStatements {
		how = "the " + flagname.DDLFile + " workload's statements depend on each other, so they cannot alternate statement by statement: " +
			"each variant of " + between + " runs its round in one block, the blocks rotating across the servers"
	}
	return how + "; per-statement timing; " + estimatorText(res, ratio, pair) +
		"; stops when every server's baseline against the first's and every variant's advice is settled on a sequentially corrected (Pocock) interval, or on " + flagname.Budget
}

// VersusOf is the stop rule's decision on a server's baseline against the
// first server's, as a time ratio (this one's time / the first's), or nil.
func VersusOf(res *bench.Result) *Decision {
	d := res.Versus
	if d == nil {
		return nil
	}
	// bench decides on the speedup (the first's time / this one's): in
	// time form its sides swap.
	verdict := map[string]string{paired.VerdictAbove: paired.VerdictBelow, paired.VerdictBelow: paired.VerdictAbove}[d.Verdict]
	if verdict == "" {
		verdict = d.Verdict
	}
	return &Decision{Variant: d.Variant, Verdict: verdict, Interval: d.Interval.Slowdown().Rounded(), Level: decimal.Round(d.Level, 3),
		Threshold: decimal.Round(effect.GainThreshold, 3), TwoSided: d.TwoSided}
}
