package advisor

import (
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// Options of a job on one server: audit, inspect or bench (check and
// compare take CheckOptions and CompareOptions, and build these for the
// parts they share).
type Options struct {
	Command     Command // audit, inspect or bench
	ToolVersion string
	Conn        ConnOptions
	// Workload overrides the class read from status counters ("" = decide from status).
	Workload string
	// Target is the --target version ("" = none).
	Target string
	// ConfigFile is a my.cnf to check against the target ("" = none).
	ConfigFile string
	// ExpectTables projects a setup that creates this many tables (0 = none;
	// audit only: the projection needs measured times).
	ExpectTables int
	// ShowAccounts lets findings name accounts (--show-accounts); otherwise
	// they count them by authentication plugin.
	ShowAccounts bool
	// ServerVariants also measures settings that need a restart on extra
	// sandboxes (only with a sandbox or what-if sandbox).
	ServerVariants bool
	// Sandbox says the server is a throwaway one this run started (SET
	// GLOBAL allowed); set from the server the job runs on.
	Sandbox bool
	Bench   BenchOptions
	// Warn receives warnings for the user (stderr); nil discards them.
	Warn func(string)
	// Notes are added to the report (e.g. what --ddl-file ignored).
	Notes []string
}

func (o Options) warn(msg string) {
	if o.Warn != nil {
		o.Warn(msg)
	}
}

// BenchOptions configure the calibration.
type BenchOptions struct {
	Tables          int
	Budget          time.Duration
	Rounds          int
	Precision       float64
	AllowSetGlobal  bool
	AllowBinlog     bool
	Schema          string // "" = upgrade_advisor_<random hex>
	LockWaitTimeout time.Duration
	// MaxThreadsRunning pauses the calibration while the server is busier;
	// LoadWait is how long it waits before giving up.
	MaxThreadsRunning int
	LoadWait          time.Duration
	// Footprint: pace, operator files and limits on the server's signals.
	Footprint FootprintOptions
	Progress  func(bench.Progress)
	// Workload replaces the classic CREATE TABLE workload (--ddl-file).
	Workload bench.Workload
}

// DefaultLockWaitTimeout bounds how long scratch DDL may wait for a metadata lock.
const DefaultLockWaitTimeout = 10 * time.Second
