package advisor

// The cross-server matrix: the main paths of the tool, in process, on every
// real test server (sandboxtest.EachServer: MariaDB 10.11, MariaDB 10.5,
// MySQL 9.7, MariaDB 11.8), each on the server's sandbox shared by this test binary.
// They assert the shape of what the tool reports and that it leaves the
// server as it found it (every global, no scratch schema), never timings.
// A test's subtests on different servers run in parallel: each touches
// only its own server.

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// matrixAudit is a small calibration: shape, not precision.
func matrixAudit(command job.Command, dsn string, allowSetGlobal bool) Options {
	return Options{Command: command, ToolVersion: "test", Conn: server.ConnOptions{DSN: dsn}, Workload: "ddl-heavy",
		Bench: server.BenchOptions{Tables: 10, Rounds: 3, AllowSetGlobal: allowSetGlobal}}
}

// assertServerIs checks that a report describes the test server srv.
func assertServerIs(t *testing.T, got report.ServerInfo, srv sandboxtest.Server) {
	t.Helper()
	if got.Flavor != srv.Vendor() || got.Version != srv.Version() {
		t.Errorf("report says %s %s, the server is %s %s", got.Flavor, got.Version, srv.Vendor(), srv.Version())
	}
}

// assertMeasuredConsistently checks every measured variant's summary and
// interval, and that the variants named in want are measured.
func assertMeasuredConsistently(t *testing.T, r *report.Report, rounds int, want ...string) {
	t.Helper()
	if r.Benchmark == nil || r.Benchmark.Rounds != rounds || len(r.Benchmark.Variants) != len(bench.VariantNames) {
		t.Fatalf("benchmark: %+v, want %d rounds of %d variants", r.Benchmark, rounds, len(bench.VariantNames))
	}
	for _, name := range want {
		if v := variant(t, r, name); !v.Measured {
			t.Errorf("%s not measured: %s", name, v.Reason)
		}
	}
	for _, v := range r.Benchmark.Variants {
		if !v.Measured {
			continue
		}
		if v.CreateMs == nil || v.CreateMs.P50 <= 0 || v.CreateMs.P95 < v.CreateMs.P50 ||
			v.Speedup == nil || v.Speedup.Low > v.Speedup.Ratio || v.Speedup.Ratio > v.Speedup.High {
			t.Errorf("%s: inconsistent measurement %+v %+v", v.Name, v.CreateMs, v.Speedup)
		}
	}
}

// sessionOnly are the variables the calibration sets for its own session
// (the pre-flight's session setup).
var sessionOnly = map[string]bool{"lock_wait_timeout": true, "sql_log_bin": true, "foreign_key_checks": true, "sql_require_primary_key": true}

// globalsSetSince lists, on MySQL, the variables performance_schema says
// were set at runtime at or after since (a time read from the server's own
// clock), but for those the calibration sets for its session:
// variables_info records SET SESSION as well as SET GLOBAL, so a global set
// and restored during the run shows here even when its value is back.
func globalsSetSince(t *testing.T, db *sql.DB, since string) []string {
	t.Helper()
	var out []string
	for _, r := range sandboxtest.Rows(t, db, "SELECT VARIABLE_NAME, SET_TIME FROM performance_schema.variables_info WHERE VARIABLE_SOURCE = 'DYNAMIC' AND SET_TIME >= ?", since) {
		if !sessionOnly[r[0]] {
			out = append(out, r[0]+" at "+r[1])
		}
	}
	return out
}

func serverNow(t *testing.T, db *sql.DB) string {
	t.Helper()
	return sandboxtest.Rows(t, db, "SELECT NOW(6)")[0][0]
}

// runOnShared runs the job that job makes for srv's shared sandbox and
// checks that the report describes srv and that the run left the server as
// it found it. It returns the report, a connection to the server, and the
// server's clock just before the run.
func runOnShared(t *testing.T, srv sandboxtest.Server, job func(dsn string) Options) (*report.Report, *sql.DB, string) {
	t.Helper()
	dsn := srv.SharedDSN(t)
	db := sandboxtest.Open(t, dsn)
	before := sandboxtest.Capture(t, db)
	since := serverNow(t, db)
	r, err := Run(context.Background(), job(dsn))
	if err != nil {
		t.Fatal(err)
	}
	before.AssertUnchanged(t, db)
	assertServerIs(t, r.Server, srv)
	return r, db, since
}

func TestMatrixInspect(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		r, db, _ := runOnShared(t, srv, func(dsn string) Options {
			return Options{Command: job.CommandInspect, Conn: server.ConnOptions{DSN: dsn}}
		})
		globals := sandboxtest.Globals(t, db)
		if r.Benchmark != nil || r.Workload.Class == "" || r.Workload.Reason == "" {
			t.Errorf("inspect: benchmark %v, workload %+v", r.Benchmark, r.Workload)
		}
		for _, name := range []string{"innodb_file_per_table", "innodb_stats_persistent"} {
			s, ok := r.Settings[name]
			if !ok || s.Origin == "" || !strings.EqualFold(s.Value, globals[name]) {
				t.Errorf("%s: report %+v, server %q", name, s, globals[name])
			}
		}
	})
}

// TestMatrixAudit audits each server with and without --allow-set-global.
// MySQL measures file_per_table_off through TABLESPACE=innodb_system either
// way, and no global may be set (performance_schema.variables_info would
// show it even once restored); MariaDB has no such clause and measures it
// by SET GLOBAL with consent only, restored afterwards.
func TestMatrixAudit(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		for _, consent := range []bool{true, false} {
			name := map[bool]string{true: "with --allow-set-global", false: "without --allow-set-global"}[consent]
			t.Run(name, func(t *testing.T) {
				r, db, since := runOnShared(t, srv, func(dsn string) Options { return matrixAudit(job.CommandAudit, dsn, consent) })
				fpt := variant(t, r, bench.FilePerTableOff)
				switch {
				case srv.IsMySQL():
					assertMeasuredConsistently(t, r, 3, bench.VariantNames...)
					if !strings.Contains(fpt.Mechanism, "TABLESPACE=innodb_system") || strings.Contains(fpt.Mechanism, "SET GLOBAL") {
						t.Errorf("MySQL file_per_table_off should use the TABLESPACE clause alone: %+v", fpt)
					}
					if set := globalsSetSince(t, db, since); len(set) > 0 {
						t.Errorf("globals set during the run: %v", set)
					}
				case consent:
					assertMeasuredConsistently(t, r, 3, bench.VariantNames...)
					if !strings.Contains(fpt.Mechanism, "SET GLOBAL innodb_file_per_table=OFF") {
						t.Errorf("MariaDB file_per_table_off should use SET GLOBAL: %+v", fpt)
					}
				default:
					assertMeasuredConsistently(t, r, 3, bench.Baseline, bench.StatsPersistentOff)
					if fpt.Measured || !strings.Contains(fpt.Flag, "--allow-set-global") {
						t.Errorf("file_per_table_off on MariaDB without consent: %+v", fpt)
					}
				}
				if fpt.Measured {
					assertFilePerTableAdviceMatchesMeasurement(t, r)
				}
				if stats := variant(t, r, bench.StatsPersistentOff); !strings.Contains(stats.Mechanism, "STATS_PERSISTENT=0") {
					t.Errorf("stats_persistent_off should use the table clause: %+v", stats)
				}
			})
		}
	})
}

func TestMatrixBench(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		r, _, _ := runOnShared(t, srv, func(dsn string) Options { return matrixAudit(job.CommandBench, dsn, true) })
		if r.Command != string(job.CommandBench) {
			t.Errorf("command %q", r.Command)
		}
		assertMeasuredConsistently(t, r, 3, bench.VariantNames...)
	})
}

// TestMatrixCheckOfSavedVariables saves each server's SHOW GLOBAL VARIABLES
// as the mysql client prints it and checks it offline: the check must see
// the server the file came from, with the same values inspect reads live,
// and, against the server's own series as target, find none of the server's
// own variables removed.
func TestMatrixCheckOfSavedVariables(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		dsn := srv.SharedDSN(t)
		db := sandboxtest.Open(t, dsn)
		path := filepath.Join(t.TempDir(), srv.Key+".vars")
		saved := sandboxtest.SaveVariables(t, db, path)
		own := srv.Key // scripts/servers.sh names are --target values: mysql-9.7, mariadb-11.8
		r, err := RunCheck(CheckOptions{ToolVersion: "test", VariablesFile: path, Target: own})
		if err != nil {
			t.Fatal(err)
		}
		assertServerIs(t, r.Server, srv)
		if r.Benchmark != nil || len(r.Settings) == 0 {
			t.Errorf("check measured or lost the settings: %+v", r.Benchmark)
		}
		for name, s := range r.Settings {
			if s.Value != saved[name] {
				t.Errorf("%s: check reads %q from the file, the server has %q", name, s.Value, saved[name])
			}
		}
		for _, f := range r.Findings {
			if strings.HasPrefix(f.ID, "removed-") && f.Severity == "critical" {
				t.Errorf("%s's own variables checked against %s: %s %s (%v)", srv.Name(), own, f.ID, f.Title, f.Evidence)
			}
		}
		t.Logf("%d findings against %s", len(r.Findings), own)
	})
}

// TestMatrixCheckDriftAgreesWithTheTargetServer checks each upgrade pair's
// source's saved variables (MariaDB 10.5 and 10.11) against its target
// (10.11, 11.8): every default the check says changes must be the value the
// real target reports (both sandboxes run with --no-defaults, so their
// values are the defaults).
func TestMatrixCheckDriftAgreesWithTheTargetServer(t *testing.T) {
	sandboxtest.EachPair(t, sandboxtest.UpgradePairs(t), func(t *testing.T, p sandboxtest.Pair) {
		source, target := p.Source, p.Target
		path := filepath.Join(t.TempDir(), source.Key+".vars")
		sandboxtest.SaveVariables(t, sandboxtest.Open(t, source.SharedDSN(t)), path)
		actual := sandboxtest.Globals(t, sandboxtest.Open(t, target.SharedDSN(t)))
		r, err := RunCheck(CheckOptions{ToolVersion: "test", VariablesFile: path, Target: target.Key})
		if err != nil {
			t.Fatal(err)
		}
		drifts := 0
		for _, f := range r.Findings {
			if f.ID != "default-drift" {
				continue
			}
			drifts++
			name, want := f.Evidence["variable"], f.Evidence["target_default"]
			got, ok := actual[name]
			if flag := f.Evidence["flag"]; flag != "" { // an optimizer_switch flag
				name = name + " flag " + flag
				got, ok = knowledge.SwitchFlag(got, flag)
			}
			if !ok || !strings.EqualFold(got, want) {
				t.Errorf("the check says %s defaults to %q in %s; the server reports %q (present: %v)", name, want, target.Name(), got, ok)
			}
		}
		if drifts == 0 {
			t.Errorf("no default drift from %s to %s (character_set_server changed from latin1 to utf8mb4 in 11.6, max_recursive_iterations in 10.6): %+v", source.Name(), target.Name(), r.Findings)
		}
	})
}

// TestMatrixCompareAcrossFamilies compares the installed MariaDB 10.11 with
// MySQL 9.7, and each Debian upgrade pair (MariaDB 10.5 -> 10.11 -> 11.8,
// 10.5 -> 11.8), each server on its shared sandbox (existing servers: the
// run must restore them).
func TestMatrixCompareAcrossFamilies(t *testing.T) {
	pairs := append([]sandboxtest.Pair{{Source: sandboxtest.ByKey(t, "mariadb-10.11"), Target: sandboxtest.ByKey(t, "mysql-9.7")}},
		sandboxtest.UpgradePairs(t)...)
	sandboxtest.EachPair(t, pairs, func(t *testing.T, p sandboxtest.Pair) {
		source, target := p.Source, p.Target
		{
			var ends []server.Endpoint
			var dbs []*sql.DB
			var befores []sandboxtest.State
			for _, srv := range []sandboxtest.Server{source, target} {
				dsn := srv.SharedDSN(t)
				e, err := server.ParseEndpoint(dsn, server.ConnOptions{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				db := sandboxtest.Open(t, dsn)
				ends, dbs, befores = append(ends, e), append(dbs, db), append(befores, sandboxtest.Capture(t, db))
			}
			r, err := Compare(context.Background(), CompareOptions{ToolVersion: "test", Source: ends[0], Target: ends[1],
				Bench: server.BenchOptions{Tables: 10, Rounds: 3, AllowSetGlobal: true}})
			if err != nil {
				t.Fatal(err)
			}
			for i := range dbs {
				befores[i].AssertUnchanged(t, dbs[i])
			}
			assertServerIs(t, r.Source.Server, source)
			assertServerIs(t, r.Target.Server, target)
			if r.Rounds != 3 || len(r.Variants) != len(bench.VariantNames) || len(r.Summary) == 0 { // one line when there is nothing to recover
				t.Fatalf("compare report: %d rounds, %d variants, summary %q", r.Rounds, len(r.Variants), r.Summary)
			}
			for _, v := range r.Variants {
				if iv := v.VsSourceBaseline; iv == nil || iv.Low > iv.Ratio || iv.Ratio > iv.High {
					t.Errorf("%s: vs source baseline %+v", v.Name, iv)
				}
			}
			t.Logf("summary: %s", strings.Join(r.Summary, " "))
		}
	})
}

// TestMatrixWhatIf inspects each server read-only and measures on a what-if
// sandbox of the same binaries started with its settings.
func TestMatrixWhatIf(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		dsn := srv.SharedDSN(t)
		db := sandboxtest.Open(t, dsn)
		before := sandboxtest.Capture(t, db)
		o := matrixAudit(job.CommandAudit, dsn, false)
		o.Bench.Rounds = 2
		r, err := RunWhatIf(context.Background(), o, srv.Options(sandbox.Options{Log: sandboxtest.LogWriter(t)}))
		if err != nil {
			t.Fatal(err)
		}
		before.AssertUnchanged(t, db)
		assertServerIs(t, r.Server, srv)
		if !strings.Contains(r.Server.Address, srv.Shared(t).Socket()) {
			t.Errorf("the report is not about the inspected server: %s", r.Server.Address)
		}
		assertMeasuredConsistently(t, r, 2, bench.VariantNames...)
		if !strings.Contains(strings.Join(r.Notes, "\n"), "what-if") {
			t.Errorf("notes do not say where it was measured: %v", r.Notes)
		}
	})
}

// TestMatrixPreflightPrivileges runs the audit as users with part of the
// privileges. MySQL 8.0+ has the binary log on by default (so do its
// sandboxes): a user must be able to turn sql_log_bin off for the session
// (SESSION_VARIABLES_ADMIN or SYSTEM_VARIABLES_ADMIN), directly or through
// a default role; on MySQL no global is needed at all (per-table clauses).
// On MariaDB (no binary log in the sandbox) --allow-set-global needs SUPER.
func TestMatrixPreflightPrivileges(t *testing.T) {
	const scratch = "CREATE, DROP ON `upgrade\\_advisor\\_%`.*"
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		t.Parallel() // each server's subtest touches only that server
		sb := srv.Shared(t)
		db := sandboxtest.Open(t, sb.DSN())
		audit := func(t *testing.T, user string, allowSetGlobal bool) (*report.Report, error) {
			t.Helper()
			before := sandboxtest.Capture(t, db)
			var mark sandboxtest.BinlogMark
			if srv.IsMySQL() {
				mark = sandboxtest.MarkBinlog(t, db)
			}
			o := matrixAudit(job.CommandAudit, "", allowSetGlobal)
			o.Conn = server.ConnOptions{Socket: sb.Socket(), User: user, Password: "pw-" + user}
			o.Bench.Rounds = 2
			r, err := Run(context.Background(), o)
			before.AssertUnchanged(t, db)
			if srv.IsMySQL() {
				if events := mark.EventsSince(t, db); strings.Contains(events, bench.SchemaPrefix) {
					t.Errorf("scratch DDL reached the binary log:\n%s", events)
				}
			}
			return r, err
		}
		type tc struct {
			name           string
			user           string
			grants         []string
			allowSetGlobal bool
			refused        []string // words of the refusal; nil: the audit runs
		}
		var cases []tc
		if srv.IsMySQL() {
			cases = []tc{
				{"scratch grant only, binary log on", "ua_m_scratch", []string{"GRANT " + scratch + " TO %s"}, false, []string{"binary log", "--allow-binlog", "SESSION_VARIABLES_ADMIN"}},
				{"SESSION_VARIABLES_ADMIN", "ua_m_session", []string{"GRANT " + scratch + " TO %s", "GRANT SESSION_VARIABLES_ADMIN ON *.* TO %s"}, true, nil},
				{"SYSTEM_VARIABLES_ADMIN", "ua_m_system", []string{"GRANT " + scratch + " TO %s", "GRANT SYSTEM_VARIABLES_ADMIN ON *.* TO %s"}, true, nil},
				{"through a default role", "ua_m_role", []string{"DROP ROLE IF EXISTS ua_m_calibrator", "CREATE ROLE ua_m_calibrator",
					"GRANT " + scratch + " TO ua_m_calibrator", "GRANT SESSION_VARIABLES_ADMIN ON *.* TO ua_m_calibrator",
					"GRANT ua_m_calibrator TO %s", "SET DEFAULT ROLE ua_m_calibrator TO %s"}, false, nil},
			}
			t.Cleanup(func() { db.Exec("DROP ROLE IF EXISTS ua_m_calibrator") })
		} else {
			cases = []tc{
				{"SELECT only", "ua_m_select", []string{"GRANT SELECT ON *.* TO %s"}, false, []string{"CREATE", "DROP"}},
				{"scratch grant", "ua_m_scratch", []string{"GRANT " + scratch + " TO %s"}, false, nil},
				{"--allow-set-global without SUPER", "ua_m_nosuper", []string{"GRANT " + scratch + " TO %s"}, true, []string{"SUPER"}},
			}
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				account := "'" + c.user + "'@'localhost'"
				var then []string
				for _, g := range c.grants {
					then = append(then, strings.ReplaceAll(g, "%s", account))
				}
				sandboxtest.User(t, db, account, "", "pw-"+c.user, then...)
				r, err := audit(t, c.user, c.allowSetGlobal)
				if c.refused != nil {
					if !errors.Is(err, exitcode.ErrPreflight) {
						t.Fatalf("want a refusal naming %q, got %v", c.refused, err)
					}
					for _, w := range c.refused {
						if !strings.Contains(err.Error(), w) {
							t.Errorf("the refusal does not name %s: %v", w, err)
						}
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				want := []string{bench.Baseline, bench.StatsPersistentOff}
				if srv.IsMySQL() {
					want = bench.VariantNames
				}
				assertMeasuredConsistently(t, r, 2, want...)
			})
		}
		if srv.IsMySQL() {
			t.Run("super_read_only", func(t *testing.T) {
				since := serverNow(t, db)
				sandboxtest.Exec(t, db, "SET GLOBAL super_read_only = ON")
				// The detector TestMatrixAudit relies on sees a SET GLOBAL.
				if set := strings.Join(globalsSetSince(t, db, since), " "); !strings.Contains(set, "super_read_only") {
					t.Errorf("performance_schema.variables_info does not show SET GLOBAL super_read_only: %q", set)
				}
				t.Cleanup(func() { sandboxtest.Exec(t, db, "SET GLOBAL super_read_only = OFF", "SET GLOBAL read_only = OFF") })
				_, err := Run(context.Background(), matrixAudit(job.CommandAudit, sb.DSN(), true))
				if !errors.Is(err, exitcode.ErrPreflight) || !strings.Contains(err.Error(), "read_only") {
					t.Fatalf("want a pre-flight refusal naming read_only, got %v", err)
				}
				if left := sandboxtest.ScratchSchemas(t, db); len(left) > 0 {
					t.Errorf("a refused run created %v", left)
				}
				t.Logf("refusal: %v", err)
			})
		}
	})
}

// TestMatrixCachingSha2OverSocketAndTLS connects as a caching_sha2_password
// user (MySQL 8.0+'s default) over the socket and over TCP 127.0.0.1 with
// TLS, verified against the CA the server generated in its datadir; the
// generated certificate names no IP address, so VERIFY_IDENTITY is refused.
func TestMatrixCachingSha2OverSocketAndTLS(t *testing.T) {
	sandboxtest.OnServer(t, "mysql-9.7", func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t, sandbox.Options{Networking: true})
		db := sandboxtest.Open(t, sb.DSN())
		const user, pw = "ua_sha2", "Sha2-pw-0f9e"
		for _, host := range []string{"localhost", "127.0.0.1"} {
			sandboxtest.User(t, db, "'"+user+"'@'"+host+"'", "WITH caching_sha2_password", pw, "GRANT SELECT ON *.* TO '"+user+"'@'"+host+"'")
		}
		ca := filepath.Join(sb.Datadir(), "ca.pem")
		for _, tc := range []struct {
			name string
			conn server.ConnOptions
			ok   bool
		}{
			{"socket", server.ConnOptions{Socket: sb.Socket(), User: user, Password: pw}, true},
			{"TCP REQUIRED", server.ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: user, Password: pw, TLS: server.TLSOptions{Mode: "REQUIRED"}}, true},
			{"TCP VERIFY_CA", server.ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: user, Password: pw, TLS: server.TLSOptions{Mode: "VERIFY_CA", CA: ca}}, true},
			{"TCP VERIFY_IDENTITY", server.ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: user, Password: pw, TLS: server.TLSOptions{Mode: "VERIFY_IDENTITY", CA: ca}}, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tc.conn.ConnectTimeout = 10 * time.Second
				r, err := Run(context.Background(), Options{Command: job.CommandInspect, Conn: tc.conn})
				if !tc.ok {
					if err == nil {
						t.Fatal("VERIFY_IDENTITY accepted a certificate that names no IP address")
					}
					t.Logf("refused as expected: %v", err)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				assertServerIs(t, r.Server, srv)
				s, err := server.Open(context.Background(), tc.conn)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				conn := s.DB()
				rows := sandboxtest.Rows(t, conn, stmt.Tag+"SELECT CURRENT_USER(), (SELECT plugin FROM mysql.user WHERE CONCAT(user, '@', host) = CURRENT_USER()), (SELECT VARIABLE_VALUE FROM performance_schema.session_status WHERE VARIABLE_NAME = 'Ssl_cipher')")
				if got := rows[0]; got[1] != "caching_sha2_password" || (tc.conn.Host != "" && got[2] == "") {
					t.Errorf("connected as %s with plugin %q, cipher %q", got[0], got[1], got[2])
				}
			})
		}
	})
}
