package querylog

// How to turn on each source, for notes and errors when a source holds
// nothing. The statements are for the DBA to run; the tool never does.
const (
	howSlowLog = `turn the slow log on with every statement logged: SET GLOBAL long_query_time = 0; SET GLOBAL slow_query_log = ON; ` +
		`(or in my.cnf under [mysqld]: slow_query_log = ON, long_query_time = 0, slow_query_log_file = /var/log/mysql/slow.log; ` +
		`MySQL 8.0.14+ adds log_slow_extra = ON); only new connections use the new long_query_time; turn it back off afterwards (it logs every statement)`
	howGeneralLog = `turn the general log on: SET GLOBAL general_log = ON; (my.cnf [mysqld]: general_log = ON, general_log_file = /var/log/mysql/general.log); ` +
		`it logs every statement without times: prefer the slow log with long_query_time = 0`
	howSlowLogTable = `log the slow log to a table: SET GLOBAL log_output = 'FILE,TABLE'; SET GLOBAL long_query_time = 0; SET GLOBAL slow_query_log = ON; ` +
		`(my.cnf [mysqld]: log_output = FILE,TABLE, slow_query_log = ON, long_query_time = 0); the table is mysql.slow_log`
	howDigests = `performance_schema's digests need performance_schema = ON in my.cnf [mysqld] (a restart) and the consumer on: ` +
		`UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('events_statements_current', 'statements_digest'); ` +
		`sample texts are MySQL 8.0.3+ (MariaDB's digest table has none: use its slow log)`
)

// emptyNote says how to get statements into an empty source.
func emptyNote(f Format) string {
	switch f {
	case FormatSlowLog:
		return "the slow log holds no statement of the application: " + howSlowLog
	case FormatGeneralLog:
		return "the general log holds no statement of the application: " + howGeneralLog
	case FormatSlowLogTable:
		return "mysql.slow_log holds no statement of the application: " + howSlowLogTable
	case FormatDigests:
		return "performance_schema holds no statement digest with a sample text: " + howDigests
	}
	return "the file holds no statement"
}
