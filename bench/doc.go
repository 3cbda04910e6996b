// Package bench is the calibration benchmark: it creates a scratch schema,
// runs rounds of CREATE TABLE / DROP TABLE in several variants (baseline,
// file_per_table off, stats_persistent off, both off), times every
// statement, and summarises each variant with percentiles and a paired
// speedup against the baseline with a 95% confidence interval.
//
// When the workload allows it the variants alternate statement by statement
// within a round (alternate.go), otherwise each runs its round in one block
// in rotating order. The paired estimator (estimate.go) pairs chunks of
// statements, or whole rounds for blocks. The stop rule (stoprule.go) stops
// as soon as the advice each variant drives can no longer change, with a
// group-sequential correction, and never past the budget.
//
// It never touches anything outside its scratch schema except the global
// variables a plan names, which it restores whatever happens. It does not
// import the rules package (callers translate its Result); the margin its
// stop rule decides against is the rules' own, from the leaf rules/effect.
package bench
