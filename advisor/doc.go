// Package advisor orchestrates upgrade-advisor's jobs: it connects to a
// server (or starts a sandbox), inspects it (scanning rows into a
// rules.Snapshot), runs the calibration benchmark, calls the rules, and
// builds the report; package advisor/report renders it (text, JSON,
// Markdown, HTML, my.cnf snippet). Decisions live in package rules;
// measurements in package bench.
package advisor
