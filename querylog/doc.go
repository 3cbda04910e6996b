// Package querylog reads where an application's statements come from and
// groups them into classes: the slow logs of MySQL (with and without
// log_slow_extra) and MariaDB (Thread_id, Schema and QC_hit lines, restart
// headers inside the file), the general logs of both, a plain file of
// statements (cut by sqlfile's client splitter), and a live server read-only
// (performance_schema's statement digests with their sample text, and the
// mysql.slow_log table when log_output includes TABLE).
//
// Every statement keeps the session it ran in: the schema (USE, Init DB,
// the Connect line, the slow log's Schema: and use lines) and the session's
// SET assignments, followed per thread. Statements are grouped by
// Fingerprint (literals out, IN lists and VALUES rows collapsed, comments and
// whitespace normalised, words lower-cased); each Class has its count, total
// and maximum time from the log, first and last seen, and a few samples with
// their schema and settings, heaviest class first. The tool's own tagged
// statements and the logs' own noise (start-up banners, administrator
// commands, throttling lines) are counted apart, never grouped.
//
// The package only reads: files, and with ReadLive tagged SELECTs.
package querylog
