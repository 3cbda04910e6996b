package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// CleanupOptions configure `upgrade-advisor cleanup`.
type CleanupOptions struct {
	Conn ConnOptions
	// DropFound also drops upgrade_advisor_% schemas no state file records
	// (e.g. left by a run on another machine).
	DropFound bool
}

// Cleanup finishes what interrupted runs left on the server: for each
// state file of this server it restores the original globals and drops the
// scratch schema, then lists (or drops) other scratch schemas it finds.
func Cleanup(ctx context.Context, o CleanupOptions, w io.Writer) error {
	guard := &liveGuard{}
	guard.allowGlobals() // it restores what a run the user consented to changed
	db, cfg, err := openDB(ctx, o.Conn, guard)
	if err != nil {
		return err
	}
	defer db.Close()
	id, err := serverIdentity(ctx, db)
	if err != nil {
		return err
	}
	states, loadErr := statesFor(id)
	var errs []error
	if loadErr != nil {
		errs = append(errs, loadErr)
	}
	fmt.Fprintf(w, "cleanup on %s (%s): %d unfinished run(s) recorded\n", addressOf(cfg), id, len(states))
	recorded := map[string]bool{}
	for _, s := range states {
		recorded[s.Schema] = true
		if err := finishRun(db, s, w); err != nil {
			errs = append(errs, err)
		}
	}
	if err := handleFound(ctx, db, recorded, o.DropFound, w); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// finishRun restores one recorded run, unless its process is still running.
func finishRun(db *sql.DB, s *runState, w io.Writer) error {
	if s.PID != os.Getpid() && processAlive(s.PID) {
		fmt.Fprintf(w, "[--] %s: the run (pid %d) is still going; left alone\n", s.Schema, s.PID)
		return nil
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
			fmt.Fprintf(w, "[!!] %s: scratch schema not recorded by this machine; drop it with "+flagname.DropFound+" once no run is using it\n", name)
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
	for _, k := range slices.Sorted(maps.Keys(g)) {
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
	if !pidExists(pid) {
		return false
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	return strings.Contains(string(cmdline), "upgrade-advisor")
}
