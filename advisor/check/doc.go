// Package check is the check job: what can be said of an upgrade without
// touching today's server beyond reads. Run reads top to bottom as its
// steps:
//
//  1. the servers it uses: versions by name resolved to binaries in the
//     servers' cache (fetched when missing), the target's version read from
//     its binary (servers.go);
//  2. what it reads before any sandbox starts: the application's queries,
//     from a file or today's live server, read-only (queries.go);
//  3. the rules on the saved settings (advisor.RunCheck), and --config asked
//     of the target's own binary (config.go);
//  4. the schema on a sandbox of the target (and of today's version), with
//     the queries run on those sandboxes while they hold the schema
//     (advisor/schemacheck, advisor/rehearse's query rehearsal);
//  5. the report judged, with every section in it.
//
// Options holds every flag of the command as a field and Validate every
// rule between them, said once; the command line only fills Options and
// renders what Run returns.
package check
