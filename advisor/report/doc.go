// Package report holds upgrade-advisor's report model and its renderers.
//
// Package advisor builds a Report (audit, inspect, bench, check), a
// CompareReport (compare) or a list of HostResult (--hosts) from what it
// inspected and measured; this package turns them into text for a terminal,
// JSON (the documented schema, SchemaVersion), GitHub Markdown, a
// self-contained HTML page with SVG charts, and the my.cnf snippet
// (MyCnfSnippet). Write, WriteCompare and WriteFleet pick the renderer of a
// Format; HTML writes the page. It does no I/O beyond the writer it is given.
package report
