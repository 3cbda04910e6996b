// Package rehearse rehearses an upgrade before it happens: today's server
// is read (read-only) or described offline, its explicit settings are
// carried to the target version (package carryover) and validated by the
// target's own binary, sandboxes of today's version and of the target are
// calibrated side by side with the same estimator as compare
// (server.CalibrateTogether), today's schema is loaded and timed on both
// (package schemacheck), and with --in-place today's datadir is started by
// the target and upgraded. Every sandbox is stopped and removed whatever
// happens, also on Ctrl-C.
package rehearse
