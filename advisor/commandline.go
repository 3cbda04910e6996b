package advisor

import (
	"context"
	"io"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/mycnf"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// What the command line names of the jobs' options: their types, their
// defaults (shown in --help) and the parsers of values the flags take. The
// command line imports the job packages and the report only
// (internal/archtest); the parts below are the packages' own, named here.

// The command a job runs for, and its kinds.
type Command = job.Command

const (
	CommandAudit   = job.CommandAudit
	CommandInspect = job.CommandInspect
	CommandBench   = job.CommandBench
	CommandCheck   = job.CommandCheck
)

// The types of the jobs' options.
type (
	// ConnOptions say how to reach a server, as the mysql client's options.
	ConnOptions = server.ConnOptions
	// TLSOptions are the connection's --ssl-* options.
	TLSOptions = server.TLSOptions
	// BenchOptions configure the calibration.
	BenchOptions = server.BenchOptions
	// FootprintOptions are the calibration's conduct toward a live server.
	FootprintOptions = footprint.Options
	// CalibrationProgress is how far the calibration is, for a progress line.
	CalibrationProgress = bench.Progress
	// CleanupError is an interrupted job whose cleanup did not finish.
	CleanupError = bench.CleanupError
	// CleanupOptions configure the cleanup of an interrupted run.
	CleanupOptions = server.CleanupOptions
)

// The defaults of the calibration and the connection, as --help shows them.
const (
	DefaultTables            = bench.DefaultTables
	DefaultBudget            = bench.DefaultBudget
	DefaultPrecision         = bench.DefaultPrecision
	DefaultConnectTimeout    = server.DefaultConnectTimeout
	DefaultLockWaitTimeout   = server.DefaultLockWaitTimeout
	DefaultMaxThreadsRunning = footprint.DefaultMaxThreadsRunning
	DefaultLoadWait          = footprint.DefaultLoadWait
	DefaultMaxHistoryLength  = footprint.DefaultMaxHistoryLength
	DefaultMaxPendingFsyncs  = footprint.DefaultMaxPendingFsyncs
	AutoPaceRatio            = footprint.AutoPaceRatio
	// SandboxStopTimeout bounds stopping a sandbox.
	SandboxStopTimeout = server.SandboxStopTimeout
)

// DefaultSocket is the socket the client finds a local server on.
func DefaultSocket() string { return server.DefaultSocket() }

// ParsePace reads --pace: auto, off or a ratio.
func ParsePace(s string) (footprint.Pace, error) { return footprint.ParsePace(s) }

// WorkloadFromFile reads --ddl-file into the calibration's own tables, and
// the notes of what was set aside.
func WorkloadFromFile(path string) (bench.Workload, []string, error) {
	return bench.WorkloadFromFile(path)
}

// ClientOptionsOf reads the option groups a client program reads
// (program's own, then [client]; MariaDB's [client-server] and
// [client-mariadb] too) of one option file: name -> value.
func ClientOptionsOf(path, program string) (map[string]string, error) {
	parsed, err := mycnf.Parse(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, o := range parsed.Options.ForSections(flavor.ClientOptionGroups("", program)...) {
		out[o.Name] = o.Value
	}
	return out, nil
}

// Endpoint is one side of compare: a server, or a sandbox of a root.
type Endpoint = server.Endpoint

// ParseEndpoint reads one side of compare (sandbox:ROOT[?options], a DSN,
// or host[:port]), with base's user, password and TLS.
func ParseEndpoint(spec string, base ConnOptions, extraOptions []string) (Endpoint, error) {
	return server.ParseEndpoint(spec, base, extraOptions)
}

// Cleanup finishes what interrupted runs left on a server (the cleanup
// command), writing what it did to w.
func Cleanup(ctx context.Context, o CleanupOptions, w io.Writer) error {
	return server.Cleanup(ctx, o, w)
}
