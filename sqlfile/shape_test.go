package sqlfile

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile/sqlfiletest"
)

func TestGroupSchemas(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(i int, sql string) string
		want   [][]string
	}{
		{"identical tenants are one group", nil, [][]string{{"tenant_1", "tenant_2", "tenant_3", "tenant_4", "tenant_5"}}},
		{"an extra column", func(i int, s string) string {
			if i == 2 {
				return strings.Replace(s, "t1_id INT", "t1_id INT, `rank` INT", 1)
			}
			return s
		}, [][]string{{"tenant_1", "tenant_3", "tenant_4", "tenant_5"}, {"tenant_2"}}},
		{"a missing index and another charset", func(i int, s string) string {
			switch i {
			case 3:
				return strings.Replace(s, ", KEY k_name (name)", "", 1)
			case 4:
				return strings.Replace(s, "utf8mb4", "utf8mb3", 1)
			}
			return s
		}, [][]string{{"tenant_1", "tenant_2", "tenant_5"}, {"tenant_3"}, {"tenant_4"}}},
		{"a default differs", func(i int, s string) string {
			if i == 5 {
				return strings.Replace(s, "DEFAULT 'x'", "DEFAULT 'y'", 1)
			}
			return s
		}, [][]string{{"tenant_1", "tenant_2", "tenant_3", "tenant_4"}, {"tenant_5"}}},
		{"a view naming another tenant keeps both out", func(i int, s string) string {
			if i == 4 {
				return strings.Replace(s, "FROM `tenant_4`.t1", "FROM `tenant_1`.t1", 1)
			}
			return s
		}, [][]string{{"tenant_1"}, {"tenant_2", "tenant_3", "tenant_5"}, {"tenant_4"}}},
		{"the file's closing SETs are no schema's", func(i int, s string) string {
			if i == 5 {
				return s + "SET character_set_client = @saved;\nSET sql_notes = 1;\n"
			}
			return s
		}, [][]string{{"tenant_1", "tenant_2", "tenant_3", "tenant_4", "tenant_5"}}},
		{"a SET of its own", func(i int, s string) string {
			if i == 2 {
				return strings.Replace(s, "SET @saved = @@character_set_client;", "SET @saved = @@collation_connection;", 1)
			}
			return s
		}, [][]string{{"tenant_1", "tenant_3", "tenant_4", "tenant_5"}, {"tenant_2"}}},
		{"the sql_mode an object was created under", func(i int, s string) string {
			if i == 3 {
				return strings.Replace(s, "CREATE TABLE t2", "SET sql_mode = 'ANSI_QUOTES';\nCREATE TABLE t2", 1) + "SET sql_mode = DEFAULT;\n"
			}
			return s
		}, [][]string{{"tenant_1", "tenant_2", "tenant_4", "tenant_5"}, {"tenant_3"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ReadDump("tenants.sql", strings.NewReader(sqlfiletest.TenantScript(5, c.change)), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got [][]string
			for _, g := range GroupSchemas(d) {
				got = append(got, g.Schemas)
				for i, p := range g.Places {
					if len(p) != len(g.Places[0]) {
						t.Errorf("%s has %d statements, %s %d", g.Schemas[i], len(p), g.Schemas[0], len(g.Places[0]))
					}
				}
			}
			if !slices.EqualFunc(got, c.want, slices.Equal) {
				t.Errorf("groups %v, want %v", got, c.want)
			}
		})
	}
}

// TestGroupPlaces checks that the i-th place of every schema of a group is
// the same statement: its line holds the same text, the name aside.
func TestGroupPlaces(t *testing.T) {
	src := sqlfiletest.TenantScript(3, nil)
	d, err := ReadDump("tenants.sql", strings.NewReader(src), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	g := GroupSchemas(d)[0]
	for i := range g.Places[0] {
		for m := range g.Schemas {
			var n int
			fmt.Sscan(g.Places[m][i], &n)
			got := strings.ReplaceAll(lines[n-1], g.Schemas[m], "S")
			var first int
			fmt.Sscan(g.Places[0][i], &first)
			if want := strings.ReplaceAll(lines[first-1], g.Schemas[0], "S"); got != want {
				t.Errorf("place %d of %s: line %d %q, want %q", i, g.Schemas[m], n, got, want)
			}
		}
	}
}

func TestWithout(t *testing.T) {
	d, err := ReadDump("tenants.sql", strings.NewReader(sqlfiletest.TenantScript(3, nil)), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := d.Without(map[string]bool{"tenant_2": true})
	if got := w.SchemaNames(); !slices.Equal(got, []string{"tenant_1", "tenant_3"}) {
		t.Errorf("schemas %v", got)
	}
	if len(w.Objects) != 6 {
		t.Errorf("%d objects, want 6", len(w.Objects))
	}
	for _, s := range w.Steps {
		if strings.Contains(s.SQL, "tenant_2") {
			t.Errorf("step kept: %s", s.SQL)
		}
		if (s.Kind == StepCreate || s.Kind == StepAlter) && w.Objects[s.Object].Line != s.Line && s.Kind == StepCreate {
			t.Errorf("step at line %d points at object of line %d", s.Line, w.Objects[s.Object].Line)
		}
	}
	sets := 0
	for _, s := range w.Steps {
		if strings.HasPrefix(s.SQL, "SET @saved") {
			sets++
		}
	}
	if sets != 2 {
		t.Errorf("%d session SETs kept, want 2 (tenant_2's goes with it)", sets)
	}
}

// FuzzGroupSchemas: any file the reader takes groups without a panic, the
// schemas of a group with as many statements each, and Without keeps
// every step's object in range.
func FuzzGroupSchemas(f *testing.F) {
	f.Add(sqlfiletest.TenantScript(3, nil))
	f.Add("CREATE DATABASE a;\nUSE a;\nCREATE TABLE t (id INT);\nUSE b;\nCREATE TABLE t (id INT);\nCREATE VIEW v AS SELECT * FROM a.t;\n")
	f.Add("USE `x`;\nDELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\nDELIMITER ;\nUSE y;\nSET @n = 1;\n")
	f.Fuzz(func(t *testing.T, src string) {
		d, err := ReadDump("f.sql", strings.NewReader(src), ReadOptions{})
		if err != nil {
			return
		}
		drop := map[string]bool{}
		for _, g := range GroupSchemas(d) {
			for i, p := range g.Places {
				if len(p) != len(g.Places[0]) {
					t.Fatalf("%s has %d statements, %s %d", g.Schemas[i], len(p), g.Schemas[0], len(g.Places[0]))
				}
			}
			for _, s := range g.Schemas[1:] {
				drop[strings.ToLower(s)] = true
			}
		}
		w := d.Without(drop)
		for _, st := range w.Steps {
			if st.Object >= len(w.Objects) || (st.Kind == StepCreate || st.Kind == StepAlter) && st.Object < 0 {
				t.Fatalf("step at line %d points at object %d of %d", st.Line, st.Object, len(w.Objects))
			}
		}
	})
}

// TestSchemasNamedWithoutUse: tables named by schema, with no USE, are
// their schema's part of the file: schemas whose tables differ are not one
// group, and schemas of the same tables are, with every step of the schema
// not loaded left out (no create step without its object).
func TestSchemasNamedWithoutUse(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      [][]string
	}{
		{"different tables", "CREATE DATABASE IF NOT EXISTS metrics;\nCREATE TABLE metrics.samples (id INT PRIMARY KEY);\n" +
			"CREATE DATABASE IF NOT EXISTS ops;\nCREATE TABLE ops.hosts (id INT PRIMARY KEY);\n", [][]string{{"metrics"}, {"ops"}}},
		{"the same tables", "CREATE DATABASE a;\nCREATE TABLE a.t (id INT PRIMARY KEY);\nALTER TABLE a.t ADD KEY (id);\n" +
			"CREATE DATABASE b;\nCREATE TABLE b.t (id INT PRIMARY KEY);\nALTER TABLE b.t ADD KEY (id);\n", [][]string{{"a", "b"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := readString(t, c.src)
			groups := GroupSchemas(d)
			var got [][]string
			for _, g := range groups {
				got = append(got, g.Schemas)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("groups %v, want %v", got, c.want)
			}
			w := d.Without(Unloaded(groups))
			for _, s := range w.Steps {
				if (s.Kind == StepCreate || s.Kind == StepAlter) && (s.Object < 0 || s.Object >= len(w.Objects)) {
					t.Errorf("step at line %d (%s) has no object: %d of %d", s.Line, s.What, s.Object, len(w.Objects))
				}
			}
		})
	}
}
