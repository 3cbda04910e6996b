// Package outcome is what a replication rehearsal found, as the engine
// (advisor/replication) returns it; the report converts it
// (report.ReplicationOf). It imports nothing of the project.
package outcome

import "time"

// Directions of a run.
const (
	Forward = "forward" // today's version primary, the target its replica
	Back    = "back"    // the target primary, today's version its replica
)

// Statuses of a run.
const (
	Running = "running" // both threads running, caught up
	Stopped = "stopped" // a thread stopped
	Behind  = "behind"  // running, but not caught up within the wait
	Failed  = "failed"  // replication could not be set up
)

// Statuses lists the statuses of a run.
var Statuses = []string{Running, Stopped, Behind, Failed}

// Result is every run of a rehearsal.
type Result struct {
	Runs     []Run
	Notes    []string
	Duration time.Duration
	// PeakRSSMB is the tool's peak resident memory at the end (0: unknown).
	PeakRSSMB float64
}

// Run is one direction, binary log format and seed.
type Run struct {
	Direction, Primary, Replica, BinlogFormat string
	Supported                                 string
	// Position is how the replica was pointed at the primary: "file"
	// (binary log coordinates) or "gtid".
	Position      string
	Seed          Seed
	Writes        Writes
	Status        string
	Errors        []Error
	Lag           *int64 // seconds; nil when the server says NULL
	CaughtUp      bool
	TablesChecked int
	Tables        []TableDiff
	Collations    []Collation
	Duration      time.Duration
	Problem       string // why the run could not be set up
}

// Seed is how the replica was seeded.
type Seed struct {
	Method, DumpTool, LoadTool, Coordinates string
	Errors                                  []string
	Duration                                time.Duration
}

// Writes is what the application's writes did on the primary.
type Writes struct {
	Statements, Failed int
	FailedSamples      []WriteProblem
	Unsafe             []WriteProblem
	Duration           time.Duration
}

// WriteProblem is a statement and what the primary said of it.
type WriteProblem struct {
	SQL        string
	Line, Code int
	Message    string
	Count      int
}

// Error is an error of the replica's I/O or SQL thread.
type Error struct {
	Thread, Message string
	Code            int
	Event, Table    string
}

// TableDiff is a table whose rows differ between the sides.
type TableDiff struct {
	Table                    string
	PrimaryRows, ReplicaRows int64
	Chunks, DifferingChunks  int
	DifferingRows            int
	Rows                     []RowMismatch
	Note                     string
}

// RowMismatch is a row on one side only ("" on the other), or different.
type RowMismatch struct {
	Key, Primary, Replica string
}

// Collation is a table filed under other collations on each side.
type Collation struct {
	Table, Primary, Replica string
}
