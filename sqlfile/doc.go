// Package sqlfile reads SQL files the way the mysql client and the server
// read them: a user's schema file (mysqldump or mariadb-dump output, any
// options, or an install script), a --ddl-file, a file of statements.
//
// It is a pipeline, each step using only the steps before it:
//
//	bytes -> tokens -> client statements -> server statements -> objects and session state
//
// The steps:
//
//   - Tokens: Lex and LexStatement cut text as the server's lexer does
//     (strings, quoted names, comments; the contents of executable comments
//     /*! ... */ read as code; NO_BACKSLASH_ESCAPES and ANSI_QUOTES as
//     SQLMode says); a Cursor walks them.
//   - Client statements: ClientStatements cuts a file as the mysql client
//     does in batch mode: at the current delimiter outside strings, quoted
//     identifiers and plain comments, DELIMITER lines changing it, backslash
//     commands (\g, \c, ...) run. It refuses, with file:line, the client
//     commands that act outside the server (\!, system, pager, ...): a file
//     is input, never instructions to the client; a source command is
//     returned with its line, never followed.
//   - Server statements: SplitServer cuts a client statement as the server
//     runs a text that holds several statements (a text under DELIMITER $$
//     may; a stored program's body is one statement). It names the objects
//     and guards the live path; on a sandbox the schema check sends the
//     client statement whole (Step.Client) and the server's own cut wins. SplitClient does both
//     for a file of statements (querylog's input). The table of statement
//     kinds and the statement heads (Describe, FileAccess, ...) say what a
//     server statement is.
//   - Objects and session state: ReadDump reads a dump or install script
//     the way the mysql client and the server that wrote it would
//     (executable comments evaluated for that server, SET lines followed,
//     view stand-ins replaced, a dump's rows set aside) into the objects it
//     defines, each with its kind, name, file:line and session settings,
//     and into the steps the client would send, in file order, for check
//     --schema-file to replay on a target sandbox; nothing is run. It sets
//     aside, each with its line and why, the server-side statements the
//     schema check does not run (file access, libraries, SET GLOBAL,
//     accounts, the server's own schemas). GroupSchemas groups a file's
//     schemas by shape (tenants); OneTenant keeps one of them.
//   - A file of many schemas read piece by piece: ReadGrouped reads the
//     file twice, in chunks that end at a newline, never whole (up to
//     MaxStreamSize, where ReadDump reads up to MaxFileSize): the client's
//     cut runs on each chunk and starts again at the end of the last
//     statement it ended where a chunk ends inside one; the first reading
//     takes each statement's shape and forgets its text, and groups the
//     schemas; the second keeps the texts of one schema of each group.
//     Its dump and groups are those of ReadDump, GroupSchemas and Without.
//
// What the calibration does with a --ddl-file's statements is decided in
// bench/ddlfile, on top of this pipeline.
//
// A refusal is a *RejectError naming file:line (errors.Is ErrRejected);
// JoinRejects joins a file's refusals in line order.
//
// The files, lowest first, each using only the ones before it:
//
//   - scan.go: the server's byte rules (word bytes, spaces, comments,
//     quotes, versions), shared with querylog's lexer;
//   - reject.go: refusals (RejectError, Excerpt, JoinRejects) and the small
//     message helpers every step uses; source.go: reading a file
//     (ReadSource, MaxFileSize);
//   - token.go: Token and CondComment; lexer.go: bytes to tokens;
//     canonical.go: one statement rebuilt from its tokens for a live
//     server (Canonical: no comments, executable comments expanded for the
//     server's version, the tool's own quoting), what the live guard judges
//     and sends;
//   - cursor.go: walking tokens, and the word helpers; names.go and
//     outline.go: what one statement names (CalledFunctions, ColumnNames,
//     Outline, ...);
//   - client.go: ClientStatement and the client splitter's state;
//     clientkind.go: ClientFamily, the client a file is given to;
//     clientfamily.go: where MySQL's and MariaDB's clients read a file
//     differently, one table (clientRules), each row held to both real
//     clients by corpus/clientfamily_test.go; clientsend.go: the
//     splitter's moves (strings skipped, a statement sent);
//     commands.go: the client's commands, named and in their backslash
//     form (a new command is a row there), and the named ones read;
//     backslash.go: a backslash command read; clientcut.go: the client's
//     cut (ClientStatements); clientstream.go: the same cut of a file read
//     in chunks (streamClient, MaxStreamSize);
//   - blocks.go: compound statement bodies; server.go: the server's cut
//     (SplitServer); statements.go: SplitClient;
//   - kinds.go: the table of statement kinds (first words, object words,
//     the kinds of objects) the dump reader's dispatch reads, with what each
//     statement is to an application's traffic (TrafficOf, read by
//     advisor/queries); heads.go:
//     what else a server statement's head says (Describe, the files it
//     touches, the server's own schemas, CREATE's modifiers);
//   - dump.go: what a file defines (Dump, Object, Step, Setting, Account);
//     session.go: the session's settings and user variables, followed;
//     forget.go: what a reader of a file read in chunks does not keep;
//   - reader.go: the dump reader's state and what it records;
//     accounts.go, system.go (the server's own schemas), set.go (SET and
//     USE), create.go, data.go, alter.go, drop.go: the statements by kind;
//     dispatch.go: one statement read, dispatched by its kind;
//     finish.go: what is decided once the file is read; read.go: ReadDump;
//   - shape.go: schemas grouped by shape (GroupSchemas, Without);
//     shapestream.go: the same shapes taken statement by statement, the
//     texts forgotten; grouped.go: ReadGrouped, the two readings of a file
//     in chunks; tenants.go: OneTenant.
package sqlfile
