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
//
// The files read from the bottom up, in this order; a file uses names of
// the files before it, never of those after it:
//
//   - The model: format.go (Format, TextStyle), warmup.go, mycnf.go,
//     verdict.go (the verdict's types), method.go (Decision and the method
//     lines), schema.go, schema_groups.go and schema_outcome.go (the schema
//     section and SchemaOf), queries.go (the queries section and QueriesOf),
//     statuses.go (which status of a statement or an object is which kind
//     of finding of the rules registry, where its severity and the
//     verdict's side it counts on are), tenants_cost.go, model.go (Report
//     and its parts, with their conversions), finding_kind.go (a finding's
//     kind: newFinding makes one of a registered kind, sideOf reads its
//     side), server_info.go (ServerOf, the flavor's name), settings_label.go,
//     compare_model.go, replication_model.go, replication_outcome.go,
//     rehearse_model.go, rehearse_pins.go, inplace_groups.go (the in-place
//     upgrade's groups of tenants), inplace_datadir.go (the in-place upgrade
//     of a real datadir: its downtime, tables and problems), fleet.go.
//   - What is judged and summed up on the model: verdict_causes.go (the
//     statements and objects grouped by cause), verdict_derived.go (the
//     groups as findings), verdict_judge.go (judge: the readiness),
//     verdict_report.go (Judge on each kind of report), compare_summary.go,
//     rehearse_summary.go, rehearse_schema.go, rehearse_mycnf.go and
//     replication.go (the replication rehearsal's findings and headlines).
//   - The words the formats share: words_server.go, words_effect.go,
//     words_calibration.go, words_report.go, words_findings.go (the findings
//     by severity, the drift of defaults folded), words_schema.go,
//     words_queries.go, words_negligible.go, words_load.go,
//     words_verdict.go, words_replication.go, words_rehearse.go,
//     words_compare.go.
//   - One renderer per format, each reading the model and the words, never
//     another format's renderer, its sections before the reports that use
//     them. Text: text.go (the printer), text_verdict.go, text_schema.go,
//     text_queries.go, text_load.go, text_replication.go, then
//     text_report.go, text_rehearse.go, text_inplace_datadir.go (also its
//     Markdown), text_compare.go, text_fleet.go.
//     Markdown: markdown.go (the writer and its escaping),
//     markdown_verdict.go, markdown_schema.go, markdown_queries.go,
//     markdown_load.go, markdown_replication.go, then markdown_report.go,
//     markdown_rehearse.go, markdown_compare.go. HTML: html_verdict.go,
//     html_schema.go, html_queries.go, html_replication.go, html_svg.go
//     (the charts), html_report_template.go, then html_report.go,
//     html_rehearse.go. JSON: json.go.
//   - document.go: Write, and each kind of report with its renderers.
package report
