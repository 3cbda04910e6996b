package queries

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/querylog"
)

func readLog(t *testing.T, text string) *querylog.Result {
	t.Helper()
	res, err := querylog.Read("test.log", strings.NewReader(text), querylog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

const slowLogFixture = `# Time: 2026-12-02T10:00:00.000000Z
# User@Host: app[app] @ localhost []
# Thread_id: 7  Schema: shop  QC_hit: No
# Query_time: 0.000100  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 1
SET timestamp=1764669600;
SELECT name FROM customers WHERE id = 1;
# Time: 2026-12-02T10:00:01.000000Z
# User@Host: app[app] @ localhost []
# Thread_id: 7  Schema: shop  QC_hit: No
# Query_time: 0.000100  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 1
SET timestamp=1764669601;
SELECT name FROM customers WHERE id = 2;
# Time: 2026-12-02T10:00:02.000000Z
# User@Host: app[app] @ localhost []
# Thread_id: 7  Schema: shop  QC_hit: No
# Query_time: 0.500000  Lock_time: 0.000000  Rows_sent: 9  Rows_examined: 3500
SET timestamp=1764669602;
SELECT * FROM orders ORDER BY total;
`

func TestFromLogKeepsHeaviestClassesWithTheirSession(t *testing.T) {
	res := readLog(t, slowLogFixture)
	for _, tc := range []struct {
		name        string
		max         int
		wantClasses []string
		wantSamples int
	}{
		{"all", 0, []string{"select * from orders order by total", "select name from customers where id = ?"}, 3},
		{"heaviest only", 1, []string{"select * from orders order by total"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := FromLog(res, tc.max)
			if in.Weight != "time" || in.Executions != 3 || in.Classes != 2 || in.Kept != len(tc.wantClasses) {
				t.Fatalf("input %+v", in)
			}
			if len(in.Statements) != tc.wantSamples {
				t.Fatalf("%d statements, want %d", len(in.Statements), tc.wantSamples)
			}
			var classes []string
			for _, st := range in.Statements {
				if len(classes) == 0 || classes[len(classes)-1] != st.Class {
					classes = append(classes, st.Class)
				}
				if st.Schema != "shop" {
					t.Errorf("%q: schema %q, want the logged shop", st.SQL, st.Schema)
				}
			}
			if strings.Join(classes, "|") != strings.Join(tc.wantClasses, "|") {
				t.Errorf("classes %q, want %q", classes, tc.wantClasses)
			}
			if w := in.Statements[0].Weight; w != (500 * time.Millisecond).Seconds() {
				t.Errorf("weight %v, want the class's logged time 0.5", w)
			}
		})
	}
}

func TestInSchemas(t *testing.T) {
	for _, tc := range []struct {
		name       string
		loaded     []string
		database   string
		schemas    []string
		wantRun    []string
		wantNoteOf string
	}{
		{"logged schema loaded", []string{"shop"}, "", []string{"shop", "SHOP"}, []string{"shop", "SHOP"}, ""},
		{"another schema left out", []string{"shop"}, "", []string{"shop", "crm"}, []string{"shop"}, "crm"},
		{"no schema: the only one loaded", []string{"shop"}, "", []string{""}, []string{"shop"}, "only schema loaded"},
		{"no schema, two loaded: none, and a note naming --database", []string{"shop", "crm"}, "", []string{""}, []string{""}, "--database"},
		{"no schema, two loaded, --database", []string{"shop", "crm"}, "crm", []string{""}, []string{"crm"}, "default schema given"},
		{"the logged USE wins over --database", []string{"shop", "crm"}, "crm", []string{"shop", ""}, []string{"shop", "crm"}, "default schema given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := &Input{}
			for _, s := range tc.schemas {
				in.Statements = append(in.Statements, Statement{Class: "c", SQL: "SELECT 1", Schema: s})
			}
			if err := in.InSchemas(tc.loaded, tc.database); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, st := range in.Statements {
				got = append(got, st.Schema)
			}
			if strings.Join(got, ",") != strings.Join(tc.wantRun, ",") {
				t.Errorf("schemas run %q, want %q", got, tc.wantRun)
			}
			notes := strings.Join(in.Notes, "\n")
			if (tc.wantNoteOf == "") != (notes == "") || !strings.Contains(notes, tc.wantNoteOf) {
				t.Errorf("notes %q, want one naming %q", notes, tc.wantNoteOf)
			}
		})
	}
}

// TestInSchemasRefusesADatabaseNotLoaded: --database must name a loaded
// schema; the error is a usage error that names what is loaded.
func TestInSchemasRefusesADatabaseNotLoaded(t *testing.T) {
	in := &Input{Statements: []Statement{{Class: "c", SQL: "SELECT 1"}}}
	err := in.InSchemas([]string{"shop", "crm"}, "lib")
	if !errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), "shop, crm") {
		t.Errorf("error %v: want a usage error naming the loaded schemas", err)
	}
}
