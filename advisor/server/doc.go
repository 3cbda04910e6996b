// Package server is the server a job uses, with its life cycle: connect to
// an existing server (Open, with the mysql client's options and TLS) or
// start a throwaway sandbox (Start); inspect it once (version, settings and
// their origins, status counters, accounts); before the calibration changes
// anything, the pre-flight checks (read-only, binary log, privileges) and
// the state file (Prepare); calibrate it alone (Calibrate,
// CalibrateWithServerVariants) or alternating with others
// (CalibrateTogether), said once when it fails; settle the state file,
// record the run in the ledger, and Close (a sandbox stopped and removed,
// also after Ctrl-C). Cleanup finishes what an interrupted run left.
// Audit, what-if, compare, rehearse and the schema check all use it.
package server
