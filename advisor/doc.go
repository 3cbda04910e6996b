// Package advisor orchestrates upgrade-advisor's jobs: it connects to a
// server, inspects it (scanning rows into a rules.Snapshot), runs the
// calibration benchmark, calls the rules, and renders the report (text,
// JSON, my.cnf snippet). Decisions live in package rules; measurements in
// package bench.
package advisor
