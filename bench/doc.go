// Package bench is the calibration benchmark: it creates a scratch schema,
// runs rounds of CREATE TABLE / DROP TABLE in several variants (baseline,
// file_per_table off, stats_persistent off, both off) in rotating order,
// times every statement, and summarises each variant with percentiles and a
// paired speedup against the baseline with a bootstrap confidence interval.
//
// It never touches anything outside its scratch schema except the global
// variables a plan names, which it restores whatever happens. It does not
// import the rules package: callers translate its Result.
package bench
