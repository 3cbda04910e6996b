package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// shortFormServers are the servers the short form runs on: those the issue
// asks figures for (MariaDB 11.8 is left to scripts/loadtest.sh).
var shortFormServers = map[string]bool{"mariadb-10.11": true, "mysql-9.7": true}

// TestShortLoadTest is the load test's short form: a small table, runs of a
// few seconds, a two-round audit, on MariaDB 10.11 and MySQL 9.7. It asserts
// the shape of the results only (the traffic ran, the audit finished beside
// it and left nothing behind), never a timing.
func TestShortLoadTest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the load test runs sysbench and two audits per server")
	}
	requireSysbench(t)
	binary := buildAdvisor(t)
	for _, srv := range sandboxtest.Servers() {
		if !shortFormServers[srv.Key] {
			continue
		}
		t.Run(srv.Name(), func(t *testing.T) {
			srv.Require(t)
			shortLoadTest(t, binary, srv.Basedir)
		})
	}
}

func requireSysbench(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sysbench"); err != nil {
		if sandboxtest.InCI() {
			t.Fatal("sysbench not found and CI=true: apt-get install -y sysbench (scripts/test.sh does it)")
		}
		t.Skip("sysbench not found: apt-get install -y sysbench (scripts/test.sh does it) to run the load test")
	}
}

func shortLoadTest(t *testing.T, binary, basedir string) {
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	res, err := run(ctx, config{
		binary: binary, basedir: basedir, tables: 1, rows: 500, threads: 2, probeSeconds: 2, rateFraction: 0.5,
		seconds: 2, leadIn: 1, auditArgs: []string{"--rounds", "2", "--tables", "20"},
		poll: 50 * time.Millisecond, log: sandboxtest.LogWriter(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]trafficStats{"capacity probe": res.Capacity, "alone": res.Alone, "beside the audit": res.BesideRun} {
		if s.Events <= 0 || s.Intervals == 0 {
			t.Errorf("%s: %d transactions in %d intervals, want some", name, s.Events, s.Intervals)
		}
		if s.P95Ms <= 0 || s.P99Ms < s.P95Ms {
			t.Errorf("%s: p95 %.3f ms, p99 %.3f ms: want 0 < p95 <= p99", name, s.P95Ms, s.P99Ms)
		}
	}
	if res.Traffic.Rate <= 0 || res.Traffic.Seconds < 2 {
		t.Errorf("fixed-rate runs: %d tps for %d s, want a positive rate for at least -time", res.Traffic.Rate, res.Traffic.Seconds)
	}
	for name, a := range map[string]*auditResult{"idle": res.AuditIdle, "under load": res.AuditLoad} {
		checkAudit(t, name, a)
	}
	if res.AuditLoad.Window != nil && res.Beside.Intervals == 0 {
		t.Errorf("the audit's window %v-%v matched no traffic interval", res.AuditLoad.Window.From, res.AuditLoad.Window.To)
	}
}

func checkAudit(t *testing.T, name string, a *auditResult) {
	t.Helper()
	if a == nil {
		t.Fatalf("audit %s: no result", name)
	}
	if a.Rounds != 2 {
		t.Errorf("audit %s: %d rounds, want the 2 of --rounds 2", name, a.Rounds)
	}
	if a.variant("baseline") == nil || len(a.Variants) < 2 {
		t.Errorf("audit %s: variants %+v, want the baseline and at least one more", name, a.Variants)
	}
	for _, v := range a.Variants {
		if !(v.Speedup > 0) {
			t.Errorf("audit %s: variant %s speedup %v, want > 0", name, v.Name, v.Speedup)
		}
	}
	if a.Window == nil {
		t.Errorf("audit %s: its scratch schema was never seen while it ran", name)
	}
	if len(a.LeftBehind) > 0 {
		t.Errorf("audit %s left behind: %v", name, a.LeftBehind)
	}
}

// buildAdvisor builds the command into a temp dir.
func buildAdvisor(t *testing.T) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "upgrade-advisor")
	out, err := exec.Command(goCmd, "build", "-o", bin, "github.com/upgrade-advisor/upgrade-advisor/cmd/upgrade-advisor").CombinedOutput()
	if err != nil {
		t.Fatalf("go build ./cmd/upgrade-advisor: %v: %s", err, out)
	}
	return bin
}
