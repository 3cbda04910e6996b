package schemacheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestRefusedDefinitionNamesTheReservedWord: MySQL 9.7 refuses a table
// with an unquoted column rank (1064 near 'rank INT)', as its own client
// says); the fix names rank, asked of 9.7's keywords and 10.11's, and
// none of the definition's keywords (CREATE, TABLE, PRIMARY, KEY, INT).
func TestRefusedDefinitionNamesTheReservedWord(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	file := filepath.Join(t.TempDir(), "ranked.sql")
	sql := "CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(40), rank INT);\nCREATE TABLE plain (id INT PRIMARY KEY);\n"
	if err := os.WriteFile(file, []byte(sql), 0o600); err != nil {
		t.Fatal(err)
	}
	sandboxtest.OnServer(t, "mysql-9.7", func(t *testing.T, srv sandboxtest.Server) {
		s := checkSchema(t, file, srv, today)
		var refused *outcome.Problem
		for _, o := range s.Objects {
			for k, p := range o.Problems {
				if strings.HasSuffix(o.Name, "customer") && p.Kind == outcome.StatusRefused && p.Code == 1064 {
					refused = &o.Problems[k]
				}
			}
		}
		if refused == nil {
			t.Fatalf("no 1064 refusal of customer in %+v", s.Objects)
		}
		want := "rank is a reserved word on the target (today's server does not reserve it): quote it as `rank`"
		if !strings.Contains(refused.Fix, want) {
			t.Errorf("fix %q, want it to say %q", refused.Fix, want)
		}
		for _, kw := range []string{"create", "table", "primary", "key", "int"} {
			if strings.Contains(refused.Fix, "`"+kw+"`") {
				t.Errorf("fix %q blames the keyword %s", refused.Fix, kw)
			}
		}
		if got, want := refusedLines(s), clientErrorsIn(t, srv, srv.Start(t).Socket(), "shop", file); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("the check refuses %v (line:code), the client %v", got, want)
		}
	})
}
