package knowledge

// The entries of shell_generated.go are derived from MySQL Shell's
// upgrade-checker data (res/upgrade_checker/sysvars.json in mysql/mysql-shell)
// by internal/shellgen: MySQL facts (versions and defaults only, all sourced
// SrcSHJ) for the core variables it lists as removed, or with a changed
// default, between MySQL 5.7.0 and 9.7 that the hand-written tables (data.go,
// data_more.go) do not describe. They carry no description of their effect
// and no MariaDB facts (answers for MariaDB are unknown). The copy of
// sysvars.json is not part of the repository; docs/knowledge-base.md says
// which copy the file was generated from, the selection rules and the
// overrides. To regenerate, with that copy beside the clone (or its path in
// $UPGRADE_ADVISOR_SHELL_SYSVARS):
//
//	go generate ./rules/knowledge
//
// The reference tests (go test -tags reference ./rules/knowledge/...) fail
// when the committed file differs from what the generator writes.

//go:generate go run ./internal/shellgen -source "commit 08499884f, 2025-12-12" -o shell_generated.go

// manualEffect stands for the description the derived entries do not carry.
const manualEffect = "see its entry in the MySQL Reference Manual (the knowledge base has dates and defaults only)"
