package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// collationCase is the case: the schema file holding 'strasse',
// the writes inserting 'straße'.
var collationCase = []string{
	"--schema-file", filepath.Join("..", "..", "advisor", "replication", "testdata", "collation.sql"), "--with-data",
	"--queries", filepath.Join("..", "..", "advisor", "replication", "testdata", "collation-writes.sql"),
}

// TestRehearseReplicationRefusesAMigration: MariaDB -> MySQL is refused
// with the reason, exit 2, before any sandbox starts.
func TestRehearseReplicationRefusesAMigration(t *testing.T) {
	root := serverRoot(t, "mysql-9.7")
	tmp := shortTemp(t)
	args := append([]string{"rehearse", "--replication", "--no-defaults", "--server-version", "mariadb-10.11.19", "--target-basedir", root, "-q"}, collationCase...)
	_, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
	if code != 2 || !strings.Contains(stderr, "MariaDB and MySQL do not support replication between them") {
		t.Errorf("exit %d, stderr %q: want 2 and the reason", code, stderr)
	}
	if made, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*")); len(made) != 0 {
		t.Errorf("sandboxes were made before the refusal: %v", made)
	}
}

func TestRehearseReplicationUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"--binlog-format without --replication":    {"rehearse", "--no-defaults", "--server-version", "10.11", "--binlog-format", "ROW", "--target-basedir", "/"},
		"--binlog-format not a format":             {"rehearse", "--replication", "--no-defaults", "--server-version", "10.11", "--binlog-format", "ROWS", "--target-basedir", "/"},
		"--replication-seed not a seed":            {"rehearse", "--replication", "--no-defaults", "--server-version", "10.11", "--replication-seed", "backup", "--target-basedir", "/"},
		"--replication-wait without --replication": {"rehearse", "--no-defaults", "--server-version", "10.11", "--replication-wait", "5s", "--target-basedir", "/"},
	} {
		t.Run(name, func(t *testing.T) {
			_, stderr, code := run(t, nil, args...)
			if code != 2 || stderr == "" {
				t.Errorf("exit %d, stderr %q: want a usage error (exit 2)", code, stderr)
			}
		})
	}
}

// TestRehearseReplicationJSON: the case through the command, in
// JSON: the forward run seeded from the schema stops with 1062 on app.t
// and names the row; a critical finding with the collation fix; exit 1.
func TestRehearseReplicationJSON(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	root := serverRoot(t, "mariadb-11.8")
	tmp := shortTemp(t)
	args := append([]string{"rehearse", "--replication", "--binlog-format", "ROW", "--no-defaults", "--server-version", "mariadb-10.11.19",
		"--target-basedir", root, "--rounds", "3", "--tables", "10", "-q", "-o", "json"}, collationCase...)
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a critical finding): %s", code, stderr)
	}
	var r report.RehearseReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	if r.Replication == nil || len(r.Replication.Runs) != 8 {
		t.Fatalf("replication section %+v, want 8 runs (2 directions x 2 seeds x ROW and MIXED, today's compiled default)", r.Replication)
	}
	var stopped *report.ReplicationRun
	for i, run := range r.Replication.Runs {
		if run.Direction == report.DirectionForward && run.Seed.Method == "schema" && run.BinlogFormat == "ROW" {
			stopped = &r.Replication.Runs[i]
		}
	}
	if stopped == nil || stopped.Status != report.ReplicationStopped || len(stopped.Errors) == 0 || stopped.Errors[0].Code != 1062 ||
		len(stopped.Tables) != 1 || stopped.Tables[0].Rows[0].Key != "id=2" {
		t.Errorf("forward from the schema: %+v, want stopped with 1062 and the row id=2", stopped)
	}
	fixed := false
	for _, f := range r.Findings {
		if f.ID == "replication-forward-row-schema" && f.Severity == "critical" {
			fixed = len(f.Recommendation.SQL) > 0 && strings.Contains(f.Recommendation.SQL[0], "COLLATE utf8mb4_general_ci")
		}
	}
	if !fixed {
		t.Errorf("no critical finding with the collation fix: %+v", r.Findings)
	}
	noServersLeft(t, tmp)
}

// TestInterruptedReplicationRemovesEverySandbox: Ctrl-C while the
// replication rehearsal's sandboxes run removes them all.
func TestInterruptedReplicationRemovesEverySandbox(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	root := serverRoot(t, "mariadb-11.8")
	tmp := shortTemp(t)
	args := append([]string{"rehearse", "--replication", "--no-defaults", "--server-version", "mariadb-10.11.19", "--target-basedir", root,
		"--rounds", "3", "--tables", "10", "-q"}, collationCase...)
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(180 * time.Second)
	for { // wait until a replication primary writes its binary log
		found, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*", "data", "upgrade-advisor-bin.000001"))
		if len(found) >= 1 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the replication rehearsal did not start: %s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitcode.Error || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("exit %v: %s", err, stderr.String())
	}
	noServersLeft(t, tmp)
}

// TestLiveReplicationOnlyReads: with a live server (its schema, a sample
// of its rows for every primary), the replication rehearsal sends it only
// tagged reads, as the rest of rehearse (liveQueriesOnlyRead's checks).
func TestLiveReplicationOnlyReads(t *testing.T) {
	liveQueriesOnlyRead(t, []string{"rehearse", "--tables", "10", "--rounds", "2", "--replication", "--replication-seed", "dump", "--binlog-format", "ROW"})
}
