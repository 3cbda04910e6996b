package knowledge

import "github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

// Facts derived from MySQL Shell's upgrade-checker data (SrcSHJ, sysvars.json
// of 2025-12-12) for the core variables it lists as removed, or with a
// changed default, between MySQL 5.7.0 and 9.7 that the hand-written tables
// of kb_data.go and kb_data_more.go do not describe. Only versions and
// default values are taken; NDB, group replication, keyring and component
// (dotted) variables are left out. Defaults that the data gives as a rule
// ("-1", formulas) are computed defaults. These entries carry no description
// of their effect and no MariaDB facts (answers for MariaDB are unknown).
// Generated once from the reference file and reviewed; edit by hand.

// manualEffect stands for the description these entries do not carry.
const manualEffect = "see its entry in the MySQL Reference Manual (the knowledge base has dates and defaults only)"

// shellFacts are the derived entries, sorted by name.
var shellFacts = []Fact{
	{
		Name: "admin_ssl_cipher", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 21), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 21), "", SrcSHJ)}},
	},
	{
		Name: "admin_tls_ciphersuites", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 21), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 21), "", SrcSHJ)}},
	},
	{
		Name: "admin_tls_version", Kind: KindSet, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 21), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 21), "TLSv1,TLSv1.1,TLSv1.2,TLSv1.3", SrcSHJ),
				kbDef(flavor.V(8, 0, 28), "TLSv1.2,TLSv1.3", SrcSHJ)}},
	},
	{
		Name: "avoid_temporal_upgrade", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 24), SrcSHJ),
			Deprecated: kbAt(flavor.V(5, 6, 24), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 4, 0), SrcSHJ)},
	},
	{
		Name: "back_log", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbAuto(flavor.V(5, 6, 6), "autosized at start-up (-1)", SrcSHJ),
			kbDef(flavor.V(9, 4, 0), "10000", SrcSHJ)}},
	},
	{
		Name: "basedir", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbAuto(flavor.V(5, 5, 0), "configuration-dependent default", SrcSHJ),
			kbAuto(flavor.V(8, 0, 2), "parent of mysqld installation directory", SrcSHJ)}},
	},
	{
		Name: "binlog_gtid_simple_recovery", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 6), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 6), "OFF", SrcSHJ),
				kbDef(flavor.V(5, 7, 7), "ON", SrcSHJ)}},
	},
	{
		Name: "binlog_transaction_dependency_history_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 22), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 22), "25000", SrcSHJ),
				kbDef(flavor.V(9, 5, 0), "10000000", SrcSHJ)}},
	},
	{
		Name: "binlogging_impossible_mode", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 20), SrcSHJ),
			Deprecated: kbAt(flavor.V(5, 6, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(5, 7, 6), SrcSHJ)},
	},
	{
		Name: "caching_sha2_password_digest_rounds", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 24), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 24), "5000", SrcSHJ),
				kbDef(flavor.V(9, 5, 0), "10000", SrcSHJ)}},
	},
	{
		Name: "character_set_client", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{NotOption: true, // 9.7.4 refuses it in my.cnf: set with SET, or character_set_server
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "utf8", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "utf8mb4", SrcSHJ)}},
	},
	{
		Name: "character_set_connection", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{NotOption: true, // 9.7.4 refuses it in my.cnf: set with SET, or character_set_server
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "utf8", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "utf8mb4", SrcSHJ)}},
	},
	{
		Name: "character_set_database", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{NotOption: true, // 9.7.4 refuses it in my.cnf: set with SET, or character_set_server
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "latin1", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "utf8mb4", SrcSHJ)}},
	},
	{
		Name: "character_set_results", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{NotOption: true, // 9.7.4 refuses it in my.cnf: set with SET, or character_set_server
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "utf8", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "utf8mb4", SrcSHJ)}},
	},
	{
		Name: "character_set_system", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{NotOption: true, // 9.7.4 refuses it in my.cnf: set with SET, or character_set_server
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "utf8", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "utf8mb3", SrcSHJ)}},
	},
	{
		Name: "collation_database", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{NotOption: true, // 9.7.4 refuses it in my.cnf: set with SET, or character_set_server
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "latin1_swedish_ci", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "utf8mb4_0900_ai_ci", SrcSHJ)}},
	},
	{
		Name: "connection_memory_chunk_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 28), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 28), "8912", SrcSHJ),
				kbDef(flavor.V(8, 0, 34), "8192", SrcSHJ)}},
	},
	{
		Name: "create_old_temporals", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 25), SrcSHJ),
			Deprecated: kbAt(flavor.V(5, 6, 25), SrcSHJ),
			Removed:    kbAt(flavor.V(5, 7, 0), SrcSHJ)},
	},
	{
		Name: "daemon_memcached_enable_binlog", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "daemon_memcached_engine_lib_name", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "daemon_memcached_engine_lib_path", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "daemon_memcached_option", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "daemon_memcached_r_batch_size", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "daemon_memcached_w_batch_size", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 3, 0), SrcSHJ)},
	},
	{
		Name: "default_password_lifetime", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 4), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 4), "360", SrcSHJ),
				kbDef(flavor.V(5, 7, 11), "0", SrcSHJ)}},
	},
	{
		Name: "enforce_gtid_consistency", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 9), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 9), "OFF", SrcSHJ),
				kbDef(flavor.V(9, 5, 0), "ON", SrcSHJ)}},
	},
	{
		Name: "executed_gtids_compression_period", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Removed: kbAt(flavor.V(5, 7, 6), SrcSHJ)},
	},
	{
		Name: "explain_format", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 32), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 32), "TRADITIONAL", SrcSHJ),
				kbDef(flavor.V(9, 5, 0), "TREE", SrcSHJ)}},
	},
	{
		Name: "explain_json_format_version", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 3, 0), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 3, 0), "1", SrcSHJ),
				kbDef(flavor.V(9, 5, 0), "2", SrcSHJ)}},
	},
	{
		Name: "gtid_executed_compression_period", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 6), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 6), "1000", SrcSHJ),
				kbDef(flavor.V(8, 0, 23), "0", SrcSHJ)}},
	},
	{
		Name: "gtid_mode", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 5), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 5), "OFF", SrcSHJ),
				kbDef(flavor.V(9, 5, 0), "ON", SrcSHJ)}},
	},
	{
		Name: "have_crypt", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 6), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ)},
	},
	{
		Name: "have_openssl", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ)},
	},
	{
		Name: "have_ssl", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ)},
	},
	{
		Name: "ignore_builtin_innodb", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 5, 22), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 3), SrcSHJ)},
	},
	{
		Name: "innodb_api_bk_commit_interval", Kind: KindString, Effect: manualEffect,
		// sysvars.json removes it in 8.3.0 with the memcached plugin, but MySQL
		// 9.7.4 still has it (SHOW VARIABLES, --validate-config): no removal here.
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 7), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ)},
	},
	{
		Name: "innodb_api_disable_rowlock", Kind: KindString, Effect: manualEffect,
		// sysvars.json removes it in 8.3.0 with the memcached plugin, but MySQL
		// 9.7.4 still has it (SHOW VARIABLES, --validate-config): no removal here.
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ)},
	},
	{
		Name: "innodb_api_enable_binlog", Kind: KindString, Effect: manualEffect,
		// sysvars.json removes it in 8.3.0 with the memcached plugin, but MySQL
		// 9.7.4 still has it (SHOW VARIABLES, --validate-config): no removal here.
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ)},
	},
	{
		Name: "innodb_api_enable_mdl", Kind: KindString, Effect: manualEffect,
		// sysvars.json removes it in 8.3.0 with the memcached plugin, but MySQL
		// 9.7.4 still has it (SHOW VARIABLES, --validate-config): no removal here.
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ)},
	},
	{
		Name: "innodb_api_trx_level", Kind: KindString, Effect: manualEffect,
		// sysvars.json removes it in 8.3.0 with the memcached plugin, but MySQL
		// 9.7.4 still has it (SHOW VARIABLES, --validate-config): no removal here.
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 22), SrcSHJ)},
	},
	{
		Name: "innodb_buffer_pool_dump_pct", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 2), "100", SrcSHJ),
				kbDef(flavor.V(5, 7, 7), "25", SrcSHJ)}},
	},
	{
		Name: "innodb_buffer_pool_in_core_file", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 14), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 14), "ON", SrcSHJ),
				kbDef(flavor.V(8, 4, 0), "OFF", SrcSHJ)}},
	},
	{
		Name: "innodb_disable_resize_buffer_pool_debug", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 6), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 0), SrcSHJ)},
	},
	{
		Name: "innodb_doublewrite_files", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 20), SrcSHJ),
			Defaults: []Default{
				kbAuto(flavor.V(8, 0, 20), "innodb_buffer_pool_instances * 2", SrcSHJ),
				kbDef(flavor.V(8, 4, 0), "2", SrcSHJ)}},
	},
	{
		Name: "innodb_doublewrite_pages", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 20), SrcSHJ),
			Defaults: []Default{
				kbAuto(flavor.V(8, 0, 20), "innodb_write_io_threads value", SrcSHJ),
				kbDef(flavor.V(8, 4, 0), "128", SrcSHJ)}},
	},
	{
		Name: "innodb_io_capacity_max", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 6), SrcSHJ),
			Defaults: []Default{
				kbAuto(flavor.V(5, 6, 6), "2 * innodb_io_capacity, min of 2000", SrcSHJ),
				kbAuto(flavor.V(8, 4, 0), "2 * innodb_io_capacity", SrcSHJ)}},
	},
	{
		Name: "innodb_log_checksum_algorithm", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 8), SrcSHJ),
			Removed: kbAt(flavor.V(5, 7, 9), SrcSHJ)},
	},
	{
		Name: "innodb_log_wait_for_flush_spin_hwm", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 11), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 11), "400", SrcSHJ)}},
	},
	{
		Name: "innodb_log_writer_threads", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 22), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 22), "ON", SrcSHJ),
				kbAuto(flavor.V(9, 1, 0), "ON, if available logical processors > 32, otherwise OFF", SrcSHJ),
				kbAuto(flavor.V(9, 5, 0), "If binary logging is enabled and available logical processors > 32: ON; if binary logging is not enabled and available logical processors > 4: ON; in all other cases: OFF", SrcSHJ)}},
	},
	{
		Name: "innodb_lru_scan_depth", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 3), "1024", SrcSHJ)}},
	},
	{
		Name: "innodb_optimize_point_storage", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Removed: kbAt(flavor.V(5, 7, 6), SrcSHJ)},
	},
	{
		Name: "innodb_parallel_read_threads", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 14), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 14), "4", SrcSHJ),
				kbAuto(flavor.V(8, 4, 0), "(available logical processors / 8), min of 4", SrcSHJ)}},
	},
	{
		Name: "innodb_read_io_threads", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 0), "4", SrcSHJ),
			kbAuto(flavor.V(8, 3, 0), "(available logical processors / 2), min of 4", SrcSHJ)}},
	},
	{
		Name: "innodb_scan_directories", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 2), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 4), SrcSHJ)},
	},
	{
		Name: "innodb_use_fdatasync", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 26), "OFF", SrcSHJ),
				kbDef(flavor.V(8, 4, 0), "ON", SrcSHJ)}},
	},
	{
		Name: "log_backward_compatible_user_definitions", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 6), SrcSHJ),
			Removed: kbAt(flavor.V(5, 7, 9), SrcSHJ)},
	},
	{
		Name: "log_builtin_as_identified_by_password", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 9), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 11), SrcSHJ)},
	},
	{
		Name: "log_error_filter_rules", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 2), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 4), SrcSHJ)},
	},
	{
		Name: "log_syslog_facility", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 13), SrcSHJ)},
	},
	{
		Name: "log_syslog_include_pid", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 13), SrcSHJ)},
	},
	{
		Name: "log_syslog_tag", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Removed: kbAt(flavor.V(8, 0, 13), SrcSHJ)},
	},
	{
		Name: "max_length_for_sort_data", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 20), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "1024", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "4096", SrcSHJ)}},
	},
	{
		Name: "max_statement_time", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 4), SrcSHJ),
			Removed: kbAt(flavor.V(5, 7, 8), SrcSHJ)},
	},
	{
		Name: "myisam_repair_threads", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(5, 7, 38), SrcSHJ),
			Removed: kbAt(flavor.V(5, 7, 39), SrcSHJ)},
	},
	{
		Name: "mysql_native_password_proxy_users", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 7), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 16), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 0, 0), SrcSHJ)},
	},
	{
		Name: "new", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 35), SrcSHJ),
			Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ)},
	},
	{
		Name: "old", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 35), SrcSHJ),
			Removed: kbAt(flavor.V(8, 4, 0), SrcSHJ)},
	},
	{
		Name: "optimizer_switch", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{},
	},
	{
		Name: "optimizer_trace_max_mem_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 3), "16384", SrcSHJ),
				kbDef(flavor.V(8, 0, 4), "1048576", SrcSHJ)}},
	},
	{
		Name: "optimizer_use_mrr", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Removed: kbAt(flavor.V(6, 0, 14), SrcSHJ)},
	},
	{
		Name: "performance_schema_consumer_events_transactions_current", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 0), "OFF", SrcSHJ),
			kbDef(flavor.V(8, 0, 11), "ON", SrcSHJ)}},
	},
	{
		Name: "performance_schema_consumer_events_transactions_history", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 0), "OFF", SrcSHJ),
			kbDef(flavor.V(8, 0, 11), "ON", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_cond_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 3), "80", SrcSHJ),
				kbDef(flavor.V(8, 0, 13), "100", SrcSHJ),
				kbDef(flavor.V(8, 0, 27), "150", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_file_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 3), "50", SrcSHJ),
				kbDef(flavor.V(5, 7, 9), "80", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_memory_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 2), "250", SrcSHJ),
				kbDef(flavor.V(5, 7, 5), "320", SrcSHJ),
				kbDef(flavor.V(8, 0, 0), "350", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "450", SrcSHJ),
				kbDef(flavor.V(8, 2, 0), "470", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_mutex_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 3), "200", SrcSHJ),
				kbDef(flavor.V(8, 0, 1), "220", SrcSHJ),
				kbDef(flavor.V(8, 0, 3), "250", SrcSHJ),
				kbDef(flavor.V(8, 0, 12), "300", SrcSHJ),
				kbDef(flavor.V(8, 0, 27), "350", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_program_instances", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 2), "5000", SrcSHJ),
				kbAuto(flavor.V(5, 7, 6), "autosized at start-up (-1)", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_rwlock_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 15), "40", SrcSHJ),
				kbDef(flavor.V(5, 7, 0), "30", SrcSHJ),
				kbDef(flavor.V(5, 7, 3), "40", SrcSHJ),
				kbDef(flavor.V(5, 7, 25), "50", SrcSHJ),
				kbDef(flavor.V(8, 0, 3), "60", SrcSHJ),
				kbDef(flavor.V(8, 0, 12), "100", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_stage_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 3), "150", SrcSHJ),
				kbDef(flavor.V(8, 0, 13), "175", SrcSHJ)}},
	},
	{
		Name: "performance_schema_max_thread_classes", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 5, 3), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 3), "50", SrcSHJ),
				kbDef(flavor.V(8, 0, 3), "100", SrcSHJ)}},
	},
	{
		Name: "performance_schema_setup_actors_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 1), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 1), "100", SrcSHJ),
				kbAuto(flavor.V(5, 7, 6), "autosized at start-up (-1)", SrcSHJ)}},
	},
	{
		Name: "performance_schema_setup_objects_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 1), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 1), "100", SrcSHJ),
				kbAuto(flavor.V(5, 7, 6), "autosized at start-up (-1)", SrcSHJ)}},
	},
	{
		Name: "range_alloc_block_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 3), "4096", SrcSHJ)}},
	},
	{
		Name: "range_optimizer_max_mem_size", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 9), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 9), "1536000", SrcSHJ),
				kbDef(flavor.V(5, 7, 12), "8388608", SrcSHJ)}},
	},
	{
		Name: "replica_allow_batching", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 26), "OFF", SrcSHJ),
				kbDef(flavor.V(8, 0, 30), "ON", SrcSHJ)}},
	},
	{
		Name: "replica_parallel_type", Kind: KindEnum, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 29), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 26), "DATABASE", SrcSHJ),
				kbDef(flavor.V(8, 0, 27), "LOGICAL_CLOCK", SrcSHJ)}},
	},
	{
		Name: "replica_parallel_workers", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 26), "0", SrcSHJ),
				kbDef(flavor.V(8, 0, 27), "4", SrcSHJ)}},
	},
	{
		Name: "replica_preserve_commit_order", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 26), "OFF", SrcSHJ),
				kbDef(flavor.V(8, 0, 27), "ON", SrcSHJ)}},
	},
	{
		Name: "rpl_semi_sync_master_enabled", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(6, 0, 8), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "rpl_semi_sync_master_timeout", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(6, 0, 8), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "rpl_semi_sync_master_trace_level", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(6, 0, 8), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "rpl_semi_sync_master_wait_for_slave_count", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 3), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "rpl_semi_sync_master_wait_point", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 2), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "rpl_semi_sync_slave_enabled", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(6, 0, 8), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "rpl_semi_sync_slave_trace_level", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(6, 0, 8), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 5, 0), SrcSHJ)},
	},
	{
		Name: "secure_file_priv", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbAuto(flavor.V(5, 6, 34), "platform specific", SrcSHJ),
			kbDef(flavor.V(5, 7, 0), "", SrcSHJ),
			kbAuto(flavor.V(5, 7, 6), "platform specific", SrcSHJ)}},
	},
	{
		Name: "show_old_temporals", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 24), SrcSHJ),
			Deprecated: kbAt(flavor.V(5, 6, 24), SrcSHJ),
			Removed:    kbAt(flavor.V(8, 4, 0), SrcSHJ)},
	},
	{
		Name: "simplified_binlog_gtid_recovery", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 5), SrcSHJ),
			Deprecated: kbAt(flavor.V(5, 6, 23), SrcSHJ),
			Removed:    kbAt(flavor.V(5, 7, 6), SrcSHJ)},
	},
	{
		Name: "slave_allow_batching", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Replacement: "replica_allow_batching",
			Defaults: []Default{
				kbDef(flavor.V(5, 5, 0), "OFF", SrcSHJ),
				kbDef(flavor.V(8, 0, 30), "ON", SrcSHJ)}},
	},
	{
		Name: "slave_pending_jobs_size_max", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 6, 3), SrcSHJ),
			Deprecated:  kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Replacement: "replica_pending_jobs_size_max",
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 3), "16M", SrcSHJ),
				kbDef(flavor.V(8, 0, 12), "128M", SrcSHJ)}},
	},
	{
		Name: "slave_type_conversions", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Replacement: "replica_type_conversions",
			Defaults: []Default{
				kbDef(flavor.V(5, 6, 13), "", SrcSHJ)}},
	},
	{
		Name: "ssl_cipher", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 0), "", SrcSHJ)}},
	},
	{
		Name: "temptable_max_mmap", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 23), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 23), "1073741824", SrcSHJ),
				kbDef(flavor.V(8, 4, 0), "0", SrcSHJ)}},
	},
	{
		Name: "temptable_max_ram", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 2), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 2), "1073741824", SrcSHJ),
				kbAuto(flavor.V(8, 4, 0), "3% of total memory: min 1 GB, max 4 GB", SrcSHJ)}},
	},
	{
		Name: "temptable_use_mmap", Kind: KindBool, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 16), SrcSHJ),
			Deprecated: kbAt(flavor.V(8, 0, 26), SrcSHJ),
			Removed:    kbAt(flavor.V(9, 4, 0), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 16), "ON", SrcSHJ),
				kbDef(flavor.V(8, 4, 0), "OFF", SrcSHJ)}},
	},
	{
		Name: "thread_handling", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 16), "one-thread-per-connection", SrcSHJ)}},
	},
	{
		Name: "thread_stack", Kind: KindNumber, Effect: manualEffect,
		MySQL: &Line{Defaults: []Default{
			kbDef(flavor.V(5, 5, 0), "262144", SrcSHJ),
			kbDef(flavor.V(8, 0, 2), "286720", SrcSHJ),
			kbDef(flavor.V(8, 0, 27), "1048576", SrcSHJ)}},
	},
	{
		Name: "tls_ciphersuites", Kind: KindString, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(8, 0, 16), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(8, 0, 16), "", SrcSHJ)}},
	},
	{
		Name: "tls_version", Kind: KindSet, Effect: manualEffect,
		MySQL: &Line{Added: kbAt(flavor.V(5, 7, 10), SrcSHJ),
			Defaults: []Default{
				kbDef(flavor.V(5, 7, 10), "TLSv1,TLSv1.1,TLSv1.2", SrcSHJ),
				kbDef(flavor.V(8, 0, 16), "TLSv1,TLSv1.1,TLSv1.2,TLSv1.3", SrcSHJ),
				kbDef(flavor.V(8, 0, 28), "TLSv1.2,TLSv1.3", SrcSHJ)}},
	},
}
