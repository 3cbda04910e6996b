package advisor

import (
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

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
		{b.Tables < 1 || b.Tables > maxTables, fmt.Sprintf("--tables %d: give 1 to %d tables per variant per round (default 100; the classic protocol uses 1000)", b.Tables, maxTables)},
		{b.Budget <= 0, fmt.Sprintf("--budget %v: give a positive duration such as 20s or 2m", b.Budget)},
		{b.Rounds < 0 || b.Rounds > maxRounds, fmt.Sprintf("--rounds %d: give 1 to %d, or leave it out to stop on --budget and --precision", b.Rounds, maxRounds)},
		{!(b.Precision > 0 && b.Precision < 1), fmt.Sprintf("--precision %g: give a fraction between 0 and 1, such as 0.05 (intervals within ±5%%)", b.Precision)},
		{b.LockWaitTimeout < time.Second, fmt.Sprintf("--lock-wait-timeout %v: give 1s or more (the server's lock_wait_timeout counts whole seconds)", b.LockWaitTimeout)},
		{b.MaxThreadsRunning < 1, fmt.Sprintf("--max-threads-running %d: give 1 or more", b.MaxThreadsRunning)},
		{b.LoadWait <= 0, fmt.Sprintf("--load-wait %v: give a positive duration such as 60s", b.LoadWait)},
	}
	if n := tablesCreated(b.Workload); n > maxTables {
		return fmt.Errorf("%w: --ddl-file creates %d tables per round: give at most %d (a part of the schema is as good a sample, and an interrupted round's tables must be droppable within the cleanup's time limit)", ErrUsage, n, maxTables)
	}
	for _, c := range checks {
		if c.bad {
			return fmt.Errorf("%w: %s", ErrUsage, c.msg)
		}
	}
	return nil
}

// ValidateJob checks the flags of a job that need no server, as the command
// line gives them (the library itself reads zero values as defaults).
func ValidateJob(o Options) error {
	if o.ExpectTables < 0 {
		return fmt.Errorf("%w: --expect-tables %d: give the number of tables a setup creates, or leave it out", ErrUsage, o.ExpectTables)
	}
	if o.Command.Measures() {
		return o.Bench.Validate()
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
