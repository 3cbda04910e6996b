package footprint

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/go-sql-driver/mysql"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// serverSignals is one reading of the server's own load signals. A signal
// the server does not have (or the user may not read) is -1.
type serverSignals struct {
	Questions      int64 // cumulative Questions, every client's statements
	ThreadsRunning int64
	// PendingFsyncs is Innodb_data_pending_fsyncs plus
	// Innodb_os_log_pending_fsyncs where the server has them (MariaDB 10.11+
	// has only the first).
	PendingFsyncs int64
	// HistoryLength is InnoDB's history list length: the status variable
	// Innodb_history_list_length (MariaDB), else INNODB_METRICS
	// trx_rseg_history_len (MySQL, MariaDB).
	HistoryLength int64
	// statements is how many statements the reading itself sent.
	statements int64
	// metricsUnreadable: INNODB_METRICS was asked and could not be read
	// (no PROCESS privilege), so later readings need not ask again.
	metricsUnreadable bool
}

// loadStatusQuery asks for the status variables a reading needs, in one query.
const loadStatusQuery = "SHOW GLOBAL STATUS WHERE Variable_name IN ('Questions', 'Threads_running', " +
	"'Innodb_data_pending_fsyncs', 'Innodb_os_log_pending_fsyncs', 'Innodb_history_list_length')"

// readSignals reads the load signals with one query, or two where the
// history length is only in INNODB_METRICS and askMetrics says to try it.
func readSignals(ctx context.Context, db *sql.DB, askMetrics bool) (serverSignals, error) {
	s := serverSignals{PendingFsyncs: -1, HistoryLength: -1, statements: 1}
	status, err := statusValues(ctx, db, loadStatusQuery)
	if err != nil {
		return s, fmt.Errorf("reading the server's load: %w", err)
	}
	s.Questions, s.ThreadsRunning = status["questions"], status["threads_running"]
	for _, name := range []string{"innodb_data_pending_fsyncs", "innodb_os_log_pending_fsyncs"} {
		if v, ok := status[name]; ok {
			s.PendingFsyncs = max(s.PendingFsyncs, 0) + v
		}
	}
	if v, ok := status["innodb_history_list_length"]; ok {
		s.HistoryLength = v
		return s, nil
	}
	if !askMetrics {
		return s, nil
	}
	s.statements++
	var n int64
	// INNODB_METRICS needs PROCESS; without it the signal stays unknown.
	err = stmt.QueryRow(ctx, db, "SELECT `COUNT` FROM information_schema.INNODB_METRICS WHERE NAME = 'trx_rseg_history_len'").Scan(&n)
	var refused *mysql.MySQLError
	switch {
	case err == nil:
		s.HistoryLength = n
	case errors.As(err, &refused): // the server said no (privileges): it will again
		s.metricsUnreadable = true
	}
	return s, nil
}

// statusValues reads a SHOW STATUS statement's numeric values, keyed by
// lower-case name.
func statusValues(ctx context.Context, db *sql.DB, query string) (map[string]int64, error) {
	pairs, err := stmt.ReadPairs(ctx, db, query)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(pairs))
	for name, value := range pairs {
		if n, err := strconv.ParseInt(value, 10, 64); err == nil {
			out[name] = n
		}
	}
	return out, nil
}

// countReplicas counts the replicas registered with this server as a
// replication source: SHOW REPLICAS (MySQL 8.0.22+), SHOW REPLICA HOSTS
// (MariaDB 10.5+), SHOW SLAVE HOSTS (older). It returns -1 when none of them
// could be read (e.g. without REPLICATION SLAVE).
func countReplicas(ctx context.Context, db *sql.DB) int {
	for _, q := range []string{"SHOW REPLICAS", "SHOW REPLICA HOSTS", "SHOW SLAVE HOSTS"} {
		count := 0
		var failed error
		for _, err := range stmt.Rows(ctx, db, q) {
			if err != nil {
				failed = err
				break
			}
			count++
		}
		if failed == nil {
			return count
		}
	}
	return -1
}
