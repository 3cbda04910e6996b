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
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// rehearseCnf is a MariaDB 10.11 my.cnf with options the targets drop
// (innodb_file_format, innodb_large_prefix: ignored by MariaDB 11.8,
// refused by MySQL 9.7), rename (log_slave_updates, innodb_log_file_size
// on MySQL 9.7), keep (innodb_file_per_table=0) and cap in a sandbox
// (innodb_buffer_pool_size=8G), and a path the sandbox sets itself.
const rehearseCnf = `[mysqld]
datadir = /var/lib/mysql
innodb_file_format = Barracuda
innodb_large_prefix = 1
innodb_file_per_table = 0
innodb_buffer_pool_size = 8G
innodb_log_file_size = 256M
log_slave_updates = 1
`

// rehearseDoc is the part of the rehearse JSON the tests read.
type rehearseDoc struct {
	Migration  bool `json:"migration"`
	SourceRuns bool `json:"source_runs_locally"`
	Reference  string
	Carryover  []struct {
		Name, Action, Where string
		TargetName          string `json:"target_name"`
		TargetValue         string `json:"target_value"`
		SandboxValue        string `json:"sandbox_value"`
	}
	Sides []struct {
		Name     string
		Options  []string
		Variants []struct {
			Name        string
			Measured    bool
			VsReference *struct {
				Ratio float64
				Low   float64 `json:"ci_low"`
				High  float64 `json:"ci_high"`
			} `json:"vs_reference"`
		}
	}
	Summary []string
	MyCnf   string `json:"mycnf"`
	Notes   []string
}

func (d rehearseDoc) action(name string) (string, string) {
	for _, c := range d.Carryover {
		if c.Name == name {
			return c.Action, c.TargetName + "=" + c.TargetValue
		}
	}
	return "", ""
}

// serverRoot is the root of an unpacked test server, failing or skipping
// (under CI: failing) when it is missing.
func serverRoot(t *testing.T, key string) string {
	for _, s := range sandboxtest.Servers() {
		if s.Key == key {
			s.Require(t)
			return s.Basedir
		}
	}
	t.Fatalf("no test server %s", key)
	return ""
}

// noServersLeft fails when a process or directory of the sandboxes under
// tmp is left.
func noServersLeft(t *testing.T, tmp string) {
	t.Helper()
	if left, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*")); len(left) != 0 {
		t.Errorf("sandbox left behind: %v", left)
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), tmp+"/") {
			t.Errorf("a server still runs: %s", strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}

func shortTemp(t *testing.T) string {
	return sandboxtest.ShortTempDir(t) // short: socket paths stay under 108 bytes
}

// TestRehearseMariaDB1011OnRealTargets rehearses the same MariaDB 10.11
// my.cnf on MariaDB 11.8 (an upgrade) and MySQL 9.7 (a migration), with the
// installed MariaDB 10.11 as today's version, and checks what was carried,
// measured and written, and that nothing is left.
func TestRehearseMariaDB1011OnRealTargets(t *testing.T) {
	sandboxtest.RequireServer(t)
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte(rehearseCnf), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		key       string
		migration bool
		code      int // critical findings: the target refuses lines of the file as it is
		want      map[string][2]string
		mycnf     []string
	}{
		{key: "mariadb-11.8", code: 0, want: map[string][2]string{
			"innodb_file_format":    {"dropped", "="},
			"innodb_large_prefix":   {"dropped", "="},
			"innodb_file_per_table": {"carried", "innodb_file_per_table=0"},
			"innodb_log_file_size":  {"carried", "innodb_log_file_size=256M"},
			"datadir":               {"machine", "="},
		}, mycnf: []string{"\ninnodb_file_per_table = 0\n", "\n# innodb_file_format = Barracuda\n", "\ninnodb_buffer_pool_size = 8G\n",
			// the report's pins: the ERROR 1020 of 11.8's snapshot isolation,
			// and the collations of new tables (11.5's uca1400_ai_ci)
			"\ninnodb_snapshot_isolation = OFF\n", "\ncharacter_set_collations = utf8mb3=utf8mb3_general_ci,ucs2=ucs2_general_ci,utf8mb4=utf8mb4_general_ci,"}},
		{key: "mysql-9.7", migration: true, code: 1, want: map[string][2]string{
			"innodb_file_format":   {"dropped", "="},
			"innodb_log_file_size": {"translated", "innodb_redo_log_capacity=256M"},
			"log_slave_updates":    {"translated", "log_replica_updates=1"},
		}, mycnf: []string{"\ninnodb_redo_log_capacity = 256M\n", "\nlog_replica_updates = 1\n", "migration",
			// the report's pins: sql_mode without ONLY_FULL_GROUP_BY, no binary log, sync_binlog
			"\nsql_mode = STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION\n", "\nskip-log-bin\n", "\nsync_binlog = 0\n"}},
	}
	for _, tc := range cases {
		t.Run(tc.key, func(t *testing.T) {
			root := serverRoot(t, tc.key)
			tmp := shortTemp(t)
			out := filepath.Join(t.TempDir(), "target.cnf")
			stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--no-defaults", "--config", cnf,
				"--server-version", "mariadb-10.11", "--target-basedir", root, "--tables", "10", "--rounds", "3", "--format", "json", "-q",
				"--mycnf-out", out)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s\n%.2000s", code, tc.code, stderr, stdout)
			}
			var doc rehearseDoc
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatalf("%v\n%s", err, stdout)
			}
			if doc.Migration != tc.migration || !doc.SourceRuns || doc.Reference != "today" {
				t.Errorf("migration %v source_runs %v reference %q", doc.Migration, doc.SourceRuns, doc.Reference)
			}
			for name, w := range tc.want {
				if a, to := doc.action(name); a != w[0] || to != w[1] {
					t.Errorf("%s: %s %s, want %s %s", name, a, to, w[0], w[1])
				}
			}
			checkSides(t, doc)
			for _, s := range tc.mycnf {
				if !strings.Contains(doc.MyCnf, s) {
					t.Errorf("my.cnf lacks %q:\n%s", s, doc.MyCnf)
				}
			}
			if written, err := os.ReadFile(out); err != nil || string(written) != doc.MyCnf {
				t.Errorf("--mycnf-out wrote another my.cnf than the report's (%v):\n%s", err, written)
			}
			noServersLeft(t, tmp)
		})
	}
}

// checkSides: today and the carried-over target both measured, the
// target's options carry no dropped option and cap the buffer pool.
func checkSides(t *testing.T, doc rehearseDoc) {
	t.Helper()
	names := map[string]bool{}
	for _, sd := range doc.Sides {
		names[sd.Name] = true
		if sd.Name == "target_carried" {
			opts := strings.Join(sd.Options, " ")
			if strings.Contains(opts, "innodb_file_format") || !strings.Contains(opts, "innodb_buffer_pool_size=1G") {
				t.Errorf("target options %v: want innodb_file_format dropped and the buffer pool capped", sd.Options)
			}
		}
		if len(sd.Variants) == 0 || !sd.Variants[0].Measured || sd.Variants[0].VsReference == nil || sd.Variants[0].VsReference.Ratio <= 0 {
			t.Errorf("%s: baseline not measured against the reference: %+v", sd.Name, sd.Variants)
		}
	}
	if !names["today"] || !names["target_carried"] {
		t.Errorf("sides %v: want today and target_carried", names)
	}
}

// TestRehearseWithoutTodaysBinaries: today's version (MySQL 8.0) cannot
// run here, so the target as carried over is measured against the target
// with its defaults, and the report says so.
func TestRehearseWithoutTodaysBinaries(t *testing.T) {
	root := serverRoot(t, "mysql-9.7")
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_file_per_table = 0\nslave_parallel_workers = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := shortTemp(t)
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--no-defaults", "--config", cnf,
		"--server-version", "8.0.40", "--target-basedir", root, "--tables", "10", "--rounds", "2", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%.2000s", code, stderr, stdout)
	}
	var doc rehearseDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if doc.SourceRuns || doc.Reference != "target_defaults" || !strings.Contains(strings.Join(doc.Notes, "\n"), "today's version cannot run here") {
		t.Errorf("source_runs %v reference %q notes %v", doc.SourceRuns, doc.Reference, doc.Notes)
	}
	if a, to := doc.action("slave_parallel_workers"); a != "translated" || to != "replica_parallel_workers=2" {
		t.Errorf("slave_parallel_workers: %s %s", a, to)
	}
	if len(doc.Sides) < 2 || doc.Sides[0].Name != "target_defaults" || len(doc.Sides[0].Options) != 0 {
		t.Errorf("sides: %+v", doc.Sides)
	}
	noServersLeft(t, tmp)
}

// TestInterruptedRehearsalRemovesEverySandbox: Ctrl-C while the sandboxes
// calibrate stops and removes all of them, exit 2.
func TestInterruptedRehearsalRemovesEverySandbox(t *testing.T) {
	sandboxtest.RequireServer(t)
	root := serverRoot(t, "mariadb-11.8")
	tmp := shortTemp(t)
	cmd := exec.Command(binary, "rehearse", "--no-defaults", "--config", "/dev/null", "--server-version", "mariadb-10.11",
		"--target-basedir", root, "--budget", "60s", "-q")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(120 * time.Second)
	for { // wait until the calibration runs in both sandboxes
		found, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*", "data", "upgrade_advisor_*"))
		if len(found) >= 2 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the calibration did not start: %s", stderr.String())
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

// TestCheckConfigOnTargetBinary: the target's binary names every option
// of the file it refuses, with file:line; the findings are critical.
func TestCheckConfigOnTargetBinary(t *testing.T) {
	root := serverRoot(t, "mysql-9.7")
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte(rehearseCnf+"[mysqld-5.7]\nquery_cache_size = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "check", "--config", cnf, "--target-basedir", root)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s\n%s", code, stderr, stdout)
	}
	for _, want := range []string{"refuses innodb_file_format=Barracuda (" + cnf + ":3)", "refuses innodb_large_prefix=1 (" + cnf + ":4)",
		"refuses innodb_log_file_size=256M (" + cnf + ":7)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, not := range []string{"refuses innodb_file_per_table", "refuses query_cache_size", "refuses datadir"} {
		if strings.Contains(stdout, not) {
			t.Errorf("output has %q (accepted, not read by 9.7, or a path):\n%s", not, stdout)
		}
	}
}

// TestCheckConfigTargetFromTheBinary: --target-basedir's binary says the
// target's version, so check --config gives the same findings (the drift
// of innodb_snapshot_isolation and character_set_collations on 11.8
// included) with or without --target; a --target of another series than
// the binary's is a usage error.
func TestCheckConfigTargetFromTheBinary(t *testing.T) {
	root := serverRoot(t, "mariadb-11.8")
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ncharacter_set_server = utf8mb4\ncollation_server = utf8mb4_general_ci\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", "--no-defaults", "--config", cnf, "--server-version", "mariadb-10.11.19", "--target-basedir", root}
	alone, stderr, code := run(t, nil, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, alone)
	}
	named, stderr, code := run(t, nil, append(args, "--target", "mariadb-11.8")...)
	if code != 0 {
		t.Fatalf("with --target: exit %d: %s\n%s", code, stderr, named)
	}
	if alone != named {
		t.Errorf("--target changes the answer:\nwithout:\n%s\nwith:\n%s", alone, named)
	}
	for _, want := range []string{"[!!] changes:", "\n    innodb_snapshot_isolation = OFF\n",
		"\n    character_set_collations = utf8mb3=utf8mb3_general_ci,ucs2=ucs2_general_ci,utf8mb4=utf8mb4_general_ci,"} {
		if !strings.Contains(alone, want) {
			t.Errorf("check --target-basedir lacks %q:\n%s", want, alone)
		}
	}
	if _, stderr, code := run(t, nil, append(args, "--target", "mysql-9.7")...); code != 2 || !strings.Contains(stderr, "drop --target") {
		t.Errorf("--target mysql-9.7 with an 11.8 binary: exit %d, stderr %q: want a usage error", code, stderr)
	}
}

func TestRehearseUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"no --target-basedir":                   {"rehearse", "--no-defaults", "--config", "/dev/null", "--server-version", "10.11"},
		"--server-version with a connection":    {"rehearse", "--no-defaults", "--config", "/dev/null", "--server-version", "10.11", "--target-basedir", "/tmp", "-S", "/tmp/x.sock"},
		"--server-version without --config":     {"rehearse", "--no-defaults", "--server-version", "10.11", "--target-basedir", "/tmp"},
		"--target-basedir holds no server":      {"rehearse", "--no-defaults", "--config", "/dev/null", "--server-version", "10.11", "--target-basedir", "/tmp"},
		"check --target-basedir without config": {"check", "--variables", "/dev/null", "--target-basedir", "/tmp"},
	} {
		t.Run(name, func(t *testing.T) {
			_, stderr, code := run(t, nil, args...)
			if code != 2 || stderr == "" {
				t.Errorf("exit %d, stderr %q: want a usage error (exit 2)", code, stderr)
			}
		})
	}
}

// TestRehearseCarriesTheSchema: a mariadb-dump of the schema check's
// MariaDB fixture rehearsed from MariaDB 10.11 to 11.8 gets the schema
// section (the reserved `vector` column) and its creation timed on today's
// version, the carried-over target and the target with both settings off.
func TestRehearseCarriesTheSchema(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	sb := today.Start(t)
	sandboxtest.LoadScript(t, sb, fixture("shop-mariadb.sql"))
	dump := today.Dump(t, sb, "mariadb-dump", "--no-data", "--routines", "--events", "--databases", "shop")
	root := serverRoot(t, "mariadb-11.8")
	tmp := shortTemp(t)
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--no-defaults", "--config", "/dev/null",
		"--server-version", "mariadb-10.11", "--target-basedir", root, "--schema-file", dump,
		"--tables", "10", "--rounds", "3", "--format", "json", "-q")
	if code > 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Schema *struct {
			Objects []struct{ Name, Status string }
		}
		SchemaTiming *struct {
			Tables    int
			Rounds    int
			Reference string
			Sides     []struct {
				Name    string
				MedianS float64   `json:"median_s"`
				TimesS  []float64 `json:"times_s"`
				Versus  *struct {
					Ratio float64
					Low   float64 `json:"ci_low"`
					High  float64 `json:"ci_high"`
				} `json:"versus_reference"`
				Decision *struct {
					Ratio float64
					Low   float64 `json:"ci_low"`
					High  float64 `json:"ci_high"`
				} `json:"decision_interval"`
			}
		} `json:"schema_timing"`
		Summary []string
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%.2000s", err, stdout)
	}
	if doc.Schema == nil || doc.SchemaTiming == nil {
		t.Fatalf("no schema section or timing:\n%.2000s", stdout)
	}
	statuses := map[string]string{}
	for _, o := range doc.Schema.Objects {
		statuses[o.Name] = o.Status
	}
	if len(statuses) != 14 || statuses["shop.customer"] != "reserved" {
		t.Errorf("schema objects %v: want 14, customer reserved", statuses)
	}
	sides := map[string]float64{}
	for _, s := range doc.SchemaTiming.Sides {
		sides[s.Name] = s.MedianS
		if len(s.TimesS) != doc.SchemaTiming.Rounds || doc.SchemaTiming.Rounds < 3 {
			t.Errorf("%s: %d times for %d rounds (at least 3)", s.Name, len(s.TimesS), doc.SchemaTiming.Rounds)
		}
		if s.Name == doc.SchemaTiming.Reference {
			continue
		}
		// Every side but the reference has the paired estimator's ratio and
		// interval against it, and the stop rule's wider decision interval.
		if v, d := s.Versus, s.Decision; v == nil || d == nil || !(v.Low <= v.Ratio && v.Ratio <= v.High) || d.Low > v.Low || d.High < v.High {
			t.Errorf("%s: versus %+v, decision %+v", s.Name, s.Versus, s.Decision)
		}
	}
	if doc.SchemaTiming.Reference != "today" {
		t.Errorf("schema timing reference %q, want today", doc.SchemaTiming.Reference)
	}
	if !strings.Contains(strings.Join(doc.Summary, "\n"), "Creating it on the target as carried over takes") {
		t.Errorf("summary has no ratio of the schema's creation: %v", doc.Summary)
	}
	for _, name := range []string{"today", "target_carried", "target_both_off"} {
		if sides[name] <= 0 {
			t.Errorf("no creation time for %s: %v", name, sides)
		}
	}
	if doc.SchemaTiming.Tables != 7 || !strings.Contains(strings.Join(doc.Summary, "\n"), "Your 7 tables, 2 views, 3 routines, 1 trigger and 1 event take") {
		t.Errorf("summary: %v", doc.Summary)
	}
	noServersLeft(t, tmp)
}

// TestRehearseFromMariaDB105 rehearses a Debian 11 MariaDB 10.5 my.cnf on
// each target Debian's releases take it to (10.11 installed, 11.8), with
// the unpacked 10.5 as today's version: both sides measured, the setting
// carried, nothing left behind.
func TestRehearseFromMariaDB105(t *testing.T) {
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_file_per_table = 0\ninnodb_buffer_pool_size = 8G\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var pairs []sandboxtest.Pair
	for _, p := range sandboxtest.UpgradePairs(t) {
		if p.Source.Key == "mariadb-10.5" {
			pairs = append(pairs, p)
		}
	}
	sandboxtest.EachPair(t, pairs, func(t *testing.T, p sandboxtest.Pair) {
		target := p.Target.Basedir
		if target == "" {
			target = "/" // the installed server
		}
		tmp := shortTemp(t)
		stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--no-defaults", "--config", cnf,
			"--server-version", "mariadb-10.5.23", "--source-basedir", p.Source.Basedir, "--target-basedir", target,
			"--tables", "10", "--rounds", "3", "--format", "json", "-q")
		if code != 0 {
			t.Fatalf("exit %d: %s\n%.2000s", code, stderr, stdout)
		}
		var doc rehearseDoc
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("%v\n%s", err, stdout)
		}
		if doc.Migration || !doc.SourceRuns || doc.Reference != "today" {
			t.Errorf("migration %v source_runs %v reference %q", doc.Migration, doc.SourceRuns, doc.Reference)
		}
		if a, to := doc.action("innodb_file_per_table"); a != "carried" || to != "innodb_file_per_table=0" {
			t.Errorf("innodb_file_per_table: %s %s, want carried innodb_file_per_table=0", a, to)
		}
		checkSides(t, doc)
		noServersLeft(t, tmp)
	})
}

// inPlaceSchema has one object of each kind, and a MyISAM table and a
// utf8 (utf8mb3) one, as an application's install script creates them.
const inPlaceSchema = `CREATE DATABASE IF NOT EXISTS app;
USE app;
CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(12)) ENGINE=InnoDB;
CREATE TABLE m (id INT) ENGINE=MyISAM;
CREATE TABLE s (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB DEFAULT CHARSET=utf8;
CREATE VIEW v AS SELECT * FROM t;
DELIMITER ;;
CREATE PROCEDURE p() BEGIN SELECT COUNT(*) FROM t; END;;
CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC RETURN x + 1;;
CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.name = UPPER(NEW.name);;
CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO DELETE FROM t WHERE id < 0;;
DELIMITER ;
`

// inPlaceDoc is the in_place section of the rehearse JSON.
type inPlaceDoc struct {
	InPlace *struct {
		SlowShutdown     bool     `json:"slow_shutdown"`
		UpgradeTool      string   `json:"upgrade_tool"`
		UpgradeDurationS float64  `json:"upgrade_duration_s"`
		UpgradeOutput    string   `json:"upgrade_output"`
		FirstStartLog    []string `json:"first_start_log"`
		RestartLog       []string `json:"restart_log"`
		TablesChecked    int      `json:"tables_checked"`
		TablesFailed     []string `json:"tables_failed"`
		Objects          []struct{ Schema, Name, Kind, Status, Message string }
		Clean            bool
		Error            string
	} `json:"in_place"`
}

// TestRehearseInPlaceOnTheDebianPath upgrades a datadir in place along
// Debian's path (MariaDB 10.5 -> 10.11 installed -> 11.8, 10.5 -> 11.8):
// the upgrade tool runs and checks every table, the schema's eight
// objects are usable after it, and nothing is left behind.
func TestRehearseInPlaceOnTheDebianPath(t *testing.T) {
	dir := t.TempDir()
	cnf, schema := filepath.Join(dir, "my.cnf"), filepath.Join(dir, "app.sql")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_buffer_pool_size = 64M\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(schema, []byte(inPlaceSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	sandboxtest.EachPair(t, sandboxtest.UpgradePairs(t), func(t *testing.T, p sandboxtest.Pair) {
		basedir := func(s sandboxtest.Server) string {
			if s.Basedir == "" {
				return "/"
			}
			return s.Basedir
		}
		tmp := shortTemp(t)
		stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--in-place", "--schema-file", schema, "--no-defaults", "--config", cnf,
			"--server-version", p.Source.Binary.Flavor.Raw, "--source-basedir", basedir(p.Source), "--target-basedir", basedir(p.Target),
			"--tables", "10", "--rounds", "2", "--format", "json", "-q")
		if code != 0 {
			t.Fatalf("exit %d: %s\n%.2000s", code, stderr, stdout)
		}
		var doc inPlaceDoc
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("%v\n%.2000s", err, stdout)
		}
		ip := doc.InPlace
		if ip == nil {
			t.Fatalf("no in_place section:\n%.2000s", stdout)
		}
		if ip.Error != "" || !ip.Clean || !ip.SlowShutdown || ip.UpgradeTool != "mariadb-upgrade" || ip.TablesChecked < 30 || len(ip.TablesFailed) != 0 {
			t.Errorf("in_place: error %q clean %v slow %v tool %q checked %d failed %v", ip.Error, ip.Clean, ip.SlowShutdown, ip.UpgradeTool, ip.TablesChecked, ip.TablesFailed)
		}
		if !strings.Contains(ip.UpgradeOutput, "app.t") {
			t.Errorf("the upgrade tool did not check the schema's tables:\n%s", ip.UpgradeOutput)
		}
		if len(ip.Objects) != 8 {
			t.Errorf("%d objects checked after the upgrade, want the schema's 8: %+v", len(ip.Objects), ip.Objects)
		}
		for _, o := range ip.Objects {
			if o.Status != "ok" {
				t.Errorf("%s %s.%s after the upgrade: %s %s", o.Kind, o.Schema, o.Name, o.Status, o.Message)
			}
		}
		for _, l := range ip.RestartLog {
			if strings.Contains(l, "[ERROR]") {
				t.Errorf("the restart after the upgrade logged: %s", l)
			}
		}
		t.Logf("%s: mariadb-upgrade %.1f s, %d tables; first start logged %d error/warning lines: %v", p.Name(), ip.UpgradeDurationS, ip.TablesChecked, len(ip.FirstStartLog), ip.FirstStartLog)
		noServersLeft(t, tmp)
	})
}

// TestRehearseInPlaceRefusesADowngrade: MariaDB 11.8 -> 10.11 in place is
// refused before any sandbox starts, with the reason.
func TestRehearseInPlaceRefusesADowngrade(t *testing.T) {
	sandboxtest.RequireServer(t)
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_file_per_table = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := shortTemp(t)
	_, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--in-place", "--no-defaults", "--config", cnf,
		"--server-version", "mariadb-11.8.9", "--target-basedir", "/", "-q")
	if code != 2 || !strings.Contains(stderr, "downgrade") {
		t.Errorf("exit %d, stderr %q: want 2 and the reason", code, stderr)
	}
	noServersLeft(t, tmp)
}
