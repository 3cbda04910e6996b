package knowledge

// Source names the reference a fact comes from. The keys are those of
// shared/reference/variable-defaults.md.
type Source string

// Sources of the knowledge base.
const (
	SrcSHJ  Source = "SHJ"  // MySQL Shell upgrade checker, res/upgrade_checker/sysvars.json
	srcSH80 Source = "SH80" // MySQL Shell 8.0.40 upgrade_check.cc
	srcD56  Source = "D56"  // MySQL 5.6 manual, Changes to Server Defaults
	srcN57  Source = "N57"  // MySQL 5.7.7 release notes
	srcD80  Source = "D80"  // New Defaults in MySQL 8.0
	srcN84  Source = "N84"  // MySQL 8.4 manual, What Is New since 8.0
	srcDS   Source = "DS"   // MySQL manual, innodb-dedicated-server
	srcP57  Source = "P57"  // MySQL 5.7 manual, innodb-persistent-stats
	srcPB   Source = "PB"   // Percona blog, 5.5 vs 5.6 default values
	srcMI   Source = "MI"   // MariaDB docs, InnoDB system variables
	srcMS   Source = "MS"   // MariaDB docs, server system variables
	srcMR   Source = "MR"   // MariaDB docs, replication system variables
	srcMP   Source = "MP"   // MariaDB docs, Performance Schema system variables
	srcN56  Source = "N56"  // MySQL 5.6.6 / 5.6.7 release notes
	srcN80  Source = "N80"  // MySQL 8.0 release notes (dev.mysql.com/doc/relnotes/mysql/8.0/en/)
	srcN84R Source = "N84R" // MySQL 8.4 manual, native-pluggable-authentication.html (mysql_native_password not loaded by default)
	srcN90  Source = "N90"  // MySQL 9.0 release notes: mysql_native_password plugin removed
	srcMRN  Source = "MRN"  // MariaDB release notes and MDEV tickets named in the comment
	srcMSRC Source = "MSRC" // MariaDB server source: storage/innobase/handler/ha_innodb.cc / sql/sys_vars.cc at the tag named in the comment
	// srcBin marks a fact observed on a real binary started with
	// --no-defaults (MariaDB 10.11.19, MariaDB 11.8.9, MySQL 9.7.4); the
	// comment names which. rules/knowledge/binaries_test.go re-checks these.
	srcBin Source = "BIN"
)

// sourceURL gives where a source key can be read.
var sourceURL = map[Source]string{
	SrcSHJ:  "https://github.com/mysql/mysql-shell/blob/master/res/upgrade_checker/sysvars.json",
	srcSH80: "https://github.com/mysql/mysql-shell/blob/8.0.40/modules/util/upgrade_check.cc",
	srcD56:  "https://dev.mysql.com/doc/refman/5.6/en/server-default-changes.html",
	srcN57:  "https://dev.mysql.com/doc/relnotes/mysql/5.7/en/news-5-7-7.html",
	srcD80:  "https://dev.mysql.com/blog-archive/new-defaults-in-mysql-8-0/",
	srcN84:  "https://dev.mysql.com/doc/refman/8.4/en/mysql-nutshell.html",
	srcDS:   "https://dev.mysql.com/doc/refman/8.4/en/innodb-dedicated-server.html",
	srcP57:  "https://dev.mysql.com/doc/refman/5.7/en/innodb-persistent-stats.html",
	srcPB:   "https://www.percona.com/blog/mysql-5-5-and-mysql-5-6-default-variable-values-differences/",
	srcMI:   "https://mariadb.com/kb/en/innodb-system-variables/",
	srcMS:   "https://mariadb.com/kb/en/server-system-variables/",
	srcMR:   "https://mariadb.com/kb/en/replication-and-binary-log-system-variables/",
	srcMP:   "https://mariadb.com/kb/en/performance-schema-system-variables/",
	srcN56:  "https://dev.mysql.com/doc/relnotes/mysql/5.6/en/news-5-6-7.html",
	srcN80:  "https://dev.mysql.com/doc/relnotes/mysql/8.0/en/",
	srcN84R: "https://dev.mysql.com/doc/refman/8.4/en/native-pluggable-authentication.html",
	srcN90:  "https://dev.mysql.com/doc/relnotes/mysql/9.0/en/news-9-0-0.html",
	srcMRN:  "https://mariadb.com/kb/en/release-notes/",
	srcMSRC: "https://github.com/MariaDB/server",
	srcBin:  "rules/knowledge/binaries_test.go",
}
