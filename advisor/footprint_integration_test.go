package advisor

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// An operator's pause file holds the calibration between statements: while
// it exists the server sees no CREATE TABLE from the run; once it is
// removed the run completes, restores everything and reports the pause.
func TestPauseFileHoldsTheCalibrationUntilRemoved(t *testing.T) {
	dsn, db := openShared(t)
	before := readState(t, db)
	pauseFile := filepath.Join(t.TempDir(), "pause")
	o := quickAudit(dsn, "ddl-heavy", true)
	o.Bench.Footprint.PauseFile = pauseFile
	paused := make(chan struct{})
	var once sync.Once
	o.Warn = func(msg string) {
		if strings.HasPrefix(msg, "paused:") {
			once.Do(func() { close(paused) })
		}
	}
	o.Bench.Progress = createOnceMeasuring(t, pauseFile)
	done := make(chan error, 1)
	var loadPauses []string
	go func() {
		r, err := Run(context.Background(), o)
		if err == nil && r.Load != nil {
			for _, p := range r.Load.Pauses {
				loadPauses = append(loadPauses, p.Cause)
			}
		}
		done <- err
	}()
	select {
	case <-paused:
	case err := <-done:
		t.Fatalf("the run ended without pausing: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the run did not pause within 2 minutes of the pause file")
	}
	first := createdTables(t, db)
	time.Sleep(1500 * time.Millisecond)
	if n := createdTables(t, db); n != first {
		t.Errorf("Com_create_table went from %d to %d while paused", first, n)
	}
	if len(readState(t, db).scratch) != 1 {
		t.Errorf("the paused run's scratch schema is not there")
	}
	if err := os.Remove(pauseFile); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the run failed after the pause: %v", err)
		}
	case <-time.After(3 * time.Minute):
		t.Fatal("the run did not finish within 3 minutes of resuming")
	}
	assertUnchanged(t, db, before)
	if len(loadPauses) == 0 || loadPauses[0] != "pause file" {
		t.Errorf("the report's pauses are %v, want the pause file", loadPauses)
	}
}

// An operator's abort file stops the run mid-round (a global changed, the
// scratch schema full of tables): the run exits 2 naming the file, with no
// scratch schema and no changed global left.
func TestAbortFileStopsMidRoundAndLeavesNothing(t *testing.T) {
	dsn, db := openShared(t)
	before := readState(t, db)
	abortFile := filepath.Join(t.TempDir(), "abort")
	o := quickAudit(dsn, "ddl-heavy", true)
	o.Bench.Footprint.AbortFile = abortFile
	o.Bench.Progress = createOnceMeasuring(t, abortFile)
	_, err := Run(context.Background(), o)
	if !errors.Is(err, footprint.ErrAborted) || !strings.Contains(err.Error(), abortFile) || !strings.Contains(err.Error(), "--abort-file") {
		t.Fatalf("want an abort naming --abort-file %s, got %v", abortFile, err)
	}
	if code := exitcode.Of(err); code != exitcode.Error {
		t.Errorf("exit code %d, want %d", code, exitcode.Error)
	}
	assertUnchanged(t, db, before)
	if left, err := server.Unfinished(context.Background(), db); err != nil || len(left) != 0 {
		t.Errorf("state file left after an abort with complete cleanup: %v %v", left, err)
	}
}

// createOnceMeasuring is a Progress hook that creates path once the first
// measured round is under way (after its first unit of statements).
func createOnceMeasuring(t *testing.T, path string) func(bench.Progress) {
	var once sync.Once
	return func(p bench.Progress) {
		if p.Warmup || p.Round < 1 {
			return
		}
		once.Do(func() {
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Error(err)
			}
		})
	}
}

func createdTables(t *testing.T, db *sql.DB) int64 {
	t.Helper()
	var name string
	var n int64
	if err := db.QueryRow("SHOW GLOBAL STATUS LIKE 'Com_create_table'").Scan(&name, &n); err != nil {
		t.Fatal(err)
	}
	return n
}
