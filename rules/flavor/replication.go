package flavor

// The words a server takes for replication: MySQL renamed MASTER/SLAVE to
// SOURCE/REPLICA in 8.0.22-8.0.26 and removed SHOW MASTER STATUS in 8.4;
// MariaDB keeps CHANGE MASTER TO (and takes START/SHOW REPLICA since 10.5).

// usesSourceWords reports MySQL 8.0.26+: CHANGE REPLICATION SOURCE TO,
// START/STOP REPLICA, SHOW REPLICA STATUS, mysqldump --source-data.
func (f Flavor) usesSourceWords() bool { return f.IsMySQLFamily() && f.Version.AtLeast(8, 0, 26) }

// ChangeSourceStatement is the statement that points a replica at its
// source, followed by its options ("MASTER_HOST=..., ..." or "SOURCE_HOST=...").
func (f Flavor) ChangeSourceStatement() string {
	if f.usesSourceWords() {
		return "CHANGE REPLICATION SOURCE TO "
	}
	return "CHANGE MASTER TO "
}

// SourceOption spells a CHANGE ... TO option ("HOST", "LOG_FILE", ...) for the server.
func (f Flavor) SourceOption(name string) string {
	if f.usesSourceWords() {
		return "SOURCE_" + name
	}
	return "MASTER_" + name
}

// StartReplicaStatement starts both replication threads.
func (f Flavor) StartReplicaStatement() string {
	if f.usesSourceWords() {
		return "START REPLICA"
	}
	return "START SLAVE"
}

// StopReplicaStatement stops both replication threads.
func (f Flavor) StopReplicaStatement() string {
	if f.usesSourceWords() {
		return "STOP REPLICA"
	}
	return "STOP SLAVE"
}

// ReplicaStatusStatement shows a replica's threads and position.
func (f Flavor) ReplicaStatusStatement() string {
	if f.usesSourceWords() {
		return "SHOW REPLICA STATUS"
	}
	return "SHOW SLAVE STATUS"
}

// BinlogStatusStatement shows a primary's current binary log file and position.
func (f Flavor) BinlogStatusStatement() string {
	if f.IsMySQLFamily() && f.Version.AtLeast(8, 2, 0) {
		return "SHOW BINARY LOG STATUS"
	}
	return "SHOW MASTER STATUS"
}

// DumpCoordinatesOption is the dump client's option that writes the
// binary log coordinates as a comment (mysqldump 8.0.26+: --source-data).
func (f Flavor) DumpCoordinatesOption() string {
	if f.usesSourceWords() {
		return "--source-data=2"
	}
	return "--master-data=2"
}
