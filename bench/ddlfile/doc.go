// Package ddlfile reads a --ddl-file (mysqldump or mariadb-dump output, any
// options, or an install script) into the workload the calibration runs on
// a live server: only the file's table DDL, in the scratch schema. sqlfile
// reads the file; this package decides what the calibration does with each
// of its statements.
//
// The file is cut as the mysql client cuts it and each client statement as
// the server runs it (sqlfile.ClientStatements, sqlfile.SplitServer: a text
// under DELIMITER $$ may hold several statements; a stored program's body
// is one); the client commands (\!, system, source, pager, ...) are refused
// with file:line: a file is input, never instructions to the client. Parse
// sets aside and lists, with its line, every statement that shares a client
// statement with others and is not the file's table DDL. Nothing runs
// before the whole file has been read. The server-side statements the
// schema check sets aside (file access, libraries, SET GLOBAL, accounts,
// the server's own schemas) Parse refuses, and anything else that is not
// table DDL on unqualified names. A file of several schemas of which two or
// more share their definition is calibrated with one of them
// (sqlfile.OneTenant).
//
// Statements are classified as:
//
//   - run: CREATE TABLE (plain or LIKE an earlier table), CREATE INDEX and
//     ALTER TABLE on unqualified names of tables the file creates;
//   - ignored, and counted in the notes: session SET statements, DROP TABLE
//     on unqualified names (the calibration drops what it creates), LOCK and
//     UNLOCK TABLES;
//   - set aside, and counted in the notes: views, routines, triggers and
//     events (and their DROP statements), CREATE/ALTER/DROP DATABASE and USE,
//     INSERT and REPLACE data, a dump's SET GTID_PURGED, and the stand-in
//     tables mysqldump writes for views;
//   - refused: everything else, including SET GLOBAL, CREATE TEMPORARY
//     TABLE, CREATE TABLE ... SELECT, any schema-qualified name, RENAME in
//     ALTER TABLE, DATA/INDEX DIRECTORY, engines that reach outside the
//     server (FEDERATED, CONNECT, SPIDER).
//
// Executable comments (/*!40101 ... */, /*!50100 PARTITION BY ... */,
// /*M!100500 ... */) are kept verbatim in the statements --ddl-file runs,
// since the server runs them, and their contents count as code when a
// statement is classified.
//
// A statement that runs must be the same statement on every server that may
// read it: on MySQL and MariaDB at any version (versioned executable comments
// may be skipped) and under NO_BACKSLASH_ESCAPES and ANSI_QUOTES. It must be
// valid UTF-8, free of NUL bytes and mysql client commands, and have balanced
// parentheses. Each table is created once, and ALTER TABLE, CREATE INDEX and
// CREATE TABLE ... LIKE name a table created earlier in the file: the scratch
// schema starts empty. ScratchTableStatement applies the same rule to one
// statement (the live server's last guard asks it).
//
// Statement.SQL is the statement's text from its first to its last token
// (comments around it and the delimiter dropped). AcceptsClause is set for
// CREATE TABLE statements a table option can be appended to: not for LIKE,
// not for partitioned tables (the partition clause must come last), not when
// a server that skips a versioned comment would see nothing but the option.
//
// Parse reports every refused statement (up to ten, then a count) as
// *sqlfile.RejectError values joined with errors.Join; errors.As finds the
// first one and errors.Is(err, sqlfile.ErrRejected) is true for all of them.
// The package never builds SQL: the statements are the file's own text, and
// names are only extracted to drop the created tables and to validate.
//
// The files, each using only the ones before it:
//
//   - message.go: names, counts and excerpts in messages;
//   - statement.go: one statement before classification, and its lexical
//     problems;
//   - verdict.go: what the calibration does with a statement (action,
//     kind, tables), and the table names it reads;
//   - set.go: SET statements (session settings are ignored, the rest
//     refused);
//   - options.go: table options and references (engines, directories,
//     qualified names);
//   - classify.go: the classifier of one reading of a statement;
//   - readings.go: every reading a server may make of it (versions,
//     sql_modes), which must agree;
//   - scratch.go: ScratchTableStatement, the rule for one statement;
//   - aside.go: what --ddl-file sets aside rather than classifies;
//   - parser.go: the workload of one file, statement by statement;
//   - notes.go: the view stand-ins dropped, the notes and the refusals;
//   - parse.go: Parse and ParseFile.
package ddlfile
