package server

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// An interrupted run's DROP DATABASE goes on in the server after the client
// has gone (it can take minutes for thousands of tables). A cleanup meanwhile
// restores the globals, names the connection that is still dropping, keeps
// the state file and exits non-zero; once the DROP is done, the next cleanup
// finishes. The slow DROP is reproduced by holding a metadata lock on one of
// the schema's tables from another connection.
func TestCleanupWhileTheInterruptedRunsDropIsStillRunning(t *testing.T) {
	sandboxtest.EachServer(t, cleanupWhileTheInterruptedRunsDropIsStillRunning)
}

func cleanupWhileTheInterruptedRunsDropIsStillRunning(t *testing.T, srv sandboxtest.Server) {
	dsn := srv.SharedDSN(t)
	db := sandboxtest.Open(t, dsn)
	ctx := context.Background()
	before := sandboxtest.Capture(t, db)
	stats := sandboxtest.Globals(t, db)["innodb_stats_persistent"]
	schema := bench.NewSchemaName()
	mustExec(t, db, "CREATE DATABASE "+schema)
	mustExec(t, db, "CREATE TABLE "+schema+".t (i INT) ENGINE=InnoDB")
	id, err := serverIdentity(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	st := &runState{Server: id, Schema: schema, Globals: map[string]string{"innodb_stats_persistent": stats}, PID: os.Getpid()}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	mustExec(t, db, "SET GLOBAL innodb_stats_persistent = OFF") // what the run changed
	t.Cleanup(func() {                                          // a failure here must not leave other tests a refusing state
		_ = bench.Cleanup(db, nil, schema, st.Globals)
		_ = st.Clear()
	})

	holder, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	mustExec(t, holder, "BEGIN")
	mustExec(t, holder, "SELECT * FROM "+schema+".t")
	dropped := make(chan error, 1)
	go func() {
		_, err := db.ExecContext(ctx, "DROP DATABASE "+schema)
		dropped <- err
	}()
	waitFor(t, "the DROP to wait for the metadata lock", func() bool { _, ok := bench.RunningDrop(ctx, db, schema); return ok })

	var out bytes.Buffer
	err = Cleanup(ctx, CleanupOptions{Conn: ConnOptions{DSN: dsn}}, &out)
	if err == nil || !strings.Contains(err.Error(), "still being dropped by connection") || !strings.Contains(err.Error(), "run `upgrade-advisor cleanup` again") {
		t.Fatalf("cleanup during the DROP: %v\n%s", err, out.String())
	}
	if g := sandboxtest.Globals(t, db)["innodb_stats_persistent"]; g != stats {
		t.Errorf("globals not restored while the DROP runs: innodb_stats_persistent=%s", g)
	}
	if _, err := os.Stat(st.Path()); err != nil {
		t.Errorf("state file gone before the schema is: %v", err)
	}

	mustExec(t, holder, "ROLLBACK")
	select {
	case err := <-dropped:
		if err != nil {
			t.Fatalf("the DROP failed: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the DROP did not finish after the lock was released")
	}
	waitFor(t, "the finished DROP to leave the process list", func() bool { _, ok := bench.RunningDrop(ctx, db, schema); return !ok })
	out.Reset()
	if err := Cleanup(ctx, CleanupOptions{Conn: ConnOptions{DSN: dsn}}, &out); err != nil {
		t.Fatalf("cleanup after the DROP: %v\n%s", err, out.String())
	}
	if _, err := os.Stat(st.Path()); !os.IsNotExist(err) {
		t.Errorf("state file kept after a clean cleanup: %v", err)
	}
	before.AssertUnchanged(t, db)
}

func mustExec(t *testing.T, ex stmt.Execer, q string) {
	t.Helper()
	if _, err := ex.ExecContext(context.Background(), q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
