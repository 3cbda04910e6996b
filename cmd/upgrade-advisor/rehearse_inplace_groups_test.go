package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// tenantsSchema is six tenant schemas of two tables and a view, the last
// drifted (an extra column).
func tenantsSchema() string {
	var b strings.Builder
	for i := 1; i <= 6; i++ {
		extra := ""
		if i == 6 {
			extra = ", note VARCHAR(20)"
		}
		fmt.Fprintf(&b, "CREATE DATABASE tenant_%02d;\nUSE tenant_%02d;\n", i, i)
		fmt.Fprintf(&b, "CREATE TABLE orders (id INT PRIMARY KEY, total DECIMAL(10,2)%s) ENGINE=InnoDB;\n", extra)
		b.WriteString("CREATE TABLE order_lines (id INT PRIMARY KEY, order_id INT, KEY (order_id)) ENGINE=InnoDB;\n")
		b.WriteString("CREATE VIEW big AS SELECT id FROM orders WHERE total > 100;\n")
	}
	return b.String()
}

// inPlaceGroupsDoc is what this test reads of the in_place section.
type inPlaceGroupsDoc struct {
	InPlace *struct {
		TablesChecked int `json:"tables_checked"`
		Objects       []struct {
			Schema, Name, Kind, Status, Message string
			Group                               int
		}
		Groups []struct {
			Checked string
			Schemas []string
			Count   int
			Drifted bool
		}
		Clean bool
		Error string
	} `json:"in_place"`
}

// TestRehearseInPlaceGroupsTenants upgrades six tenant schemas in place
// (MariaDB 10.11 -> 11.8), grouped and with --no-group: grouped, one schema
// of each of the two groups is loaded, upgraded and checked, and its
// objects stand for their group; the objects and statuses, each group
// spread over its schemas, are those of upgrading every schema.
func TestRehearseInPlaceGroupsTenants(t *testing.T) {
	source, target := sandboxtest.ByKey(t, "mariadb-10.11"), sandboxtest.ByKey(t, "mariadb-11.8")
	source.Require(t)
	target.Require(t)
	dir := t.TempDir()
	cnf, schema := filepath.Join(dir, "my.cnf"), filepath.Join(dir, "tenants.sql")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_buffer_pool_size = 64M\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(schema, []byte(tenantsSchema()), 0o644); err != nil {
		t.Fatal(err)
	}
	rehearse := func(format string, extra ...string) string {
		tmp := shortTemp(t)
		args := append([]string{"rehearse", "--in-place", "--schema-file", schema, "--no-defaults", "--config", cnf,
			"--server-version", source.Binary.Flavor.Raw, "--source-basedir", "/", "--target-basedir", target.Basedir,
			"--tables", "10", "--rounds", "2", "--format", format, "-q"}, extra...)
		stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s\n%.2000s", extra, code, stderr, stdout)
		}
		noServersLeft(t, tmp)
		return stdout
	}
	read := func(out string) inPlaceGroupsDoc {
		var doc inPlaceGroupsDoc
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.InPlace == nil {
			t.Fatalf("no in_place section (%v):\n%.2000s", err, out)
		}
		if doc.InPlace.Error != "" || !doc.InPlace.Clean {
			t.Errorf("in place: error %q, clean %v", doc.InPlace.Error, doc.InPlace.Clean)
		}
		return doc
	}
	grouped, every := read(rehearse("json")), read(rehearse("json", "--no-group"))

	g := grouped.InPlace
	if len(g.Groups) != 2 || g.Groups[0].Count != 5 || g.Groups[0].Drifted || g.Groups[1].Checked != "tenant_06" || !g.Groups[1].Drifted {
		t.Fatalf("groups: %+v; want tenant_01..tenant_05 and the drifted tenant_06", g.Groups)
	}
	if len(g.Objects) != 6 {
		t.Errorf("grouped: %d objects checked, want the 3 of tenant_01 and of tenant_06: %+v", len(g.Objects), g.Objects)
	}
	if len(every.InPlace.Groups) != 0 || len(every.InPlace.Objects) != 18 {
		t.Errorf("--no-group: %d groups, %d objects; want none and 18", len(every.InPlace.Groups), len(every.InPlace.Objects))
	}
	if g.TablesChecked >= every.InPlace.TablesChecked {
		t.Errorf("the upgrade tool checked %d tables grouped, %d with --no-group: grouped should load fewer", g.TablesChecked, every.InPlace.TablesChecked)
	}
	var spread, all []string
	for _, o := range g.Objects {
		if o.Group < 1 || o.Group > len(g.Groups) {
			t.Fatalf("object %s.%s has no group (%d)", o.Schema, o.Name, o.Group)
		}
		for _, s := range expandNames(g.Groups[o.Group-1].Schemas) {
			spread = append(spread, strings.Join([]string{s, o.Name, o.Kind, o.Status}, " "))
		}
	}
	for _, o := range every.InPlace.Objects {
		all = append(all, strings.Join([]string{o.Schema, o.Name, o.Kind, o.Status}, " "))
	}
	slices.Sort(spread)
	slices.Sort(all)
	if !slices.Equal(spread, all) {
		t.Errorf("grouped, spread over the groups:\n%s\n--no-group:\n%s", strings.Join(spread, "\n"), strings.Join(all, "\n"))
	}
	text := rehearse("text")
	for _, want := range []string{"schemas: 6 in 2 groups of the same definition, one schema of each loaded, upgraded and checked",
		"drifted from the largest group: tenant_06", "18 object(s) of the schema usable"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text report lacks %q:\n%s", want, text)
		}
	}
}

// expandNames undoes the report's compact names: "tenant_01..tenant_05"
// is tenant_01 to tenant_05.
func expandNames(names []string) []string {
	var out []string
	for _, n := range names {
		first, last, ok := strings.Cut(n, "..")
		if !ok {
			out = append(out, n)
			continue
		}
		prefix := strings.TrimRight(first, "0123456789")
		width := len(first) - len(prefix)
		var from, to int
		fmt.Sscanf(first[len(prefix):], "%d", &from)
		fmt.Sscanf(last[len(prefix):], "%d", &to)
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf("%s%0*d", prefix, width, i))
		}
	}
	return out
}
