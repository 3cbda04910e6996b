package replication

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// pollEvery is how often the replica's status is read while waiting.
const pollEvery = 100 * time.Millisecond

// replicaStatus is SHOW SLAVE/REPLICA STATUS, read under either set of words.
type replicaStatus struct {
	row      map[string]string
	caughtUp bool
	errors   []outcome.Error
}

// field reads a column under its old or new name (Slave_/Replica_, Master/Source).
func (s replicaStatus) field(names ...string) (string, bool) {
	for _, n := range names {
		if v, ok := s.row[n]; ok {
			return v, true
		}
	}
	return "", false
}

func (s replicaStatus) sqlRunning() bool {
	v, _ := s.field("Slave_SQL_Running", "Replica_SQL_Running")
	return v == "Yes"
}

func (s replicaStatus) ioRunning() bool {
	v, _ := s.field("Slave_IO_Running", "Replica_IO_Running")
	return v == "Yes"
}

// executed is how far the SQL thread applied the primary's log.
func (s replicaStatus) executed() coordinates {
	file, _ := s.field("Relay_Master_Log_File", "Relay_Source_Log_File")
	posText, _ := s.field("Exec_Master_Log_Pos", "Exec_Source_Log_Pos")
	pos, _ := strconv.ParseInt(posText, 10, 64)
	return coordinates{file: file, pos: pos}
}

// stoppedOnError: a thread stopped with an error (the I/O thread's
// connecting state is not a stop).
func (s replicaStatus) stoppedOnError() bool {
	sqlErr, _ := s.field("Last_SQL_Errno")
	ioErr, _ := s.field("Last_IO_Errno")
	return (!s.sqlRunning() && sqlErr != "0") || (ioErr != "0" && ioErr != "" && !s.ioRunning())
}

// waitForReplica polls the replica until it executed the primary's log up
// to end, a thread stopped on an error, or wait passed.
func waitForReplica(ctx context.Context, replica *server.Server, fl flavor.Flavor, end coordinates, wait time.Duration) (replicaStatus, error) {
	if wait <= 0 {
		wait = DefaultWait
	}
	deadline := time.Now().Add(wait)
	for {
		row, err := stmt.ReadRow(ctx, replica.DB(), fl.ReplicaStatusStatement())
		if err != nil {
			return replicaStatus{}, fmt.Errorf("reading the replica's status: %w", err)
		}
		st := replicaStatus{row: row}
		ex := st.executed()
		st.caughtUp = ex.file == end.file && ex.pos >= end.pos && st.ioRunning()
		if st.caughtUp || st.stoppedOnError() || time.Now().After(deadline) {
			st.errors = readErrors(ctx, replica, st)
			return st, nil
		}
		select {
		case <-ctx.Done():
			return replicaStatus{}, ctx.Err()
		case <-time.After(pollEvery):
		}
	}
}

// fill puts the status into the run.
func (s replicaStatus) fill(run *outcome.Run) {
	run.CaughtUp, run.Errors = s.caughtUp, s.errors
	if lag, ok := s.field("Seconds_Behind_Master", "Seconds_Behind_Source"); ok {
		if n, err := strconv.ParseInt(lag, 10, 64); err == nil {
			run.Lag = &n
		}
	}
	switch {
	case !s.sqlRunning() || !s.ioRunning():
		run.Status = outcome.Stopped
	case !s.caughtUp:
		run.Status = outcome.Behind
	default:
		run.Status = outcome.Running
	}
}

// readErrors reads the threads' last errors. MySQL's multi-threaded
// applier names only its coordinator in SHOW REPLICA STATUS; the worker's
// own error is read from performance_schema.
func readErrors(ctx context.Context, replica *server.Server, s replicaStatus) []outcome.Error {
	var out []outcome.Error
	if code, _ := strconv.Atoi(s.row["Last_SQL_Errno"]); code != 0 {
		msg := s.row["Last_SQL_Error"]
		if strings.Contains(msg, "replication_applier_status_by_worker") {
			msg = workerError(ctx, replica, msg)
		}
		out = append(out, describeError("sql", code, msg))
	}
	if code, _ := strconv.Atoi(s.row["Last_IO_Errno"]); code != 0 {
		out = append(out, outcome.Error{Thread: "io", Code: code, Message: s.row["Last_IO_Error"]})
	}
	return out
}

// workerError is the first failed worker's message, or msg.
func workerError(ctx context.Context, replica *server.Server, msg string) string {
	var worker string
	err := stmt.QueryRow(ctx, replica.DB(), "SELECT LAST_ERROR_MESSAGE FROM performance_schema.replication_applier_status_by_worker "+
		"WHERE LAST_ERROR_NUMBER <> 0 ORDER BY WORKER_ID LIMIT 1").Scan(&worker)
	if err != nil || worker == "" {
		return msg
	}
	return worker
}

// The parts of an applier's message that say which event failed.
var (
	rowEventRe  = regexp.MustCompile(`Could not execute (\w+) event on table ([^;]+);`)
	positionRe  = regexp.MustCompile(`(?:master|source) log ([^,\s]+), end_log_pos (\d+)`)
	queryRe     = regexp.MustCompile(`(?s)Query: '(.*)'\s*$`)
	errorCodeRe = regexp.MustCompile(`Error_code: (\d+)`)
)

// describeError finds the event and table an applier error names: a row
// event's type, table and position, or a statement's text.
func describeError(thread string, code int, msg string) outcome.Error {
	e := outcome.Error{Thread: thread, Code: code, Message: msg}
	if m := errorCodeRe.FindStringSubmatch(msg); m != nil {
		if c, err := strconv.Atoi(m[1]); err == nil && c != 0 {
			e.Code = c // the handler's own code behind a generic one (1594 ...)
		}
	}
	if m := rowEventRe.FindStringSubmatch(msg); m != nil {
		e.Table = strings.TrimSpace(m[2])
		e.Event = m[1] + " event on " + e.Table
	}
	if m := queryRe.FindStringSubmatch(msg); m != nil {
		e.Event = "statement: " + strings.TrimPrefix(m[1], stmt.Tag) // the replay's tag, not the application's
	}
	if m := positionRe.FindStringSubmatch(msg); m != nil {
		if e.Event == "" {
			e.Event = "event"
		}
		e.Event += " at " + m[1] + ":" + m[2]
	}
	return e
}
