package flavor

// Version facts: what a server of this flavor has or does, by vendor and
// version, in one place (the sandbox, the calibration, the rehearsal and the
// rules ask these instead of comparing versions inline). MySQL here means
// the MySQL family (Percona Server too); an unknown vendor has none of them.

// HasTablespaceClause: CREATE TABLE ... TABLESPACE=innodb_system (or
// =innodb_file_per_table) puts one table in the system tablespace or a
// file of its own (MySQL 5.7.6).
func (f Flavor) HasTablespaceClause() bool { return f.IsMySQLFamily() && f.Version.AtLeast(5, 7, 6) }

// InitializesItself: mysqld --initialize-insecure creates a datadir (MySQL
// 5.7.6); before it, and on MariaDB, an install script does.
func (f Flavor) InitializesItself() bool { return f.IsMySQLFamily() && f.Version.AtLeast(5, 7, 6) }

// ValidatesConfig: mysqld --validate-config checks options without starting
// (MySQL 8.0.16).
func (f Flavor) ValidatesConfig() bool { return f.IsMySQLFamily() && f.Version.AtLeast(8, 0, 16) }

// UpgradesAtStart: the server upgrades an older datadir itself when it
// starts, with no upgrade program to run (MySQL 8.0.16).
func (f Flavor) UpgradesAtStart() bool { return f.IsMySQLFamily() && f.Version.AtLeast(8, 0, 16) }

// HasXPlugin: the X plugin is loaded by default and listens on its own port
// and socket (MySQL 8.0).
func (f Flavor) HasXPlugin() bool { return f.IsMySQLFamily() && f.Version.AtLeast(8, 0, 0) }

// HasVariablesInfo: performance_schema.variables_info says where each
// variable's value comes from (MySQL 8.0); MariaDB has
// information_schema.SYSTEM_VARIABLES instead.
func (f Flavor) HasVariablesInfo() bool { return f.IsMySQLFamily() && f.Version.AtLeast(8, 0, 0) }

// HasAuthRootOption: the install script takes
// --auth-root-authentication-method (MariaDB 10.4).
func (f Flavor) HasAuthRootOption() bool { return f.IsMariaDB() && f.Version.AtLeast(10, 4, 0) }

// HasSessionVariablesAdmin: the SESSION_VARIABLES_ADMIN privilege lets an
// account set the session variables that need more than no right
// (innodb_strict_mode, sql_log_bin, binlog_format, ...) in its own session
// only (MySQL 8.0.14); before it, those need SUPER. MariaDB has no such
// right: it lets any account set innodb_strict_mode for its session, and
// asks BINLOG ADMIN, which also purges and sets the binary log's globals,
// for the binary log's session variables.
func (f Flavor) HasSessionVariablesAdmin() bool {
	return f.IsMySQLFamily() && f.Version.AtLeast(8, 0, 14)
}

// HasBinlogMonitor: SHOW MASTER STATUS, SHOW BINLOG STATUS and SHOW BINARY
// LOGS need BINLOG MONITOR (MariaDB 10.5.2), which took over from
// REPLICATION CLIENT (since then a name for it); MySQL asks REPLICATION
// CLIENT.
func (f Flavor) HasBinlogMonitor() bool { return f.IsMariaDB() && f.Version.AtLeast(10, 5, 2) }

// HasSlaveMonitor: SHOW SLAVE STATUS (SHOW REPLICA STATUS) needs SLAVE
// MONITOR, also named REPLICA MONITOR (MariaDB 10.5.9); from 10.5.2 to
// 10.5.8 it needed REPLICATION SLAVE ADMIN, which also starts and stops
// replication.
func (f Flavor) HasSlaveMonitor() bool { return f.IsMariaDB() && f.Version.AtLeast(10, 5, 9) }

// RunsExecutableComment: the server reads the body of an executable comment
// as code. /*! ... */ without a number runs everywhere; /*!NNNNN ... */ and
// /*M!NNNNNN ... */ when the server's version, as the number MMmmpp, is at
// least the comment's; a MariaDB-only comment (/*M!) never runs on MySQL.
// An unknown vendor or version runs none of the versioned ones.
func (f Flavor) RunsExecutableComment(version int, mariadbOnly bool) bool {
	switch {
	case mariadbOnly && !f.IsMariaDB():
		return false
	case version == 0:
		return true
	case f.Version.IsZero():
		return false
	}
	return f.Version.Major*10000+f.Version.Minor*100+f.Version.Patch >= version
}
