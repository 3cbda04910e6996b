package schemacheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench/ddlfile"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// writeTenants writes an install script of 12 tenant schemas of three
// tables and a view: tenant_03 has a column named rank, tenant_06 a
// utf8mb3 table, tenant_09 a table without its index, and tenant_11's view
// reads tenant_10's table.
func writeTenants(t *testing.T) string {
	var b strings.Builder
	for i := 1; i <= 12; i++ {
		name := fmt.Sprintf("tenant_%02d", i)
		fmt.Fprintf(&b, "CREATE DATABASE `%s`;\nUSE `%s`;\n", name, name)
		for j := 1; j <= 3; j++ {
			extra, key, charset := "", ", KEY k_account (account_id)", "utf8mb4"
			switch {
			case j == 2 && i == 3:
				extra = ", `rank` INT NOT NULL DEFAULT 0"
			case j == 2 && i == 6:
				charset = "utf8mb3"
			case j == 2 && i == 9:
				key = ""
			}
			fmt.Fprintf(&b, "CREATE TABLE t%d (id INT NOT NULL PRIMARY KEY, account_id INT NOT NULL, name VARCHAR(40) NOT NULL DEFAULT ''%s%s) ENGINE=InnoDB DEFAULT CHARSET=%s;\n",
				j, extra, key, charset)
		}
		from := name
		if i == 11 {
			from = "tenant_10"
		}
		fmt.Fprintf(&b, "CREATE VIEW v_names AS SELECT id, name FROM `%s`.t1;\n", from)
	}
	path := filepath.Join(t.TempDir(), "tenants.sql")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestGroupedSameAsEveryTenant checks, on MySQL 9.7 and its own dump of 12
// tenants, that the grouped check finds what the check of every schema
// finds (the same objects, statuses and problems, each at its own line),
// and that the drifted tenants and the two that name each other are
// groups of their own.
func TestGroupedSameAsEveryTenant(t *testing.T) {
	srv := sandboxtest.ByKey(t, "mysql-9.7")
	srv.Require(t)
	sb := srv.Start(t)
	script := writeTenants(t)
	sandboxtest.LoadScript(t, sb, script)
	var names []string
	for i := 1; i <= 12; i++ {
		names = append(names, fmt.Sprintf("tenant_%02d", i))
	}
	dump := srv.Dump(t, sb, "mysqldump", append([]string{"--no-data", "--routines", "--set-gtid-purged=OFF", "--databases"}, names...)...)
	check := func(noGroup bool) *outcome.Schema {
		s, err := CheckOnTarget(context.Background(), Options{SchemaFile: dump, TargetBasedir: srv.Basedir, NoGroup: noGroup})
		if err != nil {
			t.Fatalf("schema check (no-group %v): %v", noGroup, err)
		}
		return s
	}
	grouped, every := check(false), check(true)
	assertGrouped(t, grouped, every)
	// --ddl-file of the same dump calibrates one tenant's tables.
	tables, notes, err := ddlfile.ParseFile(dump)
	if err != nil {
		t.Fatalf("--ddl-file of the tenants' dump: %v", err)
	}
	if len(tables.Statements) != 3 {
		t.Errorf("--ddl-file runs %d statements, want tenant_01's 3 tables", len(tables.Statements))
	}
	if note := strings.Join(notes, "\n"); !strings.Contains(note, "the file holds 12 schemas; 7 of them (tenant_01") ||
		!strings.Contains(note, "5 schemas differ and are not calibrated") {
		t.Errorf("--ddl-file notes: %s", note)
	}
}

// TestGroupedLiveSameAsEveryTenant: the same 12 tenants read from a live
// MySQL 9.7 (--schemas) and checked on MySQL 9.7, grouped and not.
func TestGroupedLiveSameAsEveryTenant(t *testing.T) {
	srv := sandboxtest.ByKey(t, "mysql-9.7")
	srv.Require(t)
	sb := srv.Start(t)
	sandboxtest.LoadScript(t, sb, writeTenants(t))
	var names []string
	for i := 1; i <= 12; i++ {
		names = append(names, fmt.Sprintf("tenant_%02d", i))
	}
	check := func(noGroup bool) *outcome.Schema {
		s, err := CheckOnTarget(context.Background(), Options{Live: &server.ConnOptions{DSN: sb.DSN()}, Schemas: names,
			TargetBasedir: srv.Basedir, NoGroup: noGroup})
		if err != nil {
			t.Fatalf("schema check (no-group %v): %v", noGroup, err)
		}
		return s
	}
	assertGrouped(t, check(false), check(true))
}

// assertGrouped checks a grouped check of writeTenants's schemas against
// the check of every schema.
func assertGrouped(t *testing.T, grouped, every *outcome.Schema) {
	t.Helper()
	if got, want := findings(grouped), findings(every); !slices.Equal(got, want) {
		t.Errorf("grouped and every schema differ:\n%s", diffLines(got, want))
	}
	if len(grouped.Objects) != 12*4 {
		t.Errorf("%d objects, want 48", len(grouped.Objects))
	}
	var alone []string
	var largest []string
	for _, g := range grouped.Groups {
		if len(g.Schemas) == 1 {
			alone = append(alone, g.Schemas[0])
		} else if !g.Drifted {
			largest = g.Schemas
		}
	}
	slices.Sort(alone)
	if want := []string{"tenant_03", "tenant_06", "tenant_09", "tenant_10", "tenant_11"}; !slices.Equal(alone, want) {
		t.Errorf("groups of one schema %v, want %v (groups %+v)", alone, want, grouped.Groups)
	}
	if len(largest) != 7 {
		t.Errorf("the largest group %v, want the 7 undrifted tenants", largest)
	}
	if every.Groups != nil {
		t.Errorf("--no-group has groups: %+v", every.Groups)
	}
	statusOf := map[string]string{}
	for _, o := range grouped.Objects {
		statusOf[o.Name] = o.Status
	}
	if statusOf["tenant_03.t2"] != outcome.StatusReserved || statusOf["tenant_06.t2"] != outcome.StatusWarned {
		t.Errorf("tenant_03.t2 %s (want reserved), tenant_06.t2 %s (want warned)", statusOf["tenant_03.t2"], statusOf["tenant_06.t2"])
	}
}

// findings lists every object with its status and problems, one line
// each, sorted.
func findings(s *outcome.Schema) []string {
	var out []string
	for _, o := range s.Objects {
		line := fmt.Sprintf("%s %s %s %s", o.Kind, o.Name, o.Source, o.Status)
		for _, p := range o.Problems {
			line += fmt.Sprintf(" | %s %d %s %s %s %v", p.Kind, p.Code, p.Message, p.Source, p.CausedBy, p.Today)
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}

func diffLines(got, want []string) string {
	var b strings.Builder
	for _, g := range got {
		if !slices.Contains(want, g) {
			b.WriteString("grouped only: " + g + "\n")
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			b.WriteString("every schema only: " + w + "\n")
		}
	}
	return b.String()
}
