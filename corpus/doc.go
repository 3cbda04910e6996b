// Package corpus is the real-file test tier of the schema check: its test,
// TestRealFilesAgreeWithTheClient, holds check --schema-file to what the
// target's own client does with the MySQL/MariaDB install scripts, schema
// files and dumps that Debian packages ship (testdata/files.tsv; fetched by
// scripts/corpus.sh, never part of the repository). The package has no
// code of its own; see docs/testing.md.
package corpus
