// Package knowledge is the knowledge base of upgrade-advisor: for each
// server variable, per vendor line (MySQL and Percona Server share one,
// MariaDB has its own), when it was added, deprecated, made a no-op or
// removed, its compiled-in defaults by version, and the values a version
// stopped accepting. Every fact names its source (sourceURL).
//
// Coverage: MySQL 5.5 to 9.7 and MariaDB 10.5 to 11.8. Outside those ranges
// defaults and lifecycle answers are unknown, except that a removal at or
// before the asked version is still reported (removals are permanent).
//
// Versions with patch 0 stand for their whole series at its newest release:
// a --target of "5.6" (parsed as 5.6.0) means "MySQL 5.6 as shipped today",
// so a default that changed in 5.6.6 counts as changed. A real patch level
// (5.6.5) is honoured exactly.
//
// The hand-written facts live in data.go and data_more.go; shell_generated.go
// is derived from MySQL Shell's upgrade-checker sysvars.json by go generate
// (see internal/shellgen). Nothing is read at run time and nothing here does
// I/O; the package imports only rules/flavor.
package knowledge
