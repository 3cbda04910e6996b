package queries

import (
	"strings"
	"testing"
)

// TestReservedWordFixNamesTheWord checks, on real servers, that the fix of
// a target's 1064 names the word only the target reserves, asked of both
// servers' keywords (MySQL's RESERVED column, MariaDB's keyword list tried
// unquoted), even where the parser stops one word later: 9.7 answers
// "near 'FROM ranking ...'" to "SELECT id, name, rank FROM ranking".
func TestReservedWordFixNamesTheWord(t *testing.T) {
	for _, tc := range []struct {
		target, sql, word string
	}{
		{"mysql-9.7", "SELECT id, name, rank FROM ranking ORDER BY rank DESC, id", "rank"},
		{"mariadb-11.8", "SELECT id AS vector FROM ranking WHERE id = 1", "vector"},
	} {
		t.Run(tc.target, func(t *testing.T) {
			todaySrv, targetSrv := server(t, "mariadb-10.11"), server(t, tc.target)
			todaySrv.Require(t)
			targetSrv.Require(t)
			sbToday, today := shop(t, todaySrv)
			sbTarget, target := shop(t, targetSrv)
			for _, s := range []Server{today, target} {
				for _, q := range []string{"CREATE TABLE shop.ranking (id INT PRIMARY KEY, name VARCHAR(40), `rank` INT)",
					"INSERT INTO shop.ranking VALUES (1, 'a', 3), (2, 'b', 5)"} {
					if _, err := s.DB.ExecContext(t.Context(), q); err != nil {
						t.Fatal(err)
					}
				}
			}
			w := want{sql: tc.sql, status: StatusBreaks, code: 1064, fix: tc.word + " is a reserved word on the target"}
			r, err := Compare(t.Context(), today, target, statementsOf([]want{w}), Options{})
			if err != nil {
				t.Fatal(err)
			}
			logResult(t, r)
			checkStatuses(t, r, []want{w})
			if p := problemOf(byClass(r)[tc.sql], StatusBreaks); p != nil && strings.Contains(p.Fix, "from") {
				t.Errorf("the fix blames FROM: %q", p.Fix)
			}
			verifyWithClients(t, w, todaySrv, sbToday, targetSrv, sbTarget)
		})
	}
}
