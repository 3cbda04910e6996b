// Package stmt is the one path for the statements upgrade-advisor sends:
// the tag every statement carries, quoting of names and strings, readers of
// name/value and string rows, the validated read, set and restore of
// global variables, and a text of several statements sent whole on a
// sandbox's connection that takes them, the server cutting it (RunText,
// multi.go). It imports nothing of the project, so every package
// (calibration, server, schema check, rehearsal) can use it.
package stmt

// Tag starts every statement the tool sends, so a DBA reading the server's
// general log, slow log or processlist can tell them from the application's.
const Tag = "/* upgrade-advisor */ "

// Tagged returns query with the tag in front, once: a query that already
// starts with it is returned as it is.
func Tagged(query string) string {
	if len(query) >= len(Tag) && query[:len(Tag)] == Tag {
		return query
	}
	return Tag + query
}
