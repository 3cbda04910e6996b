package schemacheck

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

func TestRenameSchema(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"tenant_1.t1", "tenant_12.t1"},
		{"`tenant_1`.`t1`", "`tenant_12`.`t1`"},
		{"tenant_10.t1", "tenant_10.t1"},
		{"xtenant_1 tenant_1", "xtenant_1 tenant_12"},
		{"no name here", "no name here"},
	} {
		if got := renameSchema(c.in, "tenant_1", "tenant_12"); got != c.want {
			t.Errorf("renameSchema(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestExpand checks that the other schemas of a group get the loaded
// schema's objects with their own names and lines, problems and all.
func TestExpand(t *testing.T) {
	g := &Grouping{file: "f.sql", groups: []sqlfile.SchemaGroup{
		{Schemas: []string{"a", "b", "c"}, Places: [][]string{{"1", "2"}, {"11", "12"}, {"21", "22"}}},
		{Schemas: []string{"d"}, Places: [][]string{{"31"}}},
	}, at: map[string]groupPlace{"1": {0, 0}, "2": {0, 1}, "31": {1, 0}}}
	objects := []outcome.Object{
		{Kind: "table", Name: "a.t", Source: "f.sql:1", Status: outcome.StatusReserved,
			Problems: []outcome.Problem{{Kind: outcome.StatusReserved, Message: "column of a.t", Source: "f.sql:2"}}},
		{Kind: "table", Name: "d.t", Source: "f.sql:31", Status: outcome.StatusLoaded},
		{Kind: "account", Name: "x@%", Source: "f.sql:40", Status: outcome.StatusLoaded},
	}
	got := g.expand(objects)
	if len(got) != 5 {
		t.Fatalf("%d objects, want 5: %+v", len(got), got)
	}
	for i, want := range []struct{ name, source, msg, psource string }{
		{"b.t", "f.sql:11", "column of b.t", "f.sql:12"},
		{"c.t", "f.sql:21", "column of c.t", "f.sql:22"},
	} {
		o := got[3+i]
		if o.Name != want.name || o.Source != want.source || o.Status != outcome.StatusReserved ||
			o.Problems[0].Message != want.msg || o.Problems[0].Source != want.psource {
			t.Errorf("copy %d: %+v, want %+v", i, o, want)
		}
	}
	if objects[0].Problems[0].Message != "column of a.t" {
		t.Errorf("the loaded schema's own problem changed: %+v", objects[0].Problems)
	}
	sum := g.summary()
	if !sum[1].Drifted || sum[0].Drifted {
		t.Errorf("drifted: %+v", sum)
	}
}
