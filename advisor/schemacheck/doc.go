// Package schemacheck puts an application's schema through a server of the
// target version: it replays a dump or install script on a throwaway server
// as the target's own client runs it (file order, the file's session and
// script statements included; a schema read from a live server by kind,
// with the session settings each object was created with), and asks that
// server what it made of each object and statement (refused, blocked by an
// earlier failure, fails when called or on its next ALTER TABLE, reserved
// names, changed definitions and collations, warnings). It loads nothing on
// a live server: a live server's schema is only read (ReadLive), and every
// connection it loads on is a sandbox's.
//
// Reading order, lowest first: each file uses only names of the files
// above it.
//
// What the load and the check share:
//   - result.go: what one server made of each object (Result, Load) and
//     the objects' names (DefaultSchema, schemaOf, qualifiedName,
//     quotedName).
//   - servererror.go: the server's own error (serverError) and a
//     statement's excerpt for a message.
//   - fixes.go: the fix of a server error or warning, of a missing
//     function.
//   - probe.go: the prober, which asks a server about reserved words and
//     built-in functions in its own empty schema.
//   - account.go: the sandbox's application account: the schemas it is
//     given, DEFINER clauses rewritten to it (asLoader), the refusals for a
//     right it lacks on purpose (lacksRight, rightFix) and their note.
//
// Loading a dump on one server (LoadDump):
//   - loader.go: the loader and its connection: USE, SHOW WARNINGS, the
//     problem of a refused statement (refusal).
//   - session.go: the session settings each object was created with, and a
//     refused sql_mode.
//   - bykind.go: a schema read from a live server, loaded kind by kind.
//   - replayer.go: the state of a file's replay and the session's sql_mode
//     it follows.
//   - consequence.go: the definitions that failed, and a later failure
//     shown as their consequence.
//   - replay.go: one step replayed and the server's answer attributed to
//     its object or statement.
//   - clienttext.go: the steps of one client statement (the text up to the
//     delimiter) sent as one text on the sandbox, as the client sends it:
//     the server cuts it, and its answer (how many statements ran, the
//     error it stopped at) is attributed to the steps; where the reader's
//     server cut disagrees, the server's answer wins.
//   - replayfile.go: a file's steps replayed in file order, client
//     statement by client statement, as the client runs them.
//   - load.go: LoadDump, which replays a file or loads a live schema by
//     kind.
//
// Checking the loads (Check):
//   - checker.go: the sandboxes of a check (Servers) and the checker.
//   - statements.go: a failed statement explained by a function it calls.
//   - names.go: reserved names and the functions stored programs call.
//   - definitions.go: definitions as information_schema shows them, and
//     their differences.
//   - charsets.go: the collation a server picks for a character set given
//     alone.
//   - rewritten.go: the definitions the target changes.
//   - modes.go: tables that load only under the sql_mode the file set.
//   - check.go: Check, the steps in order, and today's version's share.
//
// The job (CheckOnTarget):
//   - knowledge.go: what the knowledge base answers without the target's
//     binaries.
//   - dumpaccounts.go: the dump's accounts against the target.
//   - run.go: the contained run of the loaded objects.
//   - live.go: a live server's schema read into a dump.
//   - groups.go: schemas of one definition loaded once.
//   - section.go: the report's schema section and its notes.
//   - options.go: Options and what WhileLoaded is given (Loaded).
//   - loaded.go: today's sandbox brought to the target's state for
//     WhileLoaded; LoadRows.
//   - job.go: ReadFile and CheckOnTarget: sandboxes started, connected,
//     checked and closed.
package schemacheck
