package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDDLFileOfTenantsSaysWhatAllOfThemCost calibrates a file of six
// tenant schemas (five alike, one drifted) with one tenant's tables, and
// the report gives each measured variant's cost of creating them in the
// five schemas that share them: its mean statement time x 3 x 5.
func TestDDLFileOfTenantsSaysWhatAllOfThemCost(t *testing.T) {
	sock := socketOf(t)
	path := filepath.Join(t.TempDir(), "tenants.sql")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(tenantsSchema(), "CREATE VIEW big AS SELECT id FROM orders WHERE total > 100;\n", "CREATE INDEX by_total ON orders (total);\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "bench", "--no-defaults", "-S", sock, "--ddl-file", path, "--rounds", "3", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Benchmark struct {
			Tenants  *struct{ Schemas, Statements int }
			Variants []struct {
				Name        string
				Measured    bool
				CreateMs    struct{ Mean float64 } `json:"create_ms"`
				AllSchemasS float64                `json:"all_schemas_s"`
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	b := doc.Benchmark
	if b.Tenants == nil || b.Tenants.Schemas != 5 || b.Tenants.Statements != 3 {
		t.Fatalf("tenants: %+v; want the 5 schemas that share tenant_01's 3 statements", b.Tenants)
	}
	measured := 0
	for _, v := range b.Variants {
		if !v.Measured {
			continue
		}
		measured++
		want := v.CreateMs.Mean * 3 * 5 / 1000
		if v.AllSchemasS <= 0 || math.Abs(v.AllSchemasS-want) > 0.01+want*0.01 {
			t.Errorf("%s: all schemas %.3f s, want its mean %.3f ms x 15 = %.3f s", v.Name, v.AllSchemasS, v.CreateMs.Mean, want)
		}
	}
	if measured < 2 {
		t.Errorf("%d variants measured: %+v", measured, b.Variants)
	}
	text, stderr, code := run(t, nil, "bench", "--no-defaults", "-S", sock, "--ddl-file", path, "--rounds", "3", "-q")
	if code != 0 || !strings.Contains(text, "The file's 5 schemas of this definition run these 3 statements each: creating all of them (15 statements) would take about") {
		t.Errorf("exit %d, %s; the text report lacks the tenants' cost:\n%s", code, stderr, text)
	}
}
