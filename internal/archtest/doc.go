// Package archtest holds the test that keeps the project's imports in the
// order docs/architecture.md states: order_test.go is that order as a
// table, and TestImportsFollowTheArchitecture fails naming the file and the
// import that goes against it. It has no code of its own.
package archtest
