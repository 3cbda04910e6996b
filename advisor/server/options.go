package server

import (
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// Job is what a calibration on a server needs to know of the job that
// runs it.
type Job struct {
	ToolVersion string
	Bench       BenchOptions
	// Warn receives warnings for the user (stderr); nil discards them.
	Warn func(string)
}

func (j Job) warn(msg string) {
	if j.Warn != nil {
		j.Warn(msg)
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
	// Footprint: pace, operator files and limits on the server's load.
	Footprint footprint.Options
	Progress  func(bench.Progress)
	// Workload replaces the classic CREATE TABLE workload (--ddl-file).
	Workload bench.Workload
}

// DefaultLockWaitTimeout bounds how long scratch DDL may wait for a metadata lock.
const DefaultLockWaitTimeout = 10 * time.Second

// maxTables bounds --tables. After an interrupt, the tables of the round in
// progress are left to the cleanup's DROP DATABASE, which must finish within
// bench.CleanupTimeout (30 s), and DROP DATABASE slows down faster than the
// table count grows once the tables outnumber the server's table caches:
// on MariaDB 10.11 with its default caches (2-core VM) it took 0.7 s for
// 1,000 tables, 4.9 s for 5,000 and 26 s for 10,000.
const maxTables = 5000

// maxRounds bounds --rounds.
const maxRounds = 1000

// Validate checks the calibration flags before anything connects; each
// error names the flag and the values it takes.
func (b BenchOptions) Validate() error {
	checks := []struct {
		bad bool
		msg string
	}{
		{b.Tables < 1 || b.Tables > maxTables, fmt.Sprintf(flagname.Tables+" %d: give 1 to %d tables per variant per round (default 100; the classic protocol uses 1000)", b.Tables, maxTables)},
		{b.Budget <= 0, fmt.Sprintf(flagname.Budget+" %v: give a positive duration such as 20s or 2m", b.Budget)},
		{b.Rounds < 0 || b.Rounds > maxRounds, fmt.Sprintf(flagname.Rounds+" %d: give 1 to %d, or leave it out to stop on "+flagname.Budget+" and "+flagname.Precision, b.Rounds, maxRounds)},
		{!(b.Precision > 0 && b.Precision < 1), fmt.Sprintf(flagname.Precision+" %g: give a fraction between 0 and 1, such as 0.05 (intervals within ±5%%)", b.Precision)},
		{b.LockWaitTimeout < time.Second, fmt.Sprintf(flagname.LockWaitTimeout+" %v: give 1s or more (the server's lock_wait_timeout counts whole seconds)", b.LockWaitTimeout)},
		{b.Footprint.MaxThreadsRunning < 1, fmt.Sprintf(flagname.MaxThreadsRunning+" %d: give 1 or more", b.Footprint.MaxThreadsRunning)},
		{b.Footprint.LoadWait <= 0, fmt.Sprintf(flagname.LoadWait+" %v: give a positive duration such as 60s", b.Footprint.LoadWait)},
	}
	if n := tablesCreated(b.Workload); n > maxTables {
		return fmt.Errorf("%w: "+flagname.DDLFile+" creates %d tables per round: give at most %d (a part of the schema is as good a sample, and an interrupted round's tables must be droppable within the cleanup's time limit)", exitcode.ErrUsage, n, maxTables)
	}
	for _, c := range checks {
		if c.bad {
			return fmt.Errorf("%w: %s", exitcode.ErrUsage, c.msg)
		}
	}
	return nil
}

// tablesCreated counts the tables one round of w creates.
func tablesCreated(w bench.Workload) int {
	n := 0
	for _, st := range w.Creates {
		if st.Table != "" {
			n++
		}
	}
	return n
}
