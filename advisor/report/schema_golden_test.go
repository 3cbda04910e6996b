package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
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
	r.Schema.Objects = []SchemaObject{{Status: outcome.StatusWarned}}
	r.Judge() // the findings and the verdict follow the section
	if w, _ := r.Worst(); w.String() != "info" {
		t.Errorf("worst %v: warnings at creation are information", w)
	}
	r.Schema.Objects = []SchemaObject{{Status: outcome.StatusLoaded}}
	r.Judge()
	if _, any := r.Worst(); any {
		t.Error("a schema that loaded has nothing at any severity")
	}
}

func TestSchemaOfListsEmptyAsEmpty(t *testing.T) {
	for _, c := range []struct {
		name string
		in   *outcome.Schema
		want string // a part of the JSON
	}{
		{"no objects", &outcome.Schema{Source: "a.sql"}, `"objects":[]`},
		{"an object without problems", &outcome.Schema{Objects: []outcome.Object{{Kind: "table", Name: "t", Status: outcome.StatusLoaded}}}, `"problems":[]`},
		{"every field of a problem", &outcome.Schema{Objects: []outcome.Object{{Problems: []outcome.Problem{{Kind: outcome.StatusBlocked, Code: 1146,
			Message: "m", Fix: "f", Today: true, Source: "a.sql:3", CausedBy: "a.sql:2"}}}}},
			`{"kind":"blocked","code":1146,"message":"m","fix":"f","today":true,"source":"a.sql:3","caused_by":"a.sql:2"}`},
		{"the duration in seconds", &outcome.Schema{Duration: 1500 * time.Millisecond}, `"duration_s":1.5`},
	} {
		data, err := json.Marshal(SchemaOf(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), c.want) {
			t.Errorf("%s: %s lacks %s", c.name, data, c.want)
		}
	}
	if SchemaOf(nil) != nil {
		t.Error("no schema check, no schema section")
	}
}
