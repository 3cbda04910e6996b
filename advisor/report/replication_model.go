package report

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
)

// Replication is the upgrade day rehearsed (rehearse --replication): the
// target as a replica of today's version (forward), and today's version
// as a replica of the target (back), in each binary log format asked.
type Replication struct {
	Runs  []ReplicationRun `json:"runs"`
	Notes []string         `json:"notes,omitempty"`
	// DurationS is the whole rehearsal, sandboxes included; PeakRSSMB the
	// tool's own peak resident memory at its end (the servers' not included).
	DurationS float64 `json:"duration_s"`
	PeakRSSMB float64 `json:"peak_rss_mb,omitempty"`
}

// Replication directions (outcome's).
const (
	DirectionForward = outcome.Forward // today's version primary, the target its replica
	DirectionBack    = outcome.Back    // the target primary, today's version its replica
)

// Replication statuses of a run (outcome's).
const (
	ReplicationRunning = outcome.Running // both threads running, caught up
	ReplicationStopped = outcome.Stopped // a thread stopped
	ReplicationBehind  = outcome.Behind  // running, but not caught up within the wait
	ReplicationFailed  = outcome.Failed  // replication could not be set up
)

// ReplicationRun is one direction in one binary log format.
type ReplicationRun struct {
	Direction    string `json:"direction"`
	Primary      string `json:"primary"`
	Replica      string `json:"replica"`
	BinlogFormat string `json:"binlog_format"`
	// Supported is the vendors' word on this direction.
	Supported string `json:"supported"`
	// Position is how the replica was pointed at the primary: "file"
	// (binary log coordinates) or "gtid".
	Position string            `json:"position"`
	Seed     ReplicationSeed   `json:"seed"`
	Writes   ReplicationWrites `json:"writes"`
	Status   string            `json:"status"`
	// Errors are the replica's threads' errors (SHOW REPLICA STATUS).
	Errors []ReplicationError `json:"errors"`
	// LagS is Seconds_Behind_Master/Source at the end (nil: NULL, the SQL
	// thread stopped); CaughtUp says the replica executed everything the
	// primary logged.
	LagS     *int64 `json:"lag_s"`
	CaughtUp bool   `json:"caught_up"`
	// TablesChecked counts the tables checksummed on both sides; Tables
	// lists those that differ.
	TablesChecked int                    `json:"tables_checked"`
	Tables        []ReplicationTableDiff `json:"tables_differing"`
	// Collations are the tables whose collation differs between the sides.
	Collations []ReplicationCollation `json:"collations_differing"`
	DurationS  float64                `json:"duration_s"`
	// Problem says why the run could not be set up (Status failed).
	Problem string `json:"problem,omitempty"`
}

// ReplicationSeed is how the replica was seeded: a dump of the primary
// with its binary log coordinates, loaded by the replica's client.
type ReplicationSeed struct {
	// Method is "dump" (schema and rows from the primary's dump) or
	// "schema" (the application's schema loaded by the replica's server,
	// the rows from the primary's dump).
	Method      string `json:"method"`
	DumpTool    string `json:"dump_tool"`
	LoadTool    string `json:"load_tool"`
	Coordinates string `json:"coordinates"`
	// Errors are what the load client said (it runs with --force).
	Errors    []string `json:"errors,omitempty"`
	DurationS float64  `json:"duration_s"`
}

// ReplicationWrites is what the application's writes did on the primary.
type ReplicationWrites struct {
	Statements int `json:"statements"`
	Failed     int `json:"failed"`
	// FailedSamples are the first statements the primary refused.
	FailedSamples []WriteProblem `json:"failed_samples,omitempty"`
	// Unsafe are the statements the primary called unsafe for statement-
	// based replication (warning 1592), one per class.
	Unsafe    []WriteProblem `json:"unsafe,omitempty"`
	DurationS float64        `json:"duration_s"`
}

// WriteProblem is one statement and what the primary said about it.
type WriteProblem struct {
	SQL     string `json:"sql"`
	Line    int    `json:"line,omitempty"`
	Code    int    `json:"code"`
	Message string `json:"message"`
	Count   int    `json:"count,omitempty"`
}

// ReplicationError is an error of the replica's I/O or SQL thread.
type ReplicationError struct {
	Thread  string `json:"thread"` // "sql" or "io"
	Code    int    `json:"code"`
	Message string `json:"message"`
	// Event is the statement or row event that caused it, as far as the
	// server's message says (its query, or event type, table and position).
	Event string `json:"event,omitempty"`
	Table string `json:"table,omitempty"`
}

// ReplicationTableDiff is a table whose rows differ between the sides.
type ReplicationTableDiff struct {
	Table           string `json:"table"`
	PrimaryRows     int64  `json:"primary_rows"`
	ReplicaRows     int64  `json:"replica_rows"`
	Chunks          int    `json:"chunks"`
	DifferingChunks int    `json:"differing_chunks"`
	// DifferingRows counts the rows that differ; Rows is a sample of them.
	DifferingRows int           `json:"differing_rows"`
	Rows          []RowMismatch `json:"rows"`
	Note          string        `json:"note,omitempty"`
}

// ReplicationCollation is a table filed under other collations on each side.
type ReplicationCollation struct {
	Table   string `json:"table"`
	Primary string `json:"primary"`
	Replica string `json:"replica"`
}

// RowMismatch is a row found on one side only, or different on each.
type RowMismatch struct {
	Key     string `json:"key"`
	Primary string `json:"primary,omitempty"` // the row's values on the primary ("" when missing there)
	Replica string `json:"replica,omitempty"`
}

// Broken reports whether the run found something the user must act on.
func (r ReplicationRun) Broken() bool {
	return r.Status != ReplicationRunning || len(r.Tables) > 0
}

// Verdict is the run in one line.
func (r ReplicationRun) Verdict() string {
	s := fmt.Sprintf("%s (%s -> %s, %s, seeded from the %s): %s", r.Direction, r.Primary, r.Replica, r.BinlogFormat, r.Seed.Method, r.Status)
	switch {
	case r.Status == ReplicationFailed:
		return s + ": " + r.Problem
	case len(r.Errors) > 0:
		e := r.Errors[0]
		s += fmt.Sprintf(" with %d", e.Code)
		if e.Table != "" {
			s += " on " + e.Table
		}
	}
	return s + fmt.Sprintf(", %d of %d tables differ", len(r.Tables), r.TablesChecked)
}

// Broken counts the runs that found something.
func (r *Replication) Broken() int {
	n := 0
	for _, run := range r.Runs {
		if run.Broken() {
			n++
		}
	}
	return n
}
