// Package stmt is the one path for the statements upgrade-advisor sends.
// Its helpers put the tag every statement carries on, once, in one place:
// Exec, QueryRow, Rows and RowsWithColumns (every result read by one
// reader), ReadWarnings (SHOW WARNINGS), Prepare (a statement asked about,
// never run) and Script (an --init-file's text). Callers pass the
// statement's own text, untagged; internal/archtest fails on a statement
// sent around them. Built on them: readers of name/value pairs, strings and
// one row, quoting of names and strings, the validated read, set and
// restore of global variables, and a text of several statements sent whole
// on a sandbox's connection that takes them, the server cutting it
// (RunText, multi.go). It imports nothing of the project, so every
// package (calibration, server, schema check, rehearsal) can use it.
package stmt

// Tag starts every statement the tool sends, so a DBA reading the server's
// general log, slow log or processlist can tell them from the application's.
const Tag = "/* upgrade-advisor */ "

// Tagged returns query with the tag in front, once: a query that already
// starts with it is returned as it is. stmt's helpers call it; the live
// guard checks its result.
func Tagged(query string) string {
	if len(query) >= len(Tag) && query[:len(Tag)] == Tag {
		return query
	}
	return Tag + query
}
