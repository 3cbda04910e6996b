package ddlfile

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile/sqlfiletest"
)

// TestParseTenants: --ddl-file of a file of tenant schemas calibrates one
// tenant's tables (their lines kept), and says how many schemas share them
// and which differ; a file of one schema is read as before.
func TestParseTenants(t *testing.T) {
	src := sqlfiletest.TenantScript(5, func(i int, s string) string {
		if i == 2 {
			return strings.Replace(s, "t1_id INT", "t1_id INT, extra INT", 1)
		}
		return s
	})
	tables, notes, err := Parse("tenants.sql", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(tables.Statements) != 2 || tables.Statements[0].Table != "t1" || tables.Statements[1].Table != "t2" {
		t.Fatalf("statements %+v, want tenant_1's t1 and t2", tables.Statements)
	}
	if !strings.Contains(tables.Statements[1].SQL, "t1_id INT)") {
		t.Errorf("t2 is not the shared definition: %s", tables.Statements[1].SQL)
	}
	note := strings.Join(notes, "\n")
	for _, want := range []string{"the file holds 5 schemas; 4 of them", "runs tenant_1's 2 tables", "about 4 times", "1 schemas differ and are not calibrated: tenant_2"} {
		if !strings.Contains(note, want) {
			t.Errorf("notes lack %q:\n%s", want, note)
		}
	}
	one, notes, err := Parse("one.sql", strings.NewReader(sqlfiletest.TenantScript(1, nil)))
	if err != nil || len(one.Statements) != 2 || strings.Contains(strings.Join(notes, " "), "schemas") {
		t.Errorf("one schema: %+v %v %v", one.Statements, notes, err)
	}
}
