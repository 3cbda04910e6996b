package rules

// ddlCostSettings are the settings that shape CREATE/DROP TABLE cost, memory
// and log sizes aside.
var ddlCostSettings = []string{
	"innodb_file_per_table", "innodb_stats_persistent", "innodb_stats_auto_recalc", "innodb_stats_on_metadata",
	"innodb_flush_log_at_trx_commit", "innodb_flush_method", "innodb_doublewrite", "innodb_adaptive_hash_index",
	"table_open_cache", "table_definition_cache", "innodb_default_row_format",
}

// DDLCostSettings returns the settings that shape CREATE/DROP TABLE cost,
// memory and log sizes aside: what a what-if sandbox copies (with the
// sizes) and what a rehearsal pins to today's value when its default
// drifts.
func DDLCostSettings() []string { return append([]string(nil), ddlCostSettings...) }
