package sandbox

// quickArgs are the server options of a Quick sandbox, one nobody
// measures: they trade what a throwaway server does not need (durability
// across a crash, the performance schema's instruments) for a faster start
// and faster DDL, and change no answer the server gives to the SQL it
// loads. Measured on MySQL 9.7 (scripts/sandboxtimes, paired starts at a
// load of 7-8 on 2 cores): 1.47 s to 0.92 s.
//
//   - innodb_flush_method=fsync: InnoDB reads through the page cache, where
//     the datadir just copied still is, instead of from the disk (O_DIRECT,
//     MySQL 8's and MariaDB 10.6's default): about 900 reads of the data
//     dictionary at a MySQL start. loose-: MariaDB 11 deprecates it.
//   - innodb_flush_log_at_trx_commit=2, sync_binlog=0, innodb_doublewrite=OFF:
//     no fsync per commit or page flush (each took 12 ms on a busy disk).
//   - MySQL: performance_schema=OFF (MariaDB's default already), and
//     innodb_rollback_segments=1 instead of 128 per undo tablespace (their
//     set-up and the temporary tablespace's took a third of the start's
//     CPU).
//
// The binary log keeps its default: whether it is on changes what the
// server accepts (CREATE FUNCTION without DETERMINISTIC).
func quickArgs(b *Binary) []string {
	args := []string{
		"--loose-innodb-flush-method=fsync",
		"--innodb-flush-log-at-trx-commit=2",
		"--sync-binlog=0",
		"--innodb-doublewrite=OFF",
	}
	if b.Flavor.IsMySQLFamily() {
		args = append(args, "--performance-schema=OFF", "--innodb-rollback-segments=1")
	}
	return args
}
