package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// writeStatement matches a logged query that would change the server.
var writeStatement = regexp.MustCompile(`(?i)\bQuery\s+(/\*.*?\*/\s*)?(CREATE|DROP|SET|INSERT|UPDATE|DELETE|ALTER|GRANT|TRUNCATE|RENAME|REPLACE)\b`)

func TestWhatIfSandboxWritesNothingToTheInspectedServer(t *testing.T) {
	inspected := sandboxtest.Start(t, sandbox.Options{ServerOptions: []string{"general_log=1", "innodb_stats_persistent=0"}})
	logPath := filepath.Join(inspected.Dir(), "general.log") // the sandbox keeps its logs in its directory
	stdout, stderr, code := run(t, nil, "audit", "--no-defaults", "-S", inspected.Socket(), "-u", "root", "--what-if-sandbox",
		"--workload", "ddl-heavy", "--tables", "10", "--rounds", "2", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Server    struct{ Address string }
		Benchmark struct {
			Variants []struct {
				Name     string
				Measured bool
				Reason   string
			}
		}
		Notes []string
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc.Server.Address, inspected.Socket()) {
		t.Errorf("the report is not about the inspected server: %s", doc.Server.Address)
	}
	measured := map[string]bool{}
	for _, v := range doc.Benchmark.Variants {
		measured[v.Name] = v.Measured
	}
	// The sandbox copies innodb_stats_persistent=0 from the inspected server,
	// so the calibration there turns it on; file_per_table is turned off.
	_, statsOff := measured["stats_persistent_off"]
	if !measured["baseline"] || !measured["file_per_table_off"] || !measured["stats_persistent_on"] || statsOff {
		t.Errorf("variants %v: the sandbox did not copy the inspected settings", measured)
	}
	if !strings.Contains(strings.Join(doc.Notes, "\n"), "only the speedup ratios carry over") {
		t.Errorf("notes do not say where the times come from: %v", doc.Notes)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "SHOW GLOBAL VARIABLES") {
		t.Fatalf("the general log did not record the inspection:\n%s", log)
	}
	for _, line := range strings.Split(string(log), "\n") {
		if writeStatement.MatchString(line) {
			t.Errorf("the tool wrote to the inspected server: %s", line)
		}
	}
}

// --config and --target apply to a what-if audit as to any audit: the option
// files are checked against the target while the variants are measured on
// the local sandbox.
func TestWhatIfSandboxChecksTheGivenConfig(t *testing.T) {
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\nquery_cache_size = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "audit", "--no-defaults", "-S", socketOf(t), "-u", "root", "--what-if-sandbox",
		"--workload", "ddl-heavy", "--tables", "10", "--rounds", "2", "--config", cnf, "--target", "mysql-8.0", "--fail-on", "none", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Config   []struct{ Name string }
		Findings []struct {
			ID       string
			Severity string
			Evidence map[string]string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Config) != 1 || doc.Config[0].Name != "query_cache_size" {
		t.Errorf("config options in the report: %+v", doc.Config)
	}
	found := false
	for _, f := range doc.Findings {
		found = found || (f.ID == "removed-variable" && f.Severity == "critical" && f.Evidence["variable"] == "query_cache_size")
	}
	if !found {
		t.Errorf("no critical removed-variable finding for query_cache_size from %s: %+v", cnf, doc.Findings)
	}
}
