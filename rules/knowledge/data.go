package knowledge

import (
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// The knowledge-base data. Every fact carries its source key (see Source).
// Derived from shared/reference/variable-defaults.md and MySQL Shell's
// upgrade-checker sysvars.json (SHJ); nothing is read at run time.
//
// Conventions:
//   - A Default applies from its version until the next one; the first
//     entry of a line is at the oldest covered release (mysqlBase,
//     mariaBase) unless the variable was added later.
//   - A nil vendor line means "no facts": the rules then say nothing.
//   - kbNever marks a variable that vendor line has never had.
//   - Values are written as the documentation gives them ("48M", "ON");
//     NormalizeValue makes them comparable with what servers display.

// Oldest covered release of each vendor line.
var (
	mysqlBase = flavor.V(5, 5, 0)
	mariaBase = flavor.V(10, 5, 0)
)

// kbNever is the line of a variable a vendor never had.
var kbNever = &Line{Never: true}

// kbAt builds a Mark.
func kbAt(v flavor.Version, src Source) Mark { return Mark{At: v, Src: src} }

// kbDef builds a literal Default.
func kbDef(from flavor.Version, value string, src Source) Default {
	return Default{From: from, Value: value, Src: src}
}

// kbAuto builds a Default the server computes at start-up.
func kbAuto(from flavor.Version, rule string, src Source) Default {
	return Default{From: from, Value: rule, Src: src, Computed: true}
}

// knowledgeBase lists every variable the rules know. Order is by theme.
var knowledgeBase = concatFacts(ddlCostFacts, innodbFacts, replicationFacts, serverFacts, removedFacts,
	mysql56Facts, authFacts, mariadbInnoDBFacts, mariadb106Facts, mariadb11Facts, shellFacts)

func concatFacts(groups ...[]Fact) []Fact {
	var out []Fact
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// ddlCostFacts are the variables behind the CREATE/DROP TABLE regression.
var ddlCostFacts = []Fact{
	{
		Name: "innodb_file_per_table", Kind: KindBool, Dynamic: true, Implied: "OFF",
		Effect: "ON: every InnoDB table created afterwards gets its own .ibd file, so each CREATE TABLE creates " +
			"and fsyncs a file and each DROP TABLE deletes one; OFF: new tables go into the shared system tablespace (ibdata1)",
		Tradeoff: "with OFF the system tablespace never shrinks (DROP/TRUNCATE TABLE free space inside ibdata1 but do not " +
			"return it to the file system), and per-table features such as transportable tablespaces need ON",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "OFF", srcD56), kbDef(flavor.V(5, 6, 6), "ON", srcD56)}},
		MariaDB: &Line{Deprecated: kbAt(flavor.V(11, 0, 1), srcMI),
			Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_stats_persistent", Kind: KindBool, Dynamic: true, Implied: "OFF",
		Effect: "ON: optimizer statistics are stored in mysql.innodb_table_stats/innodb_index_stats, so CREATE TABLE " +
			"and DROP TABLE also write (and delete) statistics rows; OFF: statistics are transient, kept in memory only",
		Tradeoff: "with OFF statistics are recalculated after restarts and on first access, so query plans are less stable",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 2), srcP57),
			Defaults: []Default{kbDef(flavor.V(5, 6, 2), "OFF", srcP57), kbDef(flavor.V(5, 6, 6), "ON", srcP57)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_stats_auto_recalc", Kind: KindBool, Dynamic: true,
		Effect: "ON: persistent statistics are recalculated automatically after 10% of a table's rows change",
		// Added in 5.6.6 according to variable-defaults.md, marked unverified there.
		MySQL:   &Line{Added: kbAt(flavor.V(5, 6, 6), srcP57), Defaults: []Default{kbDef(flavor.V(5, 6, 6), "ON", srcP57)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_stats_persistent_sample_pages", Kind: KindNumber, Dynamic: true,
		Effect: "number of index pages sampled when persistent statistics are calculated",
		// Added between 5.6.2 and 5.6.6 (unverified in variable-defaults.md); 5.6.2 is used.
		MySQL:   &Line{Added: kbAt(flavor.V(5, 6, 2), srcP57), Defaults: []Default{kbDef(flavor.V(5, 6, 2), "20", srcP57)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "20", srcMI)}},
	},
	{
		Name: "innodb_stats_on_metadata", Kind: KindBool, Dynamic: true,
		Effect:  "ON: SHOW TABLE STATUS and INFORMATION_SCHEMA queries recalculate statistics, which is slow with many tables",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "ON", srcP57), kbDef(flavor.V(5, 6, 6), "OFF", srcD56)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMI)}},
	},
	{
		Name: "innodb_adaptive_hash_index", Kind: KindBool, Dynamic: true,
		Effect: "ON: InnoDB builds hash indexes over hot B-tree pages; DROP TABLE and ALTER TABLE must then purge them, " +
			"which can stall with large buffer pools (bugs #69316, #113312)",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "ON", SrcSHJ), kbDef(flavor.V(8, 4, 0), "OFF", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMI)}},
	},
}

// innodbFacts are InnoDB storage and I/O settings whose defaults moved.
var innodbFacts = []Fact{
	{
		Name: "innodb_file_format", Kind: KindEnum, Dynamic: true,
		Effect: "Antelope limits new tables to the COMPACT/REDUNDANT row formats; Barracuda allows DYNAMIC and COMPRESSED",
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 7), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ),
			Defaults: []Default{kbDef(mysqlBase, "Antelope", SrcSHJ), kbDef(flavor.V(5, 7, 7), "Barracuda", SrcSHJ)}},
		// MariaDB: deprecated 10.2.2, a no-op with an empty value until removal in 10.6.0.
		// Accepted and ignored from 10.6.0 (10.11.19 and 11.8.9: "was removed. It does nothing now").
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 2, 2), srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI),
			Defaults: []Default{kbDef(mariaBase, "", srcMI)}},
	},
	{
		Name: "innodb_file_format_check", Kind: KindBool,
		Effect:  "ON: InnoDB checks the file format tag of the system tablespace at start-up",
		MySQL:   &Line{Deprecated: kbAt(flavor.V(5, 7, 7), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ)},
		MariaDB: &Line{Removed: kbAt(flavor.V(10, 3, 1), srcMI)},
	},
	{
		Name: "innodb_file_format_max", Kind: KindEnum, Dynamic: true,
		Effect: "the highest file format tagged in the system tablespace",
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 5), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 7), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 5, 5), "Antelope", SrcSHJ), kbDef(flavor.V(5, 7, 9), "Barracuda", SrcSHJ)}},
		MariaDB: &Line{Removed: kbAt(flavor.V(10, 3, 1), srcMI)},
	},
	{
		Name: "innodb_large_prefix", Kind: KindBool, Dynamic: true,
		Effect: "ON: index key prefixes up to 3072 bytes for DYNAMIC/COMPRESSED tables; OFF: 767 bytes",
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 14), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 7), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 5, 14), "OFF", SrcSHJ), kbDef(flavor.V(5, 7, 7), "ON", SrcSHJ)}},
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 2, 2), srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI)},
	},
	{
		Name: "innodb_default_row_format", Kind: KindEnum, Dynamic: true, Implied: "COMPACT",
		Effect:  "row format of tables created without ROW_FORMAT; DYNAMIC stores long columns off-page and allows 3072-byte index prefixes",
		MySQL:   &Line{Added: kbAt(flavor.V(5, 7, 9), srcMI), Defaults: []Default{kbDef(flavor.V(5, 7, 9), "DYNAMIC", srcMI)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "dynamic", srcMI)}},
	},
	{
		Name: "innodb_checksum_algorithm", Kind: KindEnum, Dynamic: true, Implied: "innodb",
		Effect: "how page checksums are computed and verified; crc32 is faster than the legacy innodb algorithm",
		// crc32 was the default in 5.6.6 only; 5.6.7 went back to innodb
		// (MySQL 5.6.6 and 5.6.7 release notes, N56; sysvars.json dates
		// innodb from 5.6.7).
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 3), "innodb", SrcSHJ), kbDef(flavor.V(5, 6, 6), "crc32", srcN56),
				kbDef(flavor.V(5, 6, 7), "innodb", SrcSHJ), kbDef(flavor.V(5, 7, 7), "crc32", SrcSHJ)}},
		// MariaDB 10.6.0 refuses innodb, none and their strict_ forms
		// (MDEV-25105); 10.11.19 and 11.8.9 reject innodb and none at
		// start-up ("Error while setting value"), which disables InnoDB.
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "full_crc32", srcMI)},
			RemovedValues: []ValueRemoval{
				{"innodb", kbAt(flavor.V(10, 6, 0), srcMI)}, {"none", kbAt(flavor.V(10, 6, 0), srcMI)},
				{"strict_innodb", kbAt(flavor.V(10, 6, 0), srcMI)}, {"strict_none", kbAt(flavor.V(10, 6, 0), srcMI)}}},
	},
	{
		Name: "innodb_flush_log_at_trx_commit", Kind: KindNumber, Dynamic: true,
		Effect:  "1: the redo log is flushed at every commit (durable); 0 or 2 trade durability for speed",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "1", srcMI)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "1", srcMI)}},
	},
	{
		Name: "innodb_flush_method", Kind: KindEnum,
		Effect: "how InnoDB opens and flushes data files; O_DIRECT bypasses the OS page cache",
		// NULL (shown empty before 8.0) means fsync on Unix-like systems.
		Synonyms: map[string]string{"": "FSYNC", "NULL": "FSYNC"},
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "NULL", SrcSHJ), kbDef(flavor.V(8, 0, 0), "fsync", SrcSHJ),
			kbDef(flavor.V(8, 4, 0), "O_DIRECT", srcN84)}},
		MariaDB: &Line{Deprecated: kbAt(flavor.V(11, 0, 0), srcMI),
			Defaults: []Default{kbDef(mariaBase, "fsync", srcMI), kbDef(flavor.V(10, 6, 0), "O_DIRECT", srcMI)}},
	},
	{
		Name: "innodb_doublewrite", Kind: KindBool,
		Effect:  "ON: pages are written twice (doublewrite buffer first) to survive torn writes",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_log_file_size", Kind: KindNumber,
		Effect: "size of each redo log file; small logs force frequent checkpoints and slow write-heavy work",
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 30), SrcSHJ), Removed: kbAt(flavor.V(9, 3, 0), SrcSHJ), Replacement: "innodb_redo_log_capacity",
			Defaults: []Default{kbDef(mysqlBase, "5M", srcD56), kbDef(flavor.V(5, 6, 8), "48M", srcD56)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "96M", srcMI)}},
	},
	{
		Name: "innodb_log_files_in_group", Kind: KindNumber,
		Effect: "number of redo log files",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(8, 0, 30), SrcSHJ), Removed: kbAt(flavor.V(9, 3, 0), SrcSHJ), Replacement: "innodb_redo_log_capacity"},
		// MariaDB: deprecated 10.5.2, accepted and ignored from 10.6.0 (10.11.19, 11.8.9).
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 5, 2), srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI)},
		Convert: noConversion,
	},
	{
		Name: "innodb_redo_log_capacity", Kind: KindNumber, Dynamic: true,
		Effect: "total redo log size (replaces innodb_log_file_size x innodb_log_files_in_group)",
		// sysvars.json gives a CPU-based default for 8.4.0; that is the
		// innodb_dedicated_server rule (DS), the compiled default stays 100M.
		MySQL:   &Line{Added: kbAt(flavor.V(8, 0, 30), SrcSHJ), Defaults: []Default{kbDef(flavor.V(8, 0, 30), "100M", SrcSHJ)}},
		MariaDB: kbNever,
	},
	{
		Name: "innodb_buffer_pool_size", Kind: KindNumber, Dynamic: true,
		Effect:  "memory for cached data and index pages",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "128M", srcMI)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "128M", srcMI)}},
	},
	{
		Name: "innodb_buffer_pool_instances", Kind: KindNumber,
		Effect: "number of buffer pool partitions (less mutex contention with large pools)",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "1", srcD56),
			kbAuto(flavor.V(5, 6, 6), "8, or 1 when innodb_buffer_pool_size < 1G", SrcSHJ),
			kbAuto(flavor.V(8, 4, 0), "1, or more from the pool size and CPU count when innodb_buffer_pool_size > 1G", SrcSHJ)}},
		// Accepted and ignored from 10.6.0 (10.11.19, 11.8.9).
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 5, 1), srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI),
			Defaults: []Default{kbAuto(mariaBase, "ignored (single buffer pool)", srcMI)}},
	},
	{
		Name: "innodb_open_files", Kind: KindNumber,
		Effect: "how many .ibd files InnoDB keeps open at once",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "300", srcD56),
			kbAuto(flavor.V(5, 6, 6), "from table_open_cache (at least 300)", srcD56)}},
		MariaDB: &Line{Defaults: []Default{kbAuto(mariaBase, "from table_open_cache", srcMI)}},
	},
	{
		Name: "innodb_undo_tablespaces", Kind: KindNumber, Implied: "0",
		Effect: "number of separate undo tablespaces; 0 keeps undo logs in the system tablespace",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 21), SrcSHJ), Removed: kbAt(flavor.V(9, 3, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 3), "0", SrcSHJ), kbDef(flavor.V(8, 0, 2), "2", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "0", srcMI), kbDef(flavor.V(11, 0, 0), "3", srcMI)}},
	},
	{
		Name: "innodb_autoinc_lock_mode", Kind: KindNumber,
		Effect: "1 (consecutive) keeps AUTO_INCREMENT values consecutive per statement and is safe for statement-based " +
			"replication; 2 (interleaved) is faster but needs row-based binary logging",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "1", SrcSHJ), kbDef(flavor.V(8, 0, 3), "2", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "1", srcMI)}},
	},
	{
		Name: "innodb_dedicated_server", Kind: KindBool, Implied: "OFF",
		Effect:  "ON: InnoDB sizes the buffer pool and redo log from the machine's memory and CPUs",
		MySQL:   &Line{Added: kbAt(flavor.V(8, 0, 3), srcDS), Defaults: []Default{kbDef(flavor.V(8, 0, 3), "OFF", srcDS)}},
		MariaDB: kbNever,
	},
	{
		Name: "innodb_change_buffering", Kind: KindEnum, Dynamic: true,
		Effect: "which secondary-index changes are buffered (all) or applied immediately (none)",
		// MySQL 9.5.0 went back to all (sysvars.json; MySQL 9.7.4 reports all).
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "all", SrcSHJ), kbDef(flavor.V(8, 4, 0), "none", SrcSHJ),
			kbDef(flavor.V(9, 5, 0), "all", SrcSHJ)}},
		// MariaDB changed the default to none in 10.5.15, 10.6.7, 10.7.3 and
		// 10.8.2 (MDEV-27734): 10.6.0-10.6.6, 10.7.0-10.7.2 and 10.8.0-10.8.1
		// still had all. From 11.0.0 (change buffer removed, MDEV-29694) the
		// option is accepted and ignored (seen on 11.8.9).
		MariaDB: &Line{Deprecated: kbAt(flavor.V(10, 9, 0), srcMI), Ignored: kbAt(flavor.V(11, 0, 0), srcMRN),
			Defaults: []Default{kbDef(mariaBase, "all", srcMI), kbDef(flavor.V(10, 5, 15), "none", srcMRN),
				kbDef(flavor.V(10, 6, 0), "all", srcMRN), kbDef(flavor.V(10, 6, 7), "none", srcMRN),
				kbDef(flavor.V(10, 7, 0), "all", srcMRN), kbDef(flavor.V(10, 7, 3), "none", srcMRN),
				kbDef(flavor.V(10, 8, 0), "all", srcMRN), kbDef(flavor.V(10, 8, 2), "none", srcMRN)}},
	},
	{
		Name: "innodb_log_buffer_size", Kind: KindNumber, Dynamic: true,
		Effect: "memory buffer for redo log records before they are written",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "8M", SrcSHJ), kbDef(flavor.V(5, 7, 6), "16M", SrcSHJ),
			kbDef(flavor.V(8, 4, 0), "64M", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "16M", srcMI)}},
	},
	{
		Name: "innodb_io_capacity", Kind: KindNumber, Dynamic: true,
		Effect:  "I/O operations per second InnoDB assumes for background flushing",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "200", SrcSHJ), kbDef(flavor.V(8, 4, 0), "10000", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "200", srcMI)}},
	},
	{
		Name: "innodb_flush_neighbors", Kind: KindNumber, Dynamic: true, Implied: "1",
		Effect: "1: flushing a page also flushes dirty neighbours in the same extent (good for spinning disks); 0: only the page",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 3), "1", SrcSHJ), kbDef(flavor.V(8, 0, 3), "0", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "1", srcMI)}},
	},
	{
		Name: "innodb_max_dirty_pages_pct", Kind: KindNumber, Dynamic: true,
		Effect:  "percentage of dirty pages in the buffer pool above which InnoDB flushes aggressively",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "75", SrcSHJ), kbDef(flavor.V(8, 0, 3), "90", SrcSHJ)}},
		MariaDB: nil, // not checked for MariaDB
	},
	{
		Name: "innodb_max_dirty_pages_pct_lwm", Kind: KindNumber, Dynamic: true, Implied: "0",
		Effect: "percentage of dirty pages at which pre-flushing starts (0: disabled)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 6), "0", SrcSHJ), kbDef(flavor.V(8, 0, 3), "10", SrcSHJ)}},
	},
	{
		Name: "innodb_buffer_pool_dump_at_shutdown", Kind: KindBool, Dynamic: true, Implied: "OFF",
		Effect: "ON: the list of cached pages is saved at shutdown so the buffer pool can be warmed at start-up",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 3), "OFF", SrcSHJ), kbDef(flavor.V(5, 7, 7), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_buffer_pool_load_at_startup", Kind: KindBool, Implied: "OFF",
		Effect: "ON: the buffer pool is warmed at start-up from the saved page list",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 3), "OFF", SrcSHJ), kbDef(flavor.V(5, 7, 7), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_strict_mode", Kind: KindBool, Dynamic: true,
		Effect:  "ON: invalid table options (ROW_FORMAT, KEY_BLOCK_SIZE, too-wide rows) are errors instead of warnings",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "OFF", SrcSHJ), kbDef(flavor.V(5, 7, 7), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMI)}},
	},
	{
		Name: "innodb_purge_threads", Kind: KindNumber,
		Effect: "background threads that purge old row versions",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "0", srcD56), kbDef(flavor.V(5, 6, 5), "1", SrcSHJ), kbDef(flavor.V(5, 7, 8), "4", SrcSHJ),
			kbAuto(flavor.V(8, 4, 0), "1 with 16 or fewer logical CPUs, otherwise 4", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "4", srcMI)}},
	},
	{
		Name: "innodb_undo_log_truncate", Kind: KindBool, Dynamic: true, Implied: "OFF",
		Effect: "ON: undo tablespaces above innodb_max_undo_log_size are truncated automatically",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 5), "OFF", SrcSHJ), kbDef(flavor.V(8, 0, 2), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMI)}},
	},
	{
		Name: "innodb_numa_interleave", Kind: KindBool, Implied: "OFF",
		Effect: "ON: the buffer pool is allocated interleaved across NUMA nodes",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 27), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 27), "OFF", SrcSHJ), kbDef(flavor.V(8, 4, 0), "ON", SrcSHJ)}},
	},
}

// replicationFacts are binary log and replica settings.
var replicationFacts = []Fact{
	{
		Name: "log_bin", Kind: KindBool,
		Effect: "ON: every change is written to the binary log (needed for replication and point-in-time recovery); " +
			"costs disk space and some write throughput",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "OFF", srcSH80), kbDef(flavor.V(8, 0, 3), "ON", srcN80)}},
		// Binary logging is on by default from 8.0.3 (8.0.3 release notes;
		// sysvars.json's 8.0.11 is the first GA, not the change).
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMR)}},
	},
	{
		Name: "sync_binlog", Kind: KindNumber, Dynamic: true,
		Effect:  "1: the binary log is fsynced at every commit (crash-safe, slower commits); 0: the OS decides when",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "0", SrcSHJ), kbDef(flavor.V(5, 7, 7), "1", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "0", srcMR)}},
	},
	{
		Name: "binlog_format", Kind: KindEnum, Dynamic: true,
		Effect: "how changes are logged: STATEMENT (the SQL text), ROW (the changed rows) or MIXED",
		// sysvars.json also lists MIXED from 5.5.31, which is the NDB Cluster
		// default; the server default stayed STATEMENT until 5.7.7 (table above).
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 34), SrcSHJ),
			Defaults: []Default{kbDef(mysqlBase, "STATEMENT", SrcSHJ), kbDef(flavor.V(5, 7, 7), "ROW", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "MIXED", srcMR)}},
	},
	{
		Name: "binlog_expire_logs_seconds", Kind: KindNumber, Dynamic: true, Implied: "0",
		Effect: "binary logs older than this are purged automatically (0: never)",
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 1), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(8, 0, 1), "0", SrcSHJ), kbDef(flavor.V(8, 0, 11), "2592000", SrcSHJ)}},
		MariaDB: &Line{Added: kbAt(flavor.V(10, 6, 1), srcMR), Defaults: []Default{kbDef(flavor.V(10, 6, 1), "0", srcMR)}},
	},
	{
		Name: "expire_logs_days", Kind: KindNumber, Dynamic: true,
		Effect: "binary logs older than this many days are purged automatically (0: never)",
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 3), SrcSHJ), Removed: kbAt(flavor.V(8, 2, 0), SrcSHJ),
			Replacement: "binlog_expire_logs_seconds",
			// 30 days in 8.0.2-8.0.10, back to 0 when binlog_expire_logs_seconds took over in 8.0.11.
			Defaults: []Default{kbDef(mysqlBase, "0", SrcSHJ), kbDef(flavor.V(8, 0, 2), "30", SrcSHJ), kbDef(flavor.V(8, 0, 11), "0", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "0", srcMR)}},
		Convert: daysToSeconds,
	},
	{
		Name: "log_slave_updates", Kind: KindBool,
		Effect: "ON: a replica writes the changes it applies to its own binary log (needed for chained replication)",
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "log_replica_updates",
			Defaults: []Default{kbDef(mysqlBase, "OFF", SrcSHJ), kbDef(flavor.V(8, 0, 3), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMR)}},
	},
	{
		Name: "server_id", Kind: KindNumber, Dynamic: true,
		Effect: "the server's replication identity; 0 refuses to act as a source or replica",
		MySQL:  &Line{Defaults: []Default{kbDef(mysqlBase, "0", SrcSHJ), kbDef(flavor.V(8, 0, 3), "1", SrcSHJ)}},
	},
	{
		Name: "binlog_error_action", Kind: KindEnum, Dynamic: true, Implied: "IGNORE_ERROR",
		Effect: "what happens when the binary log cannot be written: ABORT_SERVER stops the server, IGNORE_ERROR stops logging",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 22), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 22), "IGNORE_ERROR", SrcSHJ), kbDef(flavor.V(5, 7, 7), "ABORT_SERVER", SrcSHJ)}},
	},
	{
		Name: "slave_net_timeout", Kind: KindNumber, Dynamic: true,
		Effect: "seconds a replica waits for data from its source before reconnecting",
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "replica_net_timeout",
			Defaults: []Default{kbDef(mysqlBase, "3600", SrcSHJ), kbDef(flavor.V(5, 7, 7), "60", SrcSHJ)}},
	},
	{
		Name: "slave_parallel_workers", Kind: KindNumber, Dynamic: true,
		Effect: "applier threads on a replica (0: single-threaded)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "replica_parallel_workers",
			Defaults: []Default{kbDef(flavor.V(5, 6, 3), "0", SrcSHJ), kbDef(flavor.V(8, 0, 27), "4", SrcSHJ)}},
	},
	{
		Name: "slave_parallel_type", Kind: KindEnum, Dynamic: true,
		Effect: "how a multi-threaded replica decides what may run in parallel",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Removed: kbAt(flavor.V(9, 5, 0), SrcSHJ),
			Replacement: "replica_parallel_type",
			Defaults:    []Default{kbDef(flavor.V(5, 7, 2), "DATABASE", SrcSHJ), kbDef(flavor.V(8, 0, 27), "LOGICAL_CLOCK", SrcSHJ)}},
	},
	{
		Name: "slave_preserve_commit_order", Kind: KindBool, Dynamic: true,
		Effect: "ON: a multi-threaded replica commits in the source's order",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "replica_preserve_commit_order",
			Defaults: []Default{kbDef(flavor.V(5, 7, 5), "OFF", SrcSHJ), kbDef(flavor.V(8, 0, 27), "ON", SrcSHJ)}},
	},
	{
		Name: "skip_slave_start", Kind: KindBool,
		Effect: "ON: replication threads do not start with the server",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "skip_replica_start"},
	},
	{
		Name: "slave_skip_errors", Kind: KindString,
		Effect: "error codes the replica applier ignores",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Replacement: "replica_skip_errors"},
	},
	{
		Name: "slave_rows_search_algorithms", Kind: KindSet, Dynamic: true,
		Effect: "how a replica finds rows for row-based events",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 18), SrcSHJ), Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 6), "TABLE_SCAN,INDEX_SCAN", SrcSHJ), kbDef(flavor.V(8, 0, 2), "INDEX_SCAN,HASH_SCAN", SrcSHJ)}},
	},
	{
		Name: "master_info_repository", Kind: KindEnum, Dynamic: true,
		Effect: "where a replica keeps its connection metadata: FILE (master.info) or TABLE (crash-safe)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 2), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 23), SrcSHJ), Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 2), "FILE", SrcSHJ), kbDef(flavor.V(8, 0, 2), "TABLE", SrcSHJ)}},
		// MariaDB accepts it and ignores it with a warning ("MySQL 5.6 / 5.7
		// compatible option. Not used or needed in MariaDB"; 10.11.19, 11.8.9).
		MariaDB: &Line{CompatNoOp: true},
	},
	{
		Name: "relay_log_info_repository", Kind: KindEnum, Dynamic: true,
		Effect: "where a replica keeps its applier position: FILE (relay-log.info) or TABLE (crash-safe)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 2), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 23), SrcSHJ), Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 2), "FILE", SrcSHJ), kbDef(flavor.V(8, 0, 2), "TABLE", SrcSHJ)}},
		// MariaDB accepts it and ignores it with a warning ("MySQL 5.6 / 5.7
		// compatible option. Not used or needed in MariaDB"; 10.11.19, 11.8.9).
		MariaDB: &Line{CompatNoOp: true},
	},
	{
		Name: "master_info_file", Kind: KindString,
		Effect: "file name of the replica connection metadata when master_info_repository=FILE",
		MySQL:  &Line{Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "relay_log_info_file", Kind: KindString,
		Effect: "file name of the applier position when relay_log_info_repository=FILE",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(8, 0, 18), SrcSHJ), Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "binlog_transaction_dependency_tracking", Kind: KindEnum, Dynamic: true,
		Effect: "how the source computes which transactions a replica may apply in parallel",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 22), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 35), SrcSHJ), Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 22), "COMMIT_ORDER", SrcSHJ), kbDef(flavor.V(8, 3, 0), "WRITESET", SrcSHJ)}},
		MariaDB: kbNever,
	},
	{
		Name: "transaction_write_set_extraction", Kind: KindEnum, Dynamic: true,
		Effect: "hash algorithm for transaction write sets (group replication, WRITESET dependency tracking)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 6), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ), Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 6), "OFF", SrcSHJ), kbDef(flavor.V(8, 0, 2), "XXHASH64", SrcSHJ)}},
		MariaDB: kbNever,
	},
	{
		Name: "log_bin_use_v1_row_events", Kind: KindBool, Dynamic: true,
		Effect: "ON: row events use the version 1 format readable by old replicas",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(8, 0, 18), SrcSHJ), Removed: kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
}

// serverFacts are SQL-visible behaviour and general server settings.
var serverFacts = []Fact{
	{
		Name: "sql_mode", Kind: KindSet, Dynamic: true,
		Effect: "SQL behaviour: strict modes turn invalid or truncated data into errors, ONLY_FULL_GROUP_BY rejects " +
			"ambiguous GROUP BY queries, NO_ZERO_DATE rejects '0000-00-00'",
		Tradeoff: "a lax sql_mode keeps old applications working but lets invalid data in silently",
		MySQL: &Line{
			Defaults: []Default{
				kbDef(mysqlBase, "", srcD56),
				kbDef(flavor.V(5, 6, 6), "NO_ENGINE_SUBSTITUTION", SrcSHJ),
				kbDef(flavor.V(5, 7, 5), "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", SrcSHJ),
				kbDef(flavor.V(5, 7, 7), "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION", SrcSHJ),
				kbDef(flavor.V(5, 7, 8), "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"+
					"ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION", SrcSHJ),
				kbDef(flavor.V(8, 0, 11), "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"+
					"ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION", SrcSHJ),
			},
			// The 8.0.11 list of allowed modes in sysvars.json drops these.
			RemovedValues: []ValueRemoval{
				{"NO_AUTO_CREATE_USER", kbAt(flavor.V(8, 0, 11), SrcSHJ)},
				{"NO_FIELD_OPTIONS", kbAt(flavor.V(8, 0, 11), SrcSHJ)},
				{"NO_KEY_OPTIONS", kbAt(flavor.V(8, 0, 11), SrcSHJ)},
				{"NO_TABLE_OPTIONS", kbAt(flavor.V(8, 0, 11), SrcSHJ)},
			},
		},
		MariaDB: &Line{Defaults: []Default{
			kbDef(mariaBase, "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION", srcMS)}},
	},
	{
		Name: "explicit_defaults_for_timestamp", Kind: KindBool, Dynamic: true, Implied: "OFF",
		Effect: "ON: TIMESTAMP columns get no implicit DEFAULT CURRENT_TIMESTAMP / ON UPDATE and accept NULL like " +
			"other types; OFF: the first TIMESTAMP column of a table is auto-initialised and auto-updated",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ), Deprecated: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 6), "OFF", SrcSHJ), kbDef(flavor.V(8, 0, 2), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMS), kbDef(flavor.V(10, 10, 1), "ON", srcMS)}},
	},
	{
		Name: "character_set_server", Kind: KindEnum, Dynamic: true,
		Effect: "default character set of new databases (and so of new tables and columns); utf8mb4 stores all of " +
			"Unicode but uses up to 4 bytes per character, which changes index length limits and comparisons",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "latin1", srcSH80), kbDef(flavor.V(8, 0, 1), "utf8mb4", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "latin1", srcMS), kbDef(flavor.V(11, 6, 0), "utf8mb4", srcMS)}},
	},
	{
		Name: "collation_server", Kind: KindEnum, Dynamic: true,
		Effect: "default collation of new databases: how strings sort and compare (case, accents, trailing spaces)",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "latin1_swedish_ci", SrcSHJ),
			kbDef(flavor.V(8, 0, 1), "utf8mb4_0900_ai_ci", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "latin1_swedish_ci", srcMS),
			kbDef(flavor.V(11, 6, 0), "utf8mb4_uca1400_ai_ci", srcMS)}},
	},
	{
		Name: "table_open_cache", Kind: KindNumber, Dynamic: true,
		Effect: "how many open table handles are cached; too small a cache reopens tables (Opened_tables grows)",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "400", srcD56), kbDef(flavor.V(5, 6, 8), "2000", SrcSHJ),
			kbDef(flavor.V(8, 0, 4), "4000", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "2000", srcMS)}},
	},
	{
		Name: "table_definition_cache", Kind: KindNumber, Dynamic: true,
		Effect: "how many table definitions are cached",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "400", srcD56),
			kbAuto(flavor.V(5, 6, 8), "400 + table_open_cache / 2, at most 2000", srcD56)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "400", srcMS)}},
	},
	{
		Name: "table_open_cache_instances", Kind: KindNumber,
		Effect: "partitions of the table cache (less contention under concurrency)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 6), "1", SrcSHJ), kbDef(flavor.V(5, 7, 8), "16", SrcSHJ)}},
	},
	{
		Name: "performance_schema", Kind: KindBool,
		Effect:  "ON: the Performance Schema instruments the server (some memory and CPU overhead)",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "OFF", srcPB), kbDef(flavor.V(5, 6, 6), "ON", srcPB)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMP)}},
	},
	{
		Name: "max_allowed_packet", Kind: KindNumber, Dynamic: true,
		Effect: "largest packet, and so largest row or statement, the server accepts",
		MySQL: &Line{Defaults: []Default{kbDef(mysqlBase, "1M", srcPB), kbDef(flavor.V(5, 6, 6), "4M", SrcSHJ),
			kbDef(flavor.V(8, 0, 3), "64M", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "16M", srcMS)}},
	},
	{
		Name: "event_scheduler", Kind: KindBool, Dynamic: true,
		Effect:  "ON: scheduled EVENTs run",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "OFF", SrcSHJ), kbDef(flavor.V(8, 0, 3), "ON", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "OFF", srcMS)}},
	},
	{
		Name: "local_infile", Kind: KindBool, Dynamic: true,
		Effect:  "ON: clients may use LOAD DATA LOCAL INFILE",
		MySQL:   &Line{Defaults: []Default{kbDef(mysqlBase, "ON", SrcSHJ), kbDef(flavor.V(8, 0, 2), "OFF", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "ON", srcMS)}},
	},
	{
		Name: "max_error_count", Kind: KindNumber, Dynamic: true,
		Effect: "how many errors and warnings SHOW WARNINGS keeps per statement",
		MySQL:  &Line{Defaults: []Default{kbDef(mysqlBase, "64", SrcSHJ), kbDef(flavor.V(8, 0, 3), "1024", SrcSHJ)}},
	},
	{
		Name: "eq_range_index_dive_limit", Kind: KindNumber, Dynamic: true,
		Effect: "above this many equality ranges (IN lists) the optimizer uses index statistics instead of index dives",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 5), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 6, 5), "10", SrcSHJ), kbDef(flavor.V(5, 7, 4), "200", SrcSHJ)}},
	},
	{
		Name: "default_authentication_plugin", Kind: KindEnum,
		Effect: "authentication plugin of new accounts; caching_sha2_password needs client libraries that support it " +
			"(or TLS / RSA key exchange)",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 27), SrcSHJ), Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ),
			Replacement: "authentication_policy",
			Defaults: []Default{kbDef(flavor.V(5, 7, 2), "mysql_native_password", SrcSHJ),
				kbDef(flavor.V(8, 0, 4), "caching_sha2_password", SrcSHJ)}},
		// MariaDB accepts it and ignores it with a warning ("MySQL 5.6 / 5.7
		// compatible option. Not used or needed in MariaDB"; 10.11.19, 11.8.9).
		MariaDB: &Line{CompatNoOp: true},
		Convert: noConversion,
	},
	{
		Name: "show_compatibility_56", Kind: KindBool, Dynamic: true, Implied: "ON",
		Effect: "ON: INFORMATION_SCHEMA GLOBAL_VARIABLES/GLOBAL_STATUS work as in 5.6; OFF: use the performance_schema tables",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 6), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 6), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 1), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 6), "ON", SrcSHJ), kbDef(flavor.V(5, 7, 8), "OFF", SrcSHJ)}},
		// MariaDB accepts it and ignores it with a warning ("MySQL 5.6 / 5.7
		// compatible option. Not used or needed in MariaDB"; 10.11.19, 11.8.9).
		MariaDB: &Line{CompatNoOp: true},
	},
	{
		Name: "internal_tmp_disk_storage_engine", Kind: KindEnum, Dynamic: true, Implied: "MYISAM",
		Effect: "storage engine of internal temporary tables that spill to disk",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 16), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 5), "MYISAM", SrcSHJ), kbDef(flavor.V(5, 7, 6), "INNODB", SrcSHJ)}},
		MariaDB: kbNever,
	},
	{
		Name: "log_error_verbosity", Kind: KindNumber, Dynamic: true,
		Effect: "which messages go to the error log: 1 errors, 2 also warnings, 3 also notes",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 2), "3", SrcSHJ), kbDef(flavor.V(8, 0, 4), "2", SrcSHJ)}},
		MariaDB: kbNever,
	},
}

// removedFacts are variables removed (or deprecated) in a covered version
// that real option files still carry.
var removedFacts = []Fact{
	queryCacheFact("query_cache_type", KindEnum, "ON: SELECT results are cached; OFF: the query cache is not used",
		[]Default{kbDef(mysqlBase, "ON", srcD56), kbDef(flavor.V(5, 6, 8), "OFF", srcD56)},
		[]Default{kbDef(mariaBase, "OFF", srcMS)}),
	queryCacheFact("query_cache_size", KindNumber, "memory reserved for the query cache (0 disables it)",
		[]Default{kbDef(mysqlBase, "0", SrcSHJ), kbDef(flavor.V(5, 6, 8), "1M", SrcSHJ), kbDef(flavor.V(8, 0, 1), "0", SrcSHJ)},
		[]Default{kbDef(mariaBase, "1M", srcMS)}),
	// MySQL defaults of the next three are not in the sources; MariaDB's are.
	queryCacheFact("query_cache_limit", KindNumber, "largest result the query cache stores",
		nil, []Default{kbDef(mariaBase, "1M", srcMS)}),
	queryCacheFact("query_cache_min_res_unit", KindNumber, "allocation unit of query cache blocks",
		nil, []Default{kbDef(mariaBase, "4K", srcMS)}),
	queryCacheFact("query_cache_wlock_invalidate", KindBool, "ON: a write lock on a table invalidates its cached queries",
		nil, []Default{kbDef(mariaBase, "OFF", srcMS)}),
	{
		Name: "have_query_cache", Kind: KindBool,
		Effect: "read-only: whether the server was built with the query cache",
		// sysvars.json deprecates it in 5.7.20 and gives no removal.
		// Read-only: 10.11.19, 11.8.9 and 9.7.4 refuse it as an option.
		MySQL:   &Line{Deprecated: kbAt(flavor.V(5, 7, 20), SrcSHJ), NotOption: true},
		MariaDB: &Line{NotOption: true},
	},
	{
		Name: "tx_isolation", Kind: KindEnum, Dynamic: true,
		Effect: "default transaction isolation level",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 7, 20), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ), Replacement: "transaction_isolation"},
		// MariaDB deprecated it for transaction_isolation in 11.1 (MDEV-21921; 11.1.1 unverified).
		// In MariaDB a variable only: the option is transaction-isolation;
		// 10.11.19 and 11.8.9 refuse tx_isolation in my.cnf (unknown variable).
		MariaDB: &Line{Deprecated: kbAt(flavor.V(11, 1, 1), srcMS), Replacement: "transaction_isolation",
			NotOption: true, OptionName: "transaction_isolation",
			Defaults: []Default{kbDef(mariaBase, "REPEATABLE-READ", srcMS)}},
	},
	{
		Name: "tx_read_only", Kind: KindBool, Dynamic: true,
		Effect: "ON: transactions are read-only by default",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 5), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 20), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ),
			Replacement: "transaction_read_only"},
		MariaDB: &Line{Deprecated: kbAt(flavor.V(11, 1, 1), srcMS), Replacement: "transaction_read_only",
			NotOption: true, OptionName: "transaction_read_only",
			Defaults: []Default{kbDef(mariaBase, "OFF", srcMS)}},
	},
	{
		Name: "innodb_support_xa", Kind: KindBool, Dynamic: true,
		Effect: "ON: two-phase commit between InnoDB and the binary log (always on in later versions)",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 7, 10), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ)},
		// MariaDB removed it in 10.3.0 (unverified); either way it is gone in 10.5.
		MariaDB: &Line{Removed: kbAt(flavor.V(10, 3, 0), srcMI)},
	},
	{
		Name: "innodb_locks_unsafe_for_binlog", Kind: KindBool,
		Effect: "ON: InnoDB skips gap locking (use READ COMMITTED isolation instead)",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 6, 3), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ)},
		// Deprecated since 10.0; the real 10.5.23 already accepts and ignores it
		// ("was removed. It does nothing now"), as 10.11.19 and 11.8.9 do.
		MariaDB: &Line{Deprecated: kbAt(mariaBase, srcMI), Ignored: kbAt(mariaBase, srcBin)},
	},
	{
		Name: "log_warnings", Kind: KindNumber, Dynamic: true,
		Effect: "how many warnings go to the error log",
		// sysvars.json has both "log-warnings" (rm 8.0.3) and "log_warnings"
		// (rm 8.0.11); the 8.0.3 release notes date the removal, 8.0.3 is used.
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 2), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ), Replacement: "log_error_verbosity",
			Defaults: []Default{kbDef(mysqlBase, "1", SrcSHJ), kbDef(flavor.V(5, 7, 2), "2", SrcSHJ)}},
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "2", srcMS)}},
		Convert: warningsToVerbosity,
	},
	{
		Name: "innodb_undo_logs", Kind: KindNumber, Dynamic: true,
		Effect: "number of rollback segments",
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 19), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 2), SrcSHJ),
			Replacement: "innodb_rollback_segments"},
		// MariaDB 10.5: deprecated, no effect; from 10.6.0 accepted and ignored (10.11.19, 11.8.9).
		MariaDB: &Line{Deprecated: kbAt(mariaBase, srcMI), Ignored: kbAt(flavor.V(10, 6, 0), srcMI)},
	},
	{
		Name: "innodb_stats_sample_pages", Kind: KindNumber, Dynamic: true,
		Effect: "index pages sampled for transient statistics",
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 6, 3), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ),
			Replacement: "innodb_stats_transient_sample_pages"},
	},
	{
		Name: "innodb_additional_mem_pool_size", Kind: KindNumber,
		Effect: "memory pool for the InnoDB data dictionary (unused since the system allocator is used)",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 6, 3), SrcSHJ), Removed: kbAt(flavor.V(5, 7, 4), SrcSHJ)},
	},
	{
		Name: "innodb_use_sys_malloc", Kind: KindBool,
		Effect: "ON: InnoDB uses the system memory allocator",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 6, 3), SrcSHJ), Removed: kbAt(flavor.V(5, 7, 4), SrcSHJ)},
	},
	{
		Name: "storage_engine", Kind: KindEnum, Dynamic: true,
		Effect: "default storage engine of new tables",
		MySQL:  &Line{Removed: kbAt(flavor.V(5, 7, 5), SrcSHJ), Replacement: "default_storage_engine"},
	},
	{
		Name: "secure_auth", Kind: KindBool, Dynamic: true,
		Effect: "ON: accounts with pre-4.1 password hashes cannot log in",
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 5), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ),
			Defaults: []Default{kbDef(mysqlBase, "OFF", srcPB), kbDef(flavor.V(5, 6, 5), "ON", SrcSHJ)}},
	},
	{
		Name: "old_passwords", Kind: KindNumber, Dynamic: true,
		Effect: "password hashing method of PASSWORD() and new passwords",
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 6), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 11), SrcSHJ),
			Defaults: []Default{kbDef(mysqlBase, "0", SrcSHJ)}},
	},
	{
		Name: "log_syslog", Kind: KindBool, Dynamic: true,
		Effect: "ON: the error log also goes to syslog",
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ), Deprecated: kbAt(flavor.V(8, 0, 2), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 13), SrcSHJ),
			Defaults: []Default{kbDef(flavor.V(5, 7, 5), "OFF", SrcSHJ)}},
		MariaDB: kbNever,
	},
	{
		Name: "sync_frm", Kind: KindBool, Dynamic: true,
		Effect: "ON: .frm files are fsynced when a table is created",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 7, 6), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ)},
	},
	{
		Name: "thread_concurrency", Kind: KindNumber,
		Effect: "a Solaris-only thread hint",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 6, 1), SrcSHJ), Removed: kbAt(flavor.V(5, 7, 2), SrcSHJ)},
	},
	{
		Name: "timed_mutexes", Kind: KindBool, Dynamic: true,
		Effect: "no effect (mutex timing statistics)",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 5, 39), SrcSHJ), Removed: kbAt(flavor.V(5, 7, 5), SrcSHJ)},
	},
	{
		Name: "metadata_locks_cache_size", Kind: KindNumber,
		Effect: "size of the metadata lock cache",
		MySQL:  &Line{Added: kbAt(flavor.V(5, 5, 19), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 4), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 13), SrcSHJ)},
	},
	{
		Name: "metadata_locks_hash_instances", Kind: KindNumber,
		Effect: "partitions of the metadata lock hash",
		MySQL:  &Line{Added: kbAt(flavor.V(5, 6, 8), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 4), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 13), SrcSHJ)},
	},
	{
		Name: "max_tmp_tables", Kind: KindNumber, Dynamic: true,
		Effect: "unused limit on temporary tables per client",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 6, 7), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ)},
		// MariaDB: 10.11.19 accepts it, 11.8.9 refuses it; MariaDB's docs
		// called it "unused, will be removed". The first release that refuses
		// it is not pinned down here: 11.3.0 is assumed (unverified).
		MariaDB: &Line{Removed: kbAt(flavor.V(11, 3, 0), srcBin), Defaults: []Default{kbDef(mariaBase, "32", srcMS)}},
	},
	{
		Name: "ignore_db_dirs", Kind: KindString,
		Effect: "directories in the data directory that are not databases",
		MySQL:  &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ), Deprecated: kbAt(flavor.V(5, 7, 16), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ)},
	},
	{
		Name: "date_format", Kind: KindString, Effect: "unused date format",
		MySQL: &Line{Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ)},
	},
	{
		Name: "datetime_format", Kind: KindString, Effect: "unused datetime format",
		MySQL: &Line{Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ)},
	},
	{
		Name: "time_format", Kind: KindString, Effect: "unused time format",
		MySQL: &Line{Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ)},
	},
	{
		Name: "language", Kind: KindString,
		Effect: "directory of the error message file",
		MySQL:  &Line{Deprecated: kbAt(flavor.V(5, 5, 0), SrcSHJ), Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ), Replacement: "lc_messages_dir"},
		// The value is a directory of one language; lc_messages_dir wants its parent.
		Convert: noConversion,
	},
}

// queryCacheFact builds a query cache variable: deprecated in MySQL 5.7.20,
// removed in 8.0.3 with no replacement, still present in MariaDB.
func queryCacheFact(name string, kind ValueKind, effect string, mysql, mariadb []Default) Fact {
	return Fact{
		Name: name, Kind: kind, Dynamic: true, Effect: effect,
		Synonyms: queryCacheSynonyms(name),
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 20), SrcSHJ), Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ),
			Defaults: mysql},
		MariaDB: &Line{Defaults: mariadb},
	}
}

// queryCacheSynonyms maps query_cache_type's numeric spellings.
func queryCacheSynonyms(name string) map[string]string {
	if name != "query_cache_type" {
		return nil
	}
	return map[string]string{"0": "OFF", "1": "ON", "2": "DEMAND"}
}

// noConversion marks a replacement whose values mean something different.
func noConversion(string) (string, bool) { return "", false }

// daysToSeconds converts expire_logs_days to binlog_expire_logs_seconds.
func daysToSeconds(days string) (string, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(days), 10, 64)
	if err != nil || n < 0 {
		return "", false
	}
	return strconv.FormatInt(n*86400, 10), true
}

// warningsToVerbosity converts log_warnings (0, 1, 2+) to log_error_verbosity (1, 2, 3).
func warningsToVerbosity(w string) (string, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(w))
	if err != nil || n < 0 {
		return "", false
	}
	return strconv.Itoa(min(n, 2) + 1), true
}

// checksumsToAlgorithm converts innodb_checksums=OFF to innodb_checksum_algorithm=none;
// ON needs no line (the default algorithm checks pages).
func checksumsToAlgorithm(v string) (string, bool) {
	if normalizeBool(Unquote(v)) == "OFF" {
		return "none", true
	}
	return "", false
}
