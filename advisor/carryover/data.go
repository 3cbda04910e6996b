package carryover

import (
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Facts the rehearsal needs that the knowledge base (rules/knowledge) does not
// hold: how much memory a sandbox may take, which settings shape CREATE/DROP
// TABLE cost, and two conversions that need more than one variable or cross
// vendors. Which settings belong to the machine rather than to the server's
// behaviour is the sandbox's one list (sandbox.IsMachineSetting).

// sandboxMemoryCaps bound memory-sized settings in a sandbox (the what-if
// sandbox caps the buffer pool at 1G for the same reason): a production
// buffer pool on a small test machine would not start or would swap. The
// target's my.cnf keeps the user's value.
var sandboxMemoryCaps = map[string]int64{
	"innodb_buffer_pool_size":    rules.WhatIfBufferPoolCap,
	"key_buffer_size":            256 << 20,
	"aria_pagecache_buffer_size": 256 << 20,
	"innodb_log_buffer_size":     256 << 20,
	"query_cache_size":           64 << 20,
	"innodb_redo_log_capacity":   1 << 30,
	"innodb_log_file_size":       1 << 30,
	"max_heap_table_size":        256 << 20,
	"tmp_table_size":             256 << 20,
}

// redoLogCapacityFrom is the first MySQL release with innodb_redo_log_capacity,
// which replaces innodb_log_file_size x innodb_log_files_in_group
// (https://dev.mysql.com/doc/refman/8.0/en/innodb-redo-log.html#innodb-modifying-redo-log-capacity).
var redoLogCapacityFrom = flavor.V(8, 0, 30)

// redoFilesDefault is innodb_log_files_in_group when no option sets it:
// 2 on MySQL; MariaDB has written a single redo log file since 10.5.0
// (https://mariadb.com/kb/en/innodb-system-variables/#innodb_log_files_in_group).
func redoFilesDefault(fl flavor.Flavor) int64 {
	if fl.IsMariaDB() {
		return 1
	}
	return 2
}

// crossVendorRenames translate a setting of one vendor into the other's
// spelling where the knowledge base marks the source name as never having
// existed on the target line. Source: MariaDB has no
// innodb_redo_log_capacity; its single redo file is innodb_log_file_size
// (https://mariadb.com/kb/en/innodb-redo-log/).
var crossVendorRenames = map[string]struct {
	to          string
	mariadbOnly bool // the rename applies when the target is MariaDB
}{
	"innodb_redo_log_capacity": {to: "innodb_log_file_size", mariadbOnly: true},
}
