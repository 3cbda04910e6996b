// Package replication rehearses the upgrade day: a sandbox of today's
// version as the primary and one of the target as its replica, seeded as
// DBAs seed one (a dump of the primary with its binary log coordinates,
// made by the primary's dump client and loaded by the replica's own
// client), the application's writes replayed on the primary in log order,
// then the replica's threads, errors and lag read and every table
// checksummed on both sides (pt-table-checksum's method); and the way
// back, the target as the primary and today's version as its replica.
// Every sandbox is removed afterwards, also on Ctrl-C.
package replication
