package rehearse

import (
	"fmt"
	"io"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// What a rehearsal is asked to do: the options of its steps. The steps read
// them; this file uses none of the steps.

// Options configure `rehearse`.
type Options struct {
	ToolVersion string
	// Conn is today's server, inspected read-only; unused when
	// ServerVersion is given (offline: --config describes today's server;
	// without --config, that version on its compiled defaults).
	Conn server.ConnOptions
	// Live says today's server is reached through Conn (connection flags
	// were given).
	Live          bool
	ConfigFile    string
	ServerVersion string
	// SourceBasedir and TargetBasedir are the binaries of today's version
	// ("" = the installed ones) and of the target (required).
	SourceBasedir, TargetBasedir string
	Workload                     string
	Bench                        server.BenchOptions
	// SchemaFile is the schema to carry (a dump or install script); without
	// it the schema is read from today's server (Schemas: which; all but the
	// server's own when empty).
	SchemaFile string
	Schemas    []string
	// WithData loads SchemaFile's rows too (on the sandboxes the queries run on).
	WithData bool
	// Queries, when set, runs the application's statements on the
	// sandboxes of today's version and the carried target (--queries).
	Queries *QueryOptions
	// SampleRows, when SampleRowsGiven, is --sample-rows as given; Run
	// reads Queries.SampleRows.
	SampleRows      int
	SampleRowsGiven bool
	// SandboxDir is the parent of the sandboxes ("" = the system's temp dir).
	SandboxDir string
	Warn       func(string)
	SandboxLog io.Writer
	Notes      []string
	// InPlace adds the in-place upgrade rehearsal: today's datadir, with
	// SchemaFile's schema loaded, started by the target (--in-place).
	InPlace bool
	// Datadir, with InPlace, is a copy of today's datadir (a cold copy, a
	// snapshot, a prepared backup) upgraded instead of one made from
	// SchemaFile; it is only read: the rehearsal runs on its own copy.
	Datadir string
	// CheckBudget, above 0, bounds the baseline's checksums on Datadir:
	// each table's chunks are sampled to fit (the same ones summed after).
	CheckBudget time.Duration
	// StepProgress, when set, is told each step of the in-place rehearsal
	// of Datadir as it begins (a terminal's progress line).
	StepProgress func(step string)
	// Replication adds the replication rehearsal (--replication), nil without it.
	Replication *ReplicationOptions
	// NoGroup checks and times every schema; by default schemas of the
	// same definition are checked and timed once (schemacheck.GroupDump).
	NoGroup bool
}

// liveQueries is the --queries word that reads today's live server.
const liveQueries = "live"

// QueryOptions configure the query rehearsal (--queries).
type QueryOptions struct {
	// Source is a slow log, general log or file of statements, or
	// liveQueries: today's live server (read-only).
	Source string
	// Format forces the file's format (querylog's slow, general, file);
	// "" detects it.
	Format string
	// MaxClasses bounds the classes compared, heaviest first (0: all).
	MaxClasses int
	// SampleRows, above 0, loads the rehearsal's sandboxes with at most
	// that many rows of each table read from today's live server
	// (advisor/datasample: one read-only snapshot) before the statements run.
	SampleRows int
	// Database is the default schema of the statements the source gives
	// none for (the mysql client's -D); "" takes the only schema loaded.
	Database string
	Compare  queries.Options
}

// Live reports whether the statements come from today's live server.
func (q *QueryOptions) Live() bool { return q != nil && q.Source == liveQueries }

// ReplicationOptions configure the replication rehearsal (--replication).
type ReplicationOptions struct {
	// Formats are the binary log formats (--binlog-format); empty: the
	// format today's server uses (ROW when it does not say).
	Formats []string
	// Seeds are replication.SeedDump and/or SeedSchema (both when empty).
	Seeds []string
	// GTID points the replicas by GTID instead of binary log coordinates.
	GTID bool
	// Wait bounds the wait for the replica (replication.DefaultWait when zero).
	Wait time.Duration
}

// Validate checks the values of the query rehearsal's options (nil: no
// --queries, nothing to check); each message names the flag.
func (q *QueryOptions) Validate() error {
	if q == nil {
		return nil
	}
	c := q.Compare
	switch {
	case q.Format != "" && q.Format != "slow" && q.Format != "general" && q.Format != "file":
		return fmt.Errorf("%w: "+flagname.QueriesFormat+" %q: use slow, general or file (or leave it out to detect the format)", exitcode.ErrUsage, q.Format)
	case q.MaxClasses < 1:
		return fmt.Errorf("%w: "+flagname.QueryClasses+" must be at least 1", exitcode.ErrUsage)
	case c.Threshold <= 1:
		return fmt.Errorf("%w: "+flagname.SlowerThan+" must be above 1 (e.g. 1.05: 5%% slower)", exitcode.ErrUsage)
	case c.Material != nil && (c.Material.Share < 0 || c.Material.PerExecutionMs < 0):
		return fmt.Errorf("%w: "+flagname.MaterialPercent+" and "+flagname.MaterialMS+" cannot be negative (0 and 0: every class beyond "+flagname.SlowerThan+" is slower or faster)", exitcode.ErrUsage)
	case c.Budget <= 0 || c.StatementTimeout <= 0:
		return fmt.Errorf("%w: "+flagname.QueryBudget+" and "+flagname.QueryTimeout+" must be positive durations (e.g. 60s, 10s)", exitcode.ErrUsage)
	}
	return nil
}
