// Package rehearse rehearses an upgrade before it happens: today's server
// is read (read-only) or described offline, its explicit settings are
// carried to the target version (package carryover) and validated by the
// target's own binary, sandboxes of today's version and of the target are
// calibrated side by side with the same estimator as compare
// (server.CalibrateTogether), today's schema is loaded and timed on both
// (package schemacheck), and with --in-place today's datadir is started by
// the target and upgraded; with --in-place --datadir, a copy of a real
// datadir is (inplace_datadir.go: each step timed; datadir_checks.go and
// datadir_compare.go: every table checked, counted and summed before and
// after; datadir_preflight.go: what is refused before the copy;
// datadir_queries.go: --queries on the upgraded copy and on today's
// version started on a second copy) and no calibration runs
// (datadir_run.go). Every sandbox is stopped and removed whatever
// happens, also on Ctrl-C.
package rehearse
