package server

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// closedServer is a server whose connection pool is closed: every
// statement fails at once with "sql: database is closed", a real error of
// the driver's pool, without a server to start.
func closedServer(t *testing.T, name string) *Server {
	t.Helper()
	db, err := sql.Open("mysql", "u@unix(/nonexistent.sock)/")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	st := &runState{Server: name, Schema: "upgrade_advisor_" + name}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	return &Server{db: db, in: &Inspection{Address: name}, state: st,
		cfg: bench.Config{Schema: st.Schema, Workload: bench.ClassicWorkload(4), Plans: []bench.Plan{{Name: bench.Baseline, Measured: true}}}}
}

func TestTwoServerErrorIsSaidOnce(t *testing.T) {
	for _, n := range []int{2, 4} { // compare's two servers, rehearse's four sides
		t.Run(fmt.Sprintf("%d servers", n), func(t *testing.T) {
			t.Setenv("UPGRADE_ADVISOR_STATE_DIR", t.TempDir())
			var servers []*Server
			var names []string
			for i := range n {
				servers = append(servers, closedServer(t, fmt.Sprintf("s%d", i)))
				names = append(names, fmt.Sprintf("s%d", i))
			}
			_, err := CalibrateTogether(context.Background(), servers, names...)
			if err == nil {
				t.Fatal("no error from closed connections")
			}
			if got := strings.Count(err.Error(), "database is closed"); got != 1 {
				t.Fatalf("the error is said %d times, want once:\n%v", got, err)
			}
			left, _ := loadStates()
			if len(left) != 0 {
				t.Fatalf("%d state files left after a calibration that created nothing", len(left))
			}
		})
	}
}

func TestConcurrentHostsLoseNoLedgerEntry(t *testing.T) {
	t.Setenv("UPGRADE_ADVISOR_STATE_DIR", t.TempDir())
	const hosts, runs = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, hosts*runs)
	for h := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := &Inspection{Address: fmt.Sprintf("db%d", h), Inspected: time.Now(),
				Status:    map[string]string{"uptime": "1000"},
				Variables: map[string]rules.Setting{"hostname": {Value: fmt.Sprintf("db%d", h)}, "port": {Value: "3306"}, "datadir": {Value: "/var/lib/mysql/"}}}
			for range runs {
				if err := recordOwnRun(in, &bench.Result{Executed: map[string]int64{"com_create_table": 1}}, nil); err != nil {
					errs <- err
				}
				if len(readLedger()) == 0 {
					errs <- fmt.Errorf("db%d read an empty ledger while others wrote it", h)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if got := len(readLedger()); got != hosts*runs {
		t.Fatalf("the ledger holds %d entries, want %d: concurrent hosts lost some", got, hosts*runs)
	}
	matches, _ := filepath.Glob(filepath.Join(os.Getenv("UPGRADE_ADVISOR_STATE_DIR"), "*.tmp*"))
	if len(matches) > 0 {
		t.Fatalf("temporary files left: %v", matches)
	}
}

// TestConcurrentProcessesLoseNoLedgerEntry runs eight processes (this test
// binary again, as ledgerWriter) that record runs on one ledger at once:
// only the lock file serialises them, the in-process mutex cannot.
func TestConcurrentProcessesLoseNoLedgerEntry(t *testing.T) {
	dir := t.TempDir()
	const procs, runs = 8, 20
	cmds := make([]*exec.Cmd, procs)
	for p := range cmds {
		cmds[p] = exec.Command(os.Args[0], "-test.run=^TestLedgerWriterProcess$")
		cmds[p].Env = append(os.Environ(), "LEDGER_WRITER_DIR="+dir, "LEDGER_WRITER_HOST="+fmt.Sprint("db", p), fmt.Sprint("LEDGER_WRITER_RUNS=", runs))
		if err := cmds[p].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("a writer process failed: %v", err)
		}
	}
	t.Setenv("UPGRADE_ADVISOR_STATE_DIR", dir)
	if got := len(readLedger()); got != procs*runs {
		t.Fatalf("the ledger holds %d entries, want %d: concurrent processes lost some", got, procs*runs)
	}
}

// TestLedgerWriterProcess is TestConcurrentProcessesLoseNoLedgerEntry's
// writer; it does nothing unless that test started it.
func TestLedgerWriterProcess(t *testing.T) {
	host := os.Getenv("LEDGER_WRITER_HOST")
	if host == "" {
		return
	}
	t.Setenv("UPGRADE_ADVISOR_STATE_DIR", os.Getenv("LEDGER_WRITER_DIR")) // TestMain set its own
	runs, _ := strconv.Atoi(os.Getenv("LEDGER_WRITER_RUNS"))
	in := &Inspection{Address: host, Inspected: time.Now(), Status: map[string]string{"uptime": "1000"},
		Variables: map[string]rules.Setting{"hostname": {Value: host}, "port": {Value: "3306"}, "datadir": {Value: "/var/lib/mysql/"}}}
	for range runs {
		if err := recordOwnRun(in, &bench.Result{Executed: map[string]int64{"com_create_table": 1}}, nil); err != nil {
			t.Fatal(err)
		}
	}
}
