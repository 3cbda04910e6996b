// Package queries runs the application's statements on two servers, today's
// version and the target (both throwaway sandboxes loaded with the same
// schema and data, never a live server), and compares them class by class:
// the error, the statement's own warnings, the result (typed, as a multiset,
// in order only where the statement orders), the tabular plan and, timed
// alternately with the paired estimator of package bench/paired, the
// latency. Each class gets a status, worst first: breaks, changed, order,
// slower, warned, plan, same, and fixed or faster, with the server's code
// and message and a fix where one is known.
//
// Its input (Statement) does not depend on where the statements were read:
// a slow or general log, a file, a server's digests. DML runs inside a
// transaction that is rolled back; DDL, account, administrative and
// transaction-control statements, and those that touch files or call
// routines, are set aside and counted (Classify). Every execution has a
// statement timeout and a result cap, and runs in a fresh session that has
// the logged session's USE and SET applied first.
package queries
