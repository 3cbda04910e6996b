package knowledge

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// More hand-written knowledge-base entries: the MySQL 5.5 -> 5.6 default
// changes, authentication plugins, and MariaDB 10.6-11.8 changes. The
// MariaDB "accepted and ignored" / "refused" split was checked on the real
// MariaDB 10.11.19 and 11.8.9 binaries (mariadbd --no-defaults --help
// --verbose --OPTION=...; rules/knowledge/binaries_test.go repeats it).

// d56 builds a MySQL line whose default changed in 5.6 (MySQL 5.6 manual,
// "Changes to Server Defaults", D56).
func d56(old string, at flavor.Version, now string) *Line {
	return &Line{Defaults: []Default{kbDef(mysqlBase, old, srcD56), kbDef(at, now, srcD56)}}
}

// mysql56Facts are the 5.6 default changes behind many 5.5 -> 5.6 surprises.
var mysql56Facts = []Fact{
	{
		Name: "binlog_checksum", Kind: KindEnum, Dynamic: true, Implied: "NONE",
		Effect: "CRC32: binary log events carry a checksum; replicas older than 5.6 cannot read such a binary log, " +
			"so replication from a 5.6 source to a 5.5 replica breaks",
		MySQL:   &Line{Added: kbAt(flavor.V(5, 6, 2), srcD56), Defaults: []Default{kbDef(flavor.V(5, 6, 2), "NONE", srcD56), kbDef(flavor.V(5, 6, 6), "CRC32", srcD56)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "CRC32", srcMR)}},
	},
	{
		Name: "innodb_purge_batch_size", Kind: KindNumber, Dynamic: true,
		Effect: "undo log pages purged per batch",
		MySQL:  d56("20", flavor.V(5, 6, 8), "300"),
		// 300 before 10.6.16: the real 10.5.23 reports 300 (the docs' 1000 is
		// wrong for 10.5); 127 from 10.6.16 (MDEV-32050); 10.11.19 and 11.8.9 report 127.
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "300", srcBin), kbDef(flavor.V(10, 6, 16), "127", srcMRN)}},
	},
	{
		Name: "innodb_autoextend_increment", Kind: KindNumber, Dynamic: true,
		Effect: "megabytes by which an auto-extending system tablespace grows",
		MySQL:  d56("8", flavor.V(5, 6, 6), "64"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "64", srcMI)}},
	},
	{
		Name: "innodb_concurrency_tickets", Kind: KindNumber, Dynamic: true,
		Effect: "rows a thread may touch before it re-enters the InnoDB concurrency queue",
		MySQL:  d56("500", flavor.V(5, 6, 6), "5000"),
		// Deprecated 10.5.5, accepted and ignored from 10.6.0 (MDEV-23379).
		// 5000 before 10.5.5; 0 (no limit) from then: the real 10.5.23 reports 0.
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 5, 5), srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI),
			Defaults: []Default{kbDef(mariaBase, "5000", srcMI), kbDef(flavor.V(10, 5, 5), "0", srcBin)}},
	},
	{
		Name: "innodb_old_blocks_time", Kind: KindNumber, Dynamic: true,
		Effect: "milliseconds a page must stay in the old sublist before a new access moves it to the young one",
		MySQL:  d56("0", flavor.V(5, 6, 6), "1000"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "1000", srcMI)}},
	},
	{
		Name: "sort_buffer_size", Kind: KindNumber, Dynamic: true,
		Effect: "per-sort memory buffer",
		MySQL:  d56("2M", flavor.V(5, 6, 4), "256K"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "2M", srcMS)}},
	},
	{
		Name: "join_buffer_size", Kind: KindNumber, Dynamic: true,
		Effect: "per-join buffer for joins that use no index",
		MySQL:  d56("128K", flavor.V(5, 6, 6), "256K"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "256K", srcMS)}},
	},
	{
		Name: "max_connect_errors", Kind: KindNumber, Dynamic: true,
		Effect: "interrupted connection attempts after which a host is blocked",
		MySQL:  d56("10", flavor.V(5, 6, 6), "100"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "100", srcMS)}},
	},
	{
		Name: "sync_master_info", Kind: KindNumber, Dynamic: true,
		Effect: "events after which a replica syncs its connection metadata",
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "sync_source_info",
			Defaults: []Default{kbDef(mysqlBase, "0", srcD56), kbDef(flavor.V(5, 6, 6), "10000", srcD56)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "10000", srcMR)}},
	},
	{
		Name: "sync_relay_log", Kind: KindNumber, Dynamic: true,
		Effect: "events after which a replica fsyncs its relay log",
		MySQL:  d56("0", flavor.V(5, 6, 6), "10000"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "10000", srcMR)}},
	},
	{
		Name: "sync_relay_log_info", Kind: KindNumber, Dynamic: true,
		Effect: "transactions after which a replica syncs its applier position",
		MySQL:  d56("0", flavor.V(5, 6, 6), "10000"), MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "10000", srcMR)}},
	},
}

// authFacts are the authentication changes of MySQL 8.4 and 9.0.
var authFacts = []Fact{
	{
		Name: "mysql_native_password", Kind: KindBool, Implied: "ON",
		Effect: "ON: the mysql_native_password authentication plugin is loaded, so accounts that use it can log in; " +
			"OFF (8.4's default): those accounts are refused until they are moved to caching_sha2_password " +
			"(ALTER USER ... IDENTIFIED WITH caching_sha2_password BY ...)",
		Tradeoff: "mysql_native_password is removed in MySQL 9.0: pinning it only postpones moving the accounts",
		// Built in and always loaded before 8.4; 8.4.0 loads it only with
		// --mysql-native-password=ON; 9.0.0 removed the plugin (9.7.4 refuses the option).
		MySQL: &Line{Added: kbAt(flavor.V(8, 4, 0), srcN84R), Removed: kbAt(flavor.V(9, 0, 0), srcN90),
			Defaults: []Default{kbDef(flavor.V(8, 4, 0), "OFF", srcN84R)}},
		MariaDB: kbNever,
	},
	{
		Name: "authentication_policy", Kind: KindString, Dynamic: true,
		Effect: "authentication plugins new accounts must or may use (replaces default_authentication_plugin)",
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 27), srcN80),
			// 9.0 cannot load mysql_native_password: a policy naming it stops start-up.
			RemovedValues: []ValueRemoval{{"mysql_native_password", kbAt(flavor.V(9, 0, 0), srcN90)}}},
		MariaDB: kbNever,
	},
}

// mariadbIgnored builds a MariaDB line for an InnoDB option that 10.6.0
// turned into a no-op still accepted in option files (MariaDB InnoDB
// system variables page: "Removed: MariaDB 10.6.0"; 10.11.19 and 11.8.9 log
// "was removed. It does nothing now").
func mariadbIgnored(deprecated flavor.Version) *Line {
	return &Line{Deprecated: kbAt(deprecated, srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI)}
}

// mariadbInnoDBFacts are the InnoDB options MariaDB 10.6 dropped.
var mariadbInnoDBFacts = []Fact{
	{Name: "innodb_adaptive_max_sleep_delay", Kind: KindNumber, Effect: "InnoDB thread-queue sleep tuning",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 5))},
	{Name: "innodb_background_scrub_data_check_interval", Kind: KindNumber, Effect: "background data scrubbing (never worked reliably)",
		MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 2))},
	{Name: "innodb_background_scrub_data_compressed", Kind: KindBool, Effect: "background data scrubbing of compressed tables",
		MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 2))},
	{Name: "innodb_background_scrub_data_interval", Kind: KindNumber, Effect: "background data scrubbing interval",
		MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 2))},
	{Name: "innodb_background_scrub_data_uncompressed", Kind: KindBool, Effect: "background data scrubbing of uncompressed tables",
		MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 2))},
	{Name: "innodb_commit_concurrency", Kind: KindNumber, Effect: "threads that may commit at the same time",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 5))},
	{Name: "innodb_lock_schedule_algorithm", Kind: KindEnum, Effect: "lock scheduling (VATS or FCFS)",
		MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 7))},
	{Name: "innodb_log_checksums", Kind: KindBool, Effect: "redo log block checksums (always on in later versions)",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 0))},
	{Name: "innodb_log_compressed_pages", Kind: KindBool, Effect: "whether re-compressed page images are written to the redo log",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 0))},
	{Name: "innodb_log_optimize_ddl", Kind: KindBool, Effect: "skip redo logging of some DDL (unsafe for backups)",
		MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 1))},
	{
		Name: "innodb_page_cleaners", Kind: KindNumber, Effect: "threads that flush dirty pages from the buffer pool",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 4), SrcSHJ), Defaults: []Default{kbDef(flavor.V(5, 7, 4), "1", SrcSHJ),
			kbDef(flavor.V(5, 7, 8), "4", SrcSHJ), kbAuto(flavor.V(8, 4, 0), "innodb_buffer_pool_instances", SrcSHJ)}},
		MariaDB: mariadbIgnored(flavor.V(10, 5, 1)),
	},
	{Name: "innodb_replication_delay", Kind: KindNumber, Effect: "replica thread delay when innodb_thread_concurrency is reached",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 5))},
	{Name: "innodb_scrub_log", Kind: KindBool, Effect: "redo log scrubbing", MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 2))},
	{Name: "innodb_scrub_log_speed", Kind: KindNumber, Effect: "redo log scrubbing speed", MySQL: kbNever, MariaDB: mariadbIgnored(flavor.V(10, 5, 2))},
	{Name: "innodb_thread_concurrency", Kind: KindNumber, Effect: "threads allowed inside InnoDB at once (0: no limit)",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 5))},
	{Name: "innodb_thread_sleep_delay", Kind: KindNumber, Effect: "microseconds a thread sleeps before joining the InnoDB queue",
		MySQL: &Line{}, MariaDB: mariadbIgnored(flavor.V(10, 5, 5))},
	{
		Name: "innodb_checksums", Kind: KindBool, Effect: "ON: page checksums are verified",
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 6, 3), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ), Replacement: "innodb_checksum_algorithm"},
		// Refused by 10.11.19 and 11.8.9 (unknown variable); gone before 10.5.
		MariaDB: &Line{Removed: kbAt(mariaBase, srcBin), Replacement: "innodb_checksum_algorithm"},
		Convert: checksumsToAlgorithm,
	},
}

// mariadb11Facts are MariaDB 11.x changes.
var mariadb11Facts = []Fact{
	{
		Name: "innodb_change_buffer_max_size", Kind: KindNumber, Dynamic: true,
		Effect: "maximum size of the InnoDB change buffer, as a percentage of the buffer pool",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 2), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 2), "25", SrcSHJ), kbDef(flavor.V(9, 4, 0), "5", SrcSHJ)}},
		// The change buffer went in 11.0.0 (MDEV-29694); 11.8.9 refuses the option.
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 9, 0), srcMI), Removed: kbAt(flavor.V(11, 0, 0), srcMRN),
			Defaults: []Default{kbDef(mariaBase, "25", srcMI)}},
	},
	defragmentFact("innodb_defragment", KindBool, "OFF"),
	defragmentFact("innodb_defragment_n_pages", KindNumber, "7"),
	defragmentFact("innodb_defragment_stats_accuracy", KindNumber, "0"),
	defragmentFact("innodb_defragment_fill_factor", KindNumber, "0.9"),
	defragmentFact("innodb_defragment_fill_factor_n_recs", KindNumber, "20"),
	defragmentFact("innodb_defragment_frequency", KindNumber, "40"),
	{
		Name: "old_alter_table", Kind: KindEnum, Dynamic: true,
		Effect: "alias of alter_algorithm (MariaDB): forces an ALTER TABLE algorithm",
		MySQL:  &Line{}, // MySQL still has it (9.7.4 reports OFF); no dated facts
		// 10.11.19 accepts it, 11.8.9 refuses it; MariaDB Enterprise 11.4
		// no longer has it. 11.3.0 is assumed for the community server (unverified).
		MariaDB: &Line{Deprecated: kbAt(mariaBase, srcMS), Removed: kbAt(flavor.V(11, 3, 0), srcBin), Replacement: "alter_algorithm",
			Defaults: []Default{kbDef(mariaBase, "DEFAULT", srcMS)}},
		Convert: noConversion,
	},
	{
		Name: "histogram_type", Kind: KindEnum, Dynamic: true,
		Effect: "format of histograms ANALYZE TABLE ... PERSISTENT collects; JSON_HB histograms change query plans",
		MySQL:  kbNever,
		// JSON_HB became the default in 11.0.0 (MDEV-27062); 10.11.19: DOUBLE_PREC_HB, 11.8.9: JSON_HB.
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "DOUBLE_PREC_HB", srcMS), kbDef(flavor.V(11, 0, 0), "JSON_HB", srcMRN)}},
	},
	{
		Name: "innodb_snapshot_isolation", Kind: KindBool, Dynamic: true, Implied: "OFF",
		Effect: "ON: a REPEATABLE READ transaction that would read a row changed after its snapshot fails with " +
			"ERROR 1020 (Record has changed since last read) instead of reading the new version; applications must retry",
		Tradeoff: "OFF keeps the old behaviour, which can lose updates under concurrency",
		MySQL:    kbNever,
		// Added OFF in 10.6.18 / 10.11.8 / 11.4.2 (MDEV-35124); ON by default from 11.6.2.
		MariaDB: &Line{Added: kbAt(flavor.V(10, 6, 18), srcMRN),
			Defaults: []Default{kbDef(flavor.V(10, 6, 18), "OFF", srcMRN), kbDef(flavor.V(11, 6, 2), "ON", srcMRN)}},
	},
	{
		Name: "character_set_collations", Kind: KindString, Dynamic: true,
		Effect: "default collation per character set, for a table or column that names a character set without a collation " +
			"(DEFAULT CHARSET=utf8mb4): from 11.5 the Unicode sets default to the UCA 14.0 collations (uca1400_ai_ci), " +
			"whatever collation_server says; the application's new tables compare, sort and group text otherwise than its old ones",
		Tradeoff: "the pin gives new tables the general_ci collations the existing ones have, so joins and comparisons between them " +
			"keep working; uca1400_ai_ci sorts by current Unicode rules: adopt it once the application is tested with it, " +
			"converting the existing tables too",
		// Before 11.2 each character set's default collation is its compiled
		// one, the general_ci collations: what an empty mapping (11.2-11.4's
		// default) also means.
		Implied:  charsetCollationsBefore112,
		Synonyms: map[string]string{"": charsetCollationsBefore112},
		MySQL:    kbNever,
		// Added in 11.2 (empty); 11.5 made the uca1400 collations the default. 10.11.19 refuses it.
		MariaDB: &Line{Added: kbAt(flavor.V(11, 2, 0), srcMRN),
			Defaults: []Default{kbDef(flavor.V(11, 2, 0), "", srcMRN),
				kbDef(flavor.V(11, 5, 0), "utf8mb3=utf8mb3_uca1400_ai_ci,ucs2=ucs2_uca1400_ai_ci,utf8mb4=utf8mb4_uca1400_ai_ci,utf16=utf16_uca1400_ai_ci,utf32=utf32_uca1400_ai_ci", srcMRN)}},
	},
}

// charsetCollationsBefore112 is MariaDB's behaviour before
// character_set_collations: every Unicode character set's compiled default
// collation (SHOW CHARACTER SET on 10.11).
const charsetCollationsBefore112 = "utf8mb3=utf8mb3_general_ci,ucs2=ucs2_general_ci,utf8mb4=utf8mb4_general_ci,utf16=utf16_general_ci,utf32=utf32_general_ci"

// defragmentFact builds an innodb_defragment* option: MariaDB's InnoDB
// defragmentation, accepted and ignored from 11.1.0 (MDEV-30545; 11.8.9
// logs "was removed"). MySQL never had them.
func defragmentFact(name string, kind ValueKind, def string) Fact {
	return Fact{
		Name: name, Kind: kind, Dynamic: true,
		Effect: "InnoDB defragmentation (OPTIMIZE TABLE merging pages)",
		MySQL:  kbNever,
		MariaDB: &Line{Deprecated: kbAt(flavor.V(11, 0, 0), srcMRN), Ignored: kbAt(flavor.V(11, 1, 0), srcMRN),
			Defaults: []Default{kbDef(mariaBase, def, srcMI)}},
	}
}

// mariadb106Facts are the MariaDB 10.6-10.11 changes met on Debian's path
// from 10.5 (Debian 11) to 10.11 (Debian 12), found by comparing the real
// 10.5.23 and 10.11.19 binaries, both --no-defaults
// (rules/knowledge/binaries_test.go, TestKnowledgeBaseDriftOnRealPairs). Where the
// exact release of a change is not confirmed by a binary, the comment says so.
var mariadb106Facts = []Fact{
	{
		Name: "max_recursive_iterations", Kind: KindNumber, Dynamic: true,
		Effect: "iterations after which a recursive CTE (WITH RECURSIVE) stops: a query that needs more returns fewer rows, " +
			"with a warning, instead of running on",
		Tradeoff: "the old, unbounded value lets a runaway recursive query run until it exhausts memory or time",
		MySQL:    kbNever, // MySQL has cte_max_recursion_depth instead
		// 10.5.23 reports 4294967295, 10.11.19 and 11.8.9 report 1000; the
		// MariaDB docs date the new default to 10.6.0 (not checked on a 10.6 binary).
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "4294967295", srcBin), kbDef(flavor.V(10, 6, 0), "1000", srcMS)}},
	},
	{
		Name: "old_mode", Kind: KindSet, Dynamic: true,
		Effect: "compatibility flags; UTF8_IS_UTF8MB3 makes the name utf8 mean utf8mb3, as before (without it utf8 would mean utf8mb4)",
		MySQL:  kbNever,
		Keep:   keepUTF8IsUTF8MB3,
		// The flag came with the utf8mb3 rename in 10.6.1 (MDEV-8334) and is
		// on by default: 10.5.23 reports "", 10.11.19 and 11.8.9 UTF8_IS_UTF8MB3.
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "", srcBin), kbDef(flavor.V(10, 6, 1), "UTF8_IS_UTF8MB3", srcMRN)}},
	},
	{
		Name: "optimizer_prune_level", Kind: KindNumber, Dynamic: true,
		Effect: "how the join optimizer prunes plans: 2 also prunes by row estimates of tables without a usable key, " +
			"so join orders and query plans can change",
		// 10.5.23 reports 1, 10.11.19 and 11.8.9 report 2; the value 2 and its
		// default came in 10.10 per the MariaDB docs (not checked on a 10.10 binary).
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "1", srcBin), kbDef(flavor.V(10, 10, 1), "2", srcMS)}},
	},
	wsrepModeFact("wsrep_replicate_myisam", "REPLICATE_MYISAM", "ON: a Galera node replicates DML on MyISAM tables"),
	wsrepModeFact("wsrep_strict_ddl", "STRICT_REPLICATION", "ON: a Galera node refuses DDL and DML on tables of engines it cannot replicate"),
	{
		Name: "wsrep_mode", Kind: KindSet, Dynamic: true,
		Effect: "Galera behaviour flags (REPLICATE_MYISAM, STRICT_REPLICATION, ...), replacing wsrep_replicate_myisam and wsrep_strict_ddl",
		// Added in 10.6.0 (MDEV-23328); 10.5.23 refuses it, 10.11.19 and 11.8.9 have it, empty.
		MariaDB: &Line{Added: kbAt(flavor.V(10, 6, 0), srcMRN), Defaults: []Default{kbDef(flavor.V(10, 6, 0), "", srcBin)}},
	},
}

// wsrepModeFact builds a Galera option that wsrep_mode replaced: deprecated
// in 10.6.0 (MDEV-23328), removed in 10.7.0 per the MariaDB docs; the real
// 10.5.23 accepts it, 10.11.19 and 11.8.9 refuse it at start-up ("unknown
// variable"): a node with it in my.cnf does not start after the upgrade.
func wsrepModeFact(name, flag, effect string) Fact {
	return Fact{
		Name: name, Kind: KindBool, Dynamic: true, Effect: effect,
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 6, 0), srcMRN), Removed: kbAt(flavor.V(10, 7, 0), srcMS), Replacement: "wsrep_mode",
			Defaults: []Default{kbDef(mariaBase, "OFF", srcBin)}},
		Convert: func(v string) (string, bool) {
			switch strings.ToUpper(strings.TrimSpace(v)) {
			case "ON", "1", "TRUE":
				return flag, true
			}
			return "", false // OFF: nothing to carry
		},
	}
}

// keepUTF8IsUTF8MB3 keeps utf8 meaning utf8mb3 on the way from a MariaDB
// before 10.6.1, where it always did, to 10.6.1 or later, where only
// old_mode's UTF8_IS_UTF8MB3 makes it so: the flag is added to today's
// value. Checked on the real binaries: 10.5.23 makes a utf8 column utf8mb3
// with any old_mode; 10.11.19 makes it utf8mb4 with an empty old_mode and utf8mb3
// with UTF8_IS_UTF8MB3 (rules/knowledge/oldmode_binaries_test.go).
func keepUTF8IsUTF8MB3(from, to flavor.Flavor, value string) string {
	if !from.IsMariaDB() || !to.IsMariaDB() || from.Version.AtLeast(10, 6, 1) || !to.Version.AtLeast(10, 6, 1) {
		return value
	}
	for _, w := range strings.Split(value, ",") {
		if strings.EqualFold(strings.TrimSpace(w), "UTF8_IS_UTF8MB3") {
			return value
		}
	}
	if strings.TrimSpace(value) == "" {
		return "UTF8_IS_UTF8MB3"
	}
	return value + ",UTF8_IS_UTF8MB3"
}
