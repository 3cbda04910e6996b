package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestServerVariantsMeasureEachRestartSettingOnItsOwnSandbox runs a bench on
// a sandbox with --server-variants: every setting that needs a restart is a
// measured variant carrying its server option and durability cost, and no
// sandbox directory is left in the temporary directory afterwards.
func TestServerVariantsMeasureEachRestartSettingOnItsOwnSandbox(t *testing.T) {
	sandboxtest.RequireServer(t)
	tmp := sandboxtest.ShortTempDir(t)
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "bench", "--no-defaults", "--sandbox", "--server-variants",
		"--tables", "5", "--rounds", "2", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Benchmark struct {
			Variants []struct {
				Name           string
				Measured       bool
				ServerOption   string `json:"server_option"`
				DurabilityCost string `json:"durability_cost"`
				StagingOnly    bool   `json:"staging_only"`
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	byOption := map[string]bool{}
	for _, v := range doc.Benchmark.Variants {
		if v.ServerOption == "" {
			continue
		}
		byOption[v.ServerOption] = v.StagingOnly
		if !v.Measured || v.DurabilityCost == "" {
			t.Errorf("%s: measured %v, durability cost %q", v.Name, v.Measured, v.DurabilityCost)
		}
	}
	for option, stagingOnly := range map[string]bool{"innodb_doublewrite=0": true, "innodb_flush_log_at_trx_commit=2": true,
		"innodb_flush_method=fsync": false, "innodb_log_file_size=1G": false} {
		if got, ok := byOption[option]; !ok || got != stagingOnly {
			t.Errorf("%s: present %v, staging only %v (want %v)", option, ok, got, stagingOnly)
		}
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "upgrade-advisor-sandbox-*"))
	if entries, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("sandboxes left behind: %v (all: %v)", left, entries)
	}
}
