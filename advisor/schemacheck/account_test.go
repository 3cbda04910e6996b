package schemacheck

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

func TestAsLoaderRewritesTheDefiner(t *testing.T) {
	cases := []struct {
		kind    sqlfile.Kind
		in, out string
		changed bool
	}{
		{sqlfile.KindProcedure, "CREATE DEFINER=`root`@`localhost` PROCEDURE p() SELECT 1",
			"CREATE DEFINER=CURRENT_USER PROCEDURE p() SELECT 1", true},
		{sqlfile.KindView, "CREATE ALGORITHM=UNDEFINED DEFINER = 'app'@'%' SQL SECURITY DEFINER VIEW v AS SELECT 1",
			"CREATE ALGORITHM=UNDEFINED DEFINER=CURRENT_USER SQL SECURITY DEFINER VIEW v AS SELECT 1", true},
		{sqlfile.KindTrigger, "CREATE /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @definer = 1 */",
			"CREATE /*!50017 DEFINER=CURRENT_USER*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @definer = 1 */", true},
		{sqlfile.KindEvent, "CREATE DEFINER=admin@localhost EVENT e ON SCHEDULE EVERY 1 DAY DO SELECT 1",
			"CREATE DEFINER=CURRENT_USER EVENT e ON SCHEDULE EVERY 1 DAY DO SELECT 1", true},
		{sqlfile.KindFunction, "CREATE DEFINER=`o``dd`@`h` FUNCTION f() RETURNS INT RETURN 1",
			"CREATE DEFINER=CURRENT_USER FUNCTION f() RETURNS INT RETURN 1", true},
		{sqlfile.KindFunction, "CREATE DEFINER = CURRENT_USER() FUNCTION f() RETURNS INT RETURN 1",
			"CREATE DEFINER = CURRENT_USER() FUNCTION f() RETURNS INT RETURN 1", false},
		// a DEFINER in the body is not the object's
		{sqlfile.KindProcedure, "CREATE PROCEDURE p() SELECT 'DEFINER=`x`@`y`'", "CREATE PROCEDURE p() SELECT 'DEFINER=`x`@`y`'", false},
		{sqlfile.KindTable, "CREATE TABLE definer (i INT)", "CREATE TABLE definer (i INT)", false},
	}
	for _, c := range cases {
		got, changed := asLoader(c.kind, c.in)
		if got != c.out || changed != c.changed {
			t.Errorf("asLoader(%q)\n got %q, %v\nwant %q, %v", c.in, got, changed, c.out, c.changed)
		}
	}
}

func TestIsAppAccount(t *testing.T) {
	for definer, want := range map[string]bool{"upgrade_advisor_app@localhost": true, "`upgrade_advisor_app`@`localhost`": true,
		"root@localhost": false, "upgrade_advisor_apple@localhost": false} {
		if got := isAppAccount(definer); got != want {
			t.Errorf("isAppAccount(%q) = %v, want %v", definer, got, want)
		}
	}
}

// FuzzAsLoader: the rewrite keeps the text around the clause, names the
// loading account, and is idempotent.
func FuzzAsLoader(f *testing.F) {
	f.Add("CREATE DEFINER=`root`@`localhost` PROCEDURE p() SELECT 1")
	f.Add("CREATE /*!50017 DEFINER='a'@'%'*/ TRIGGER t BEFORE INSERT ON x FOR EACH ROW SET @a = 1")
	f.Add("CREATE DEFINER = \"u\"@h EVENT e ON SCHEDULE EVERY 1 DAY DO SELECT 1")
	f.Fuzz(func(t *testing.T, sql string) {
		got, changed := asLoader(sqlfile.KindProcedure, sql)
		if !changed {
			if got != sql {
				t.Fatalf("unchanged but different: %q -> %q", sql, got)
			}
			return
		}
		if !strings.Contains(got, "DEFINER=CURRENT_USER") {
			t.Fatalf("%q -> %q names no loading account", sql, got)
		}
		if again, changed := asLoader(sqlfile.KindProcedure, got); changed || again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", sql, got, again)
		}
	})
}
