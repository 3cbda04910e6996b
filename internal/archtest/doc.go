// Package archtest holds the tests that keep the project's structure as
// docs/architecture.md states it. order_test.go is the order of imports as
// a table, and TestImportsFollowTheArchitecture fails naming the file and
// the import that goes against it. statements_test.go keeps every
// statement on stmt's path: TestStatementsGoThroughStmt fails on a call of
// database/sql's statement methods outside stmt, the live guard and its
// short allow-list, TestTagIsPutOnOnlyByStmt on a tag put on by hand. It
// has no code of its own.
package archtest
