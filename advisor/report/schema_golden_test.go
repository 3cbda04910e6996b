package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// schemaFixture reads a real schema check's report (a mariadb-dump of the
// schema check's MariaDB fixture against MySQL 9.7.4, today's version
// MariaDB 10.11.19), so every renderer is tested on what a check produced.
func schemaFixture(t *testing.T) *Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "schema-check.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestSchemaReportGolden(t *testing.T) {
	r := schemaFixture(t)
	for _, f := range []struct {
		format Format
		file   string
	}{{Text, "schema-check.txt"}, {Markdown, "schema-check.md"}, {JSON, "schema-check.json"}, {HTML, "schema-check.html"}} {
		var b bytes.Buffer
		if err := Write(&b, r, f.format, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		golden(t, f.file, b.Bytes())
	}
}

func TestSchemaStatusesDecideFailOn(t *testing.T) {
	r := schemaFixture(t)
	if w, any := r.Worst(); !any || w.String() != "critical" {
		t.Errorf("worst %v %v: refused objects are critical", w, any)
	}
	r.Schema.Objects = []SchemaObject{{Status: StatusWarned}}
	if w, _ := r.Worst(); w.String() != "info" {
		t.Errorf("worst %v: warnings at creation are information", w)
	}
	r.Schema.Objects = []SchemaObject{{Status: StatusLoaded}}
	if _, any := r.Worst(); any {
		t.Error("a schema that loaded has nothing at any severity")
	}
}

func TestWorstStatusIgnoresTodaysProblems(t *testing.T) {
	ps := []SchemaProblem{{Kind: StatusRefused, Today: true}, {Kind: StatusWarned}, {Kind: StatusReserved}}
	if s := WorstStatus(ps); s != StatusReserved {
		t.Errorf("status %s, want reserved: a refusal today's version shares is not the upgrade's", s)
	}
	if s := WorstStatus(nil); s != StatusLoaded {
		t.Errorf("status %s, want loaded", s)
	}
}
