package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCompactNames(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"tenant_0001", "tenant_0002", "tenant_0003", "tenant_0005", "tenant_0006", "shop"},
			[]string{"tenant_0001..tenant_0003", "tenant_0005", "tenant_0006", "shop"}},
		{[]string{"t9", "t10", "t11"}, []string{"t9", "t10", "t11"}}, // the width changes: not one run
		{[]string{"a1", "b2", "b3", "b4"}, []string{"a1", "b2..b4"}},
		{nil, nil},
	} {
		if got := compactNames(c.in); !slices.Equal(got, c.want) {
			t.Errorf("compactNames(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestSchemaTenantsGolden renders a real grouped check (8 tenant schemas
// of an install script on MySQL 9.7.4, tenant_05 with a column named rank,
// every tenant with a utf8mb3 table): one row for the seven schemas of the
// same definition, the drifted schema first.
func TestSchemaTenantsGolden(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "schema-tenants.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		format Format
		file   string
	}{{Text, "schema-tenants.txt"}, {Markdown, "schema-tenants.md"}, {JSON, "schema-tenants.json"}, {HTML, "schema-tenants.html"}} {
		var b bytes.Buffer
		if err := Write(&b, &r, f.format, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		golden(t, f.file, b.Bytes())
		if f.format == Text {
			text := b.String()
			if !strings.Contains(text, "tenant_01.notes (line 4) and 6 schemas with the same definition (the group: tenant_01..tenant_04, tenant_06..tenant_08)") {
				t.Errorf("no grouped row:\n%s", text)
			}
			if i, j := strings.Index(text, "tenant_05.notes"), strings.Index(text, "tenant_01.notes"); i < 0 || i > j {
				t.Errorf("the drifted tenant's row is not first:\n%s", text)
			}
			if strings.Contains(text, "tenant_02.notes") {
				t.Errorf("a schema of the group has a row of its own:\n%s", text)
			}
		}
	}
}
