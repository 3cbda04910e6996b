// Package report holds upgrade-advisor's report model and its renderers.
//
// Package advisor builds a Report (audit, inspect, bench, check and the
// schema check), a CompareReport (compare), a RehearseReport (rehearse) or
// a Fleet (--hosts) from what it inspected and measured; each is a
// Document, and Write renders any of them in a Format: text for a
// terminal, JSON (the documented schema, SchemaVersion), GitHub Markdown,
// or a self-contained HTML page with SVG charts (the --html file). A kind
// without a format says so (a comparison and a fleet run have no HTML; a
// fleet run writes its summary table for Markdown). One my.cnf writer
// (mycnf.go) writes the audit's snippet (MyCnfSnippet) and rehearse's
// my.cnf for the target (RehearseMyCnf). It does no I/O beyond the writer
// it is given.
package report
