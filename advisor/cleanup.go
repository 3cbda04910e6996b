package advisor

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// CleanupOptions configure `upgrade-advisor cleanup`.
type CleanupOptions struct {
	Conn ConnOptions
	// DropFound also drops upgrade_advisor_% schemas no state file records
	// (e.g. left by a run on another machine).
	DropFound bool
}

// RunCleanup finishes what interrupted runs left on the server: for each
// state file of this server it restores the original globals and drops the
// scratch schema, then lists (or drops) other scratch schemas it finds.
func RunCleanup(ctx context.Context, o CleanupOptions, w io.Writer) error {
	db, cfg, err := Open(ctx, o.Conn)
	if err != nil {
		return err
	}
	defer db.Close()
	id, err := ServerIdentity(ctx, db)
	if err != nil {
		return err
	}
	states, loadErr := StatesFor(id)
	var errs []error
	if loadErr != nil {
		errs = append(errs, loadErr)
	}
	fmt.Fprintf(w, "cleanup on %s (%s): %d unfinished run(s) recorded\n", Address(cfg), id, len(states))
	recorded := map[string]bool{}
	for _, s := range states {
		recorded[s.Schema] = true
		if err := finishRun(ctx, db, s, w); err != nil {
			errs = append(errs, err)
		}
	}
	if err := handleFound(ctx, db, recorded, o.DropFound, w); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// finishRun restores one recorded run, unless its process is still running.
func finishRun(ctx context.Context, db *sql.DB, s *State, w io.Writer) error {
	if s.PID != os.Getpid() && processAlive(s.PID) {
		fmt.Fprintf(w, "[--] %s: the run (pid %d) is still going; left alone\n", s.Schema, s.PID)
		return nil
	}
	if d, ok := dropInProgress(ctx, db, s.Schema); ok {
		return waitForDrop(ctx, db, s, d)
	}
	if err := bench.Cleanup(db, s.SessionSetup, s.Schema, s.Globals); err != nil {
		return fmt.Errorf("cleaning up %s (state kept in %s): %w", s.Schema, s.Path(), err)
	}
	fmt.Fprintf(w, "[OK] %s: dropped; globals restored: %s\n", s.Schema, describeGlobals(s.Globals))
	return s.Clear()
}

// handleFound lists scratch schemas no state file records, and drops them
// with --drop-found.
func handleFound(ctx context.Context, db *sql.DB, recorded map[string]bool, drop bool, w io.Writer) error {
	found, err := bench.ListScratchSchemas(ctx, db)
	if err != nil {
		return err
	}
	var errs []error
	for _, name := range found {
		if recorded[name] {
			continue
		}
		if !drop {
			fmt.Fprintf(w, "[!!] %s: scratch schema not recorded by this machine; drop it with --drop-found once no run is using it\n", name)
			continue
		}
		if err := bench.Cleanup(db, skipBinlogSetup(ctx, db), name, nil); err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(w, "[OK] %s: dropped\n", name)
	}
	return errors.Join(errs...)
}

// skipBinlogSetup keeps the cleanup's DROP out of the binary log where permitted.
func skipBinlogSetup(ctx context.Context, db *sql.DB) []string {
	if canSkipBinlog(ctx, db) == nil {
		return []string{"SET SESSION sql_log_bin = 0"}
	}
	return nil
}

func describeGlobals(g map[string]string) string {
	if len(g) == 0 {
		return "none were changed"
	}
	var parts []string
	for _, k := range sortedNames(g) {
		parts = append(parts, k+"="+g[k])
	}
	return strings.Join(parts, ", ")
}

// processAlive reports whether the process that wrote a state file still
// runs: the pid exists and, where /proc tells, it is an upgrade-advisor (a
// reused pid does not count).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	return strings.Contains(string(cmdline), "upgrade-advisor")
}

// runningDrop is a DROP DATABASE another connection is running.
type runningDrop struct{ id, seconds int64 }

// dropInProgress finds a DROP DATABASE of schema running on another
// connection: the interrupted run's own, which the server goes on with after
// the client is gone. A second DROP would only wait for its metadata lock.
// A statement that has just finished may still show for a moment, so the
// DROP must be seen twice, dropSettle apart.
func dropInProgress(ctx context.Context, db *sql.DB, schema string) (runningDrop, bool) {
	first, ok := findDrop(ctx, db, schema)
	if !ok {
		return first, false
	}
	select {
	case <-ctx.Done():
		return first, true
	case <-time.After(dropSettle):
	}
	d, ok := findDrop(ctx, db, schema)
	return d, ok && d.id == first.id
}

const dropSettle = 200 * time.Millisecond

func findDrop(ctx context.Context, db *sql.DB, schema string) (runningDrop, bool) {
	var d runningDrop
	err := db.QueryRowContext(ctx, bench.Tag+`SELECT ID, TIME FROM information_schema.PROCESSLIST
		WHERE ID <> CONNECTION_ID() AND COMMAND = 'Query' AND INSTR(INFO, 'DROP DATABASE') > 0 AND INSTR(INFO, ?) > 0 LIMIT 1`, schema).Scan(&d.id, &d.seconds)
	return d, err == nil
}

// waitForDrop restores the run's globals at once and leaves the schema, and
// the state file, to the DROP that is still running.
func waitForDrop(ctx context.Context, db *sql.DB, s *State, d runningDrop) error {
	rctx, cancel := context.WithTimeout(ctx, bench.CleanupTimeout)
	defer cancel()
	if err := bench.RestoreGlobals(rctx, db, s.Globals); err != nil {
		return fmt.Errorf("restoring the globals of %s (state kept in %s): %w", s.Schema, s.Path(), err)
	}
	return fmt.Errorf("%s: globals restored (%s); the schema is still being dropped by connection %d (running for %d s, "+
		"left by the interrupted run; a DROP DATABASE of many tables can take minutes): run `upgrade-advisor cleanup` again once it has finished",
		s.Schema, describeGlobals(s.Globals), d.id, d.seconds)
}
