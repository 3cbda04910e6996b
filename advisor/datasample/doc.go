// Package datasample copies a bounded sample of each table of today's live
// server into the rehearsal's sandboxes, so the application's statements
// run on real-looking data when no dump is given.
//
// The live server is only read: one session of its own, in one consistent
// snapshot (START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY), sends
// tagged SELECTs and session SETs, and is discarded at the end. At
// most Options.Rows rows of each base table are read, in primary-key order
// where the table has one, every value as text or hex so that binary data,
// DECIMAL, BIT, FLOAT and temporal values arrive exact, and written to each
// sandbox in batched INSERTs (literals, no prepared statements) with
// foreign_key_checks off, so a child row whose parent was not sampled still
// loads. Generated columns are left for the sandbox to compute; invisible
// columns are copied. The Result says how many rows were read per table and
// what was skipped and why.
package datasample
