package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// Load guard defaults: pause while Threads_running exceeds the limit, abort
// when it stays above it for the whole wait.
const (
	DefaultMaxThreadsRunning = 25
	DefaultLoadWait          = 60 * time.Second
	loadPoll                 = time.Second
)

// errServerBusy means the load guard gave up waiting.
var errServerBusy = fmt.Errorf("server busy")

// loadGuard pauses the calibration while the server is busy.
type loadGuard struct {
	db   *sql.DB
	max  int
	wait time.Duration
	warn func(string)
}

// check returns when Threads_running is at or below the limit, or an error
// when it stayed above it for the whole wait or ctx ended.
func (g loadGuard) check(ctx context.Context) error {
	deadline := time.Now().Add(g.wait)
	warned := false
	for {
		n, err := threadsRunning(ctx, g.db)
		if err != nil {
			return err
		}
		if n <= g.max {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: Threads_running stayed at %d, above --max-threads-running %d, for %s; the calibration stopped (nothing left behind); retry when the server is quieter", errServerBusy, n, g.max, g.wait)
		}
		if !warned && g.warn != nil {
			g.warn(fmt.Sprintf("server busy (Threads_running %d > %d): calibration paused, aborting after %s", n, g.max, g.wait))
			warned = true
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(loadPoll):
		}
	}
}

func threadsRunning(ctx context.Context, db *sql.DB) (int, error) {
	var name, value string
	if err := db.QueryRowContext(ctx, bench.Tag+"SHOW GLOBAL STATUS LIKE 'Threads_running'").Scan(&name, &value); err != nil {
		return 0, fmt.Errorf("load guard: reading Threads_running: %w", err)
	}
	return strconv.Atoi(value)
}
