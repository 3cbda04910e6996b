package advisor

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

func TestMain(m *testing.M) { sandboxtest.MainWithStateDir(m) }

// serverState is what a run must leave as it found it.
type serverState struct {
	scratch []string
	globals map[string]string
}

func readState(t *testing.T, db *sql.DB) serverState {
	t.Helper()
	ctx := context.Background()
	scratch, err := bench.ListScratchSchemas(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	globals, err := stmt.ReadGlobals(ctx, db, []string{"innodb_file_per_table", "innodb_stats_persistent"})
	if err != nil {
		t.Fatal(err)
	}
	return serverState{scratch, globals}
}

func assertUnchanged(t *testing.T, db *sql.DB, before serverState) {
	t.Helper()
	after := readState(t, db)
	if len(after.scratch) != 0 {
		t.Errorf("scratch schemas left behind: %v", after.scratch)
	}
	for k, v := range before.globals {
		if after.globals[k] != v {
			t.Errorf("global %s is %s after the run, was %s", k, after.globals[k], v)
		}
	}
}

func openShared(t *testing.T) (string, *sql.DB) {
	t.Helper()
	dsn := sandboxtest.SharedDSN(t)
	return dsn, sandboxtest.Open(t, dsn)
}

// openSharedOn opens srv's sandbox shared by this test binary.
func openSharedOn(t *testing.T, srv sandboxtest.Server) (string, *sql.DB) {
	t.Helper()
	dsn := srv.SharedDSN(t)
	return dsn, sandboxtest.Open(t, dsn)
}

func quickAudit(dsn, workload string, allowSetGlobal bool) Options {
	return Options{Command: job.CommandAudit, ToolVersion: "test", Conn: server.ConnOptions{DSN: dsn}, Workload: workload,
		Bench: server.BenchOptions{Tables: 20, Rounds: 3, AllowSetGlobal: allowSetGlobal}}
}

func variant(t *testing.T, r *report.Report, name string) report.VariantInfo {
	t.Helper()
	for _, v := range r.Benchmark.Variants {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("variant %s missing", name)
	return report.VariantInfo{}
}

func TestAuditWithSetGlobalMeasuresFilePerTableAndRestores(t *testing.T) {
	dsn, db := openShared(t)
	before := readState(t, db)
	r, err := Run(context.Background(), quickAudit(dsn, "ddl-heavy", true))
	if err != nil {
		t.Fatal(err)
	}
	assertUnchanged(t, db, before)
	if r.Server.Flavor == "" || r.Server.Version == "0.0.0" || len(r.Settings) < 10 {
		t.Errorf("server or settings missing: %+v %d settings", r.Server, len(r.Settings))
	}
	if r.Benchmark.Rounds != 3 || r.Benchmark.StopReason != paired.StopRounds {
		t.Errorf("rounds %d stop %q", r.Benchmark.Rounds, r.Benchmark.StopReason)
	}
	for _, name := range bench.VariantNames {
		v := variant(t, r, name)
		if !v.Measured {
			t.Errorf("%s not measured with --allow-set-global: %s", name, v.Reason)
			continue
		}
		if v.CreateMs.P50 <= 0 || v.CreateMs.P95 < v.CreateMs.P50 || v.Speedup.Low > v.Speedup.Ratio || v.Speedup.Ratio > v.Speedup.High {
			t.Errorf("%s: inconsistent measurement %+v %+v", name, v.CreateMs, v.Speedup)
		}
	}
	assertFilePerTableAdviceMatchesMeasurement(t, r)
}

// assertFilePerTableAdviceMatchesMeasurement: a DDL-heavy audit either
// recommends innodb_file_per_table = 0 with the measured interval above the
// margin, or says there is no gain with an interval that reaches below it.
func assertFilePerTableAdviceMatchesMeasurement(t *testing.T, r *report.Report) {
	t.Helper()
	sp := variant(t, r, bench.FilePerTableOff).Speedup
	for _, f := range r.Findings {
		switch f.ID {
		case "ddl-file-per-table-recommend":
			if sp.Low <= 1.05 || !strings.Contains(r.MyCnf, "\ninnodb_file_per_table = 0\n") || f.MeasuredSpeedup == nil {
				t.Errorf("recommendation without a measured gain or snippet line: %+v\n%s", sp, r.MyCnf)
			}
			return
		case "ddl-file-per-table-no-gain":
			if sp.Low > 1.05 || strings.Contains(r.MyCnf, "\ninnodb_file_per_table = 0\n") {
				t.Errorf("no-gain finding with a gain %+v or a snippet line", sp)
			}
			return
		}
	}
	t.Errorf("no file-per-table finding: %+v", r.Findings)
}

func TestAuditWithoutConsentMeasuresOnlyPerTableClauses(t *testing.T) {
	dsn, db := openShared(t)
	before := readState(t, db)
	r, err := Run(context.Background(), quickAudit(dsn, "ddl-heavy", false))
	if err != nil {
		t.Fatal(err)
	}
	assertUnchanged(t, db, before)
	fpt := variant(t, r, bench.FilePerTableOff)
	if r.Server.Flavor == "mariadb" && (fpt.Measured || !strings.Contains(fpt.Flag, "--allow-set-global")) {
		t.Errorf("file_per_table_off on MariaDB without consent: %+v", fpt)
	}
	stats := variant(t, r, bench.StatsPersistentOff)
	if !stats.Measured || !strings.Contains(stats.Mechanism, "STATS_PERSISTENT=0") {
		t.Errorf("stats_persistent_off should be measured by the table clause: %+v", stats)
	}
}

func TestOLTPNeverRecommendsTurningOff(t *testing.T) {
	sandboxtest.EachServer(t, oltpNeverRecommendsTurningOff)
}

func oltpNeverRecommendsTurningOff(t *testing.T, srv sandboxtest.Server) {
	dsn, db := openSharedOn(t, srv)
	before := readState(t, db)
	r, err := Run(context.Background(), quickAudit(dsn, "oltp", true))
	if err != nil {
		t.Fatal(err)
	}
	assertUnchanged(t, db, before)
	for _, f := range r.Findings {
		for _, l := range append(f.Recommendation.MyCnf, f.Recommendation.SQL...) {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "innodb_file_per_table") || strings.HasPrefix(l, "innodb_stats_persistent") || strings.HasPrefix(l, "SET GLOBAL") {
				t.Errorf("OLTP finding %s recommends %q", f.ID, l)
			}
		}
	}
	if strings.Contains(r.MyCnf, "\ninnodb_") {
		t.Errorf("OLTP snippet changes settings:\n%s", r.MyCnf)
	}
}

func TestInspectWritesNothingAndDecidesWorkload(t *testing.T) {
	dsn, db := openShared(t)
	before := readState(t, db)
	r, err := Run(context.Background(), Options{Command: job.CommandInspect, Conn: server.ConnOptions{DSN: dsn}})
	if err != nil {
		t.Fatal(err)
	}
	assertUnchanged(t, db, before)
	if r.Benchmark != nil || r.Workload.Source != "status" || r.Workload.Reason == "" {
		t.Errorf("inspect: benchmark %v workload %+v", r.Benchmark, r.Workload)
	}
	if s, ok := r.Settings["innodb_file_per_table"]; !ok || s.Origin == "" {
		t.Errorf("innodb_file_per_table missing or without origin: %+v", s)
	}
}

func TestReadOnlyServerIsRefusedBeforeWriting(t *testing.T) {
	sandboxtest.EachServer(t, readOnlyServerIsRefusedBeforeWriting)
}

func readOnlyServerIsRefusedBeforeWriting(t *testing.T, srv sandboxtest.Server) {
	dsn, db := openSharedOn(t, srv)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, "SET GLOBAL read_only = ON"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.ExecContext(context.Background(), "SET GLOBAL read_only = OFF") })
	before := readState(t, db)
	_, err := Run(ctx, quickAudit(dsn, "ddl-heavy", true))
	if !errors.Is(err, exitcode.ErrPreflight) || !strings.Contains(err.Error(), "read_only") {
		t.Fatalf("want a read_only pre-flight refusal, got %v", err)
	}
	assertUnchanged(t, db, before)
}

func TestWrongPasswordSaysAccessDeniedWithoutThePassword(t *testing.T) {
	sandboxtest.EachServer(t, wrongPasswordSaysAccessDeniedWithoutThePassword)
}

func wrongPasswordSaysAccessDeniedWithoutThePassword(t *testing.T, srv sandboxtest.Server) {
	dsn, db := openSharedOn(t, srv)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, "CREATE USER IF NOT EXISTS 'ua_pw_test'@'localhost' IDENTIFIED BY 'right-one'"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.ExecContext(context.Background(), "DROP USER IF EXISTS 'ua_pw_test'@'localhost'") })
	const secret = "Wr0ng-S3cret-pw"
	_, err := Run(ctx, Options{Command: job.CommandInspect, Conn: server.ConnOptions{DSN: dsn, User: "ua_pw_test", Password: secret}})
	if !errors.Is(err, exitcode.ErrConnect) || !strings.Contains(err.Error(), "access denied") {
		t.Fatalf("want access denied, got %v", err)
	}
	if strings.Contains(err.Error(), secret) {
		t.Fatalf("the password leaked: %v", err)
	}
}

func TestMissingSocketFailsFast(t *testing.T) {
	start := time.Now()
	_, err := Run(context.Background(), Options{Command: job.CommandInspect, Conn: server.ConnOptions{Socket: "/nonexistent/mysqld.sock", ConnectTimeout: 2 * time.Second}})
	if !errors.Is(err, exitcode.ErrConnect) || !strings.Contains(err.Error(), "socket") {
		t.Fatalf("want a socket error, got %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatalf("took %s, beyond the connect timeout", time.Since(start))
	}
}

func TestExistingScratchNameIsRefused(t *testing.T) {
	sandboxtest.EachServer(t, existingScratchNameIsRefused)
}

func existingScratchNameIsRefused(t *testing.T, srv sandboxtest.Server) {
	dsn, db := openSharedOn(t, srv)
	name := bench.NewSchemaName()
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Exec("DROP DATABASE IF EXISTS " + name) })
	o := quickAudit(dsn, "ddl-heavy", false)
	o.Bench.Schema = name
	if _, err := Run(context.Background(), o); !errors.Is(err, bench.ErrSchemaExists) {
		t.Fatalf("want ErrSchemaExists, got %v", err)
	}
	var n int
	db.QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&n)
	if n != 1 {
		t.Fatalf("the user's schema %s was dropped", name)
	}
}

func TestHostileScratchNameIsRejected(t *testing.T) {
	dsn, _ := openShared(t)
	for _, name := range []string{"upgrade_advisor_x`; DROP DATABASE mysql; --", "mysql", "upgrade_advisor_'x'"} {
		o := quickAudit(dsn, "ddl-heavy", false)
		o.Bench.Schema = name
		if _, err := Run(context.Background(), o); !errors.Is(err, exitcode.ErrUsage) {
			t.Errorf("%q: want a usage error, got %v", name, err)
		}
	}
}

func TestInspectAfterAuditDoesNotCountTheToolsOwnDDL(t *testing.T) {
	sandboxtest.EachServer(t, inspectAfterAuditDoesNotCountTheToolsOwnDDL)
}

func inspectAfterAuditDoesNotCountTheToolsOwnDDL(t *testing.T, srv sandboxtest.Server) {
	dsn, _ := openSharedOn(t, srv)
	if _, err := Run(context.Background(), quickAudit(dsn, "ddl-heavy", false)); err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), Options{Command: job.CommandInspect, Conn: server.ConnOptions{DSN: dsn}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Workload.Reason, "this tool's own earlier calibrations") {
		t.Errorf("the tool's own DDL was counted: %s", r.Workload.Reason)
	}
}
