package schemacheck

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

func TestKnowledgeCheckFindsRemovedSQLModeFlags(t *testing.T) {
	src := "SET sql_mode = 'STRICT_TRANS_TABLES,NO_AUTO_CREATE_USER';\nCREATE TABLE t (a INT);\n" +
		"CREATE PROCEDURE p() SELECT 1;\nSET sql_mode = 'STRICT_TRANS_TABLES';\nCREATE PROCEDURE q() SELECT 1;\n"
	d, err := sqlfile.ReadDump("k.sql", strings.NewReader(src), sqlfile.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		target string
		want   map[string]string
	}{
		{"mysql-8.0", map[string]string{"t": outcome.StatusLoaded, "p": outcome.StatusRefused, "q": outcome.StatusLoaded}},
		{"mysql-5.7", map[string]string{"t": outcome.StatusLoaded, "p": outcome.StatusLoaded, "q": outcome.StatusLoaded}},
		{"mariadb-11.8", map[string]string{"t": outcome.StatusLoaded, "p": outcome.StatusLoaded, "q": outcome.StatusLoaded}},
	}
	for _, c := range cases {
		fl, err := rules.ParseTarget(c.target, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range knowledgeCheck(d, fl) {
			if o.Status != c.want[o.Name] {
				t.Errorf("%s: %s is %s, want %s (%+v)", c.target, o.Name, o.Status, c.want[o.Name], o.Problems)
			}
			if o.Status == outcome.StatusRefused && !strings.Contains(o.Problems[0].Fix, "sql_mode='STRICT_TRANS_TABLES'") {
				t.Errorf("fix %q", o.Problems[0].Fix)
			}
		}
	}
}
