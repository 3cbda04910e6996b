package schemacheck

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// allDatabases loads fixture into a sandbox of srv and dumps the whole
// server with its own dump client (--all-databases: the server's own
// schemas, accounts and rows included).
func allDatabases(t *testing.T, srv sandboxtest.Server, fixture, dumper string) string {
	t.Helper()
	sb := srv.Start(t)
	sandboxtest.LoadScript(t, sb, filepath.Join("testdata", fixture))
	return srv.Dump(t, sb, dumper, "--all-databases", "--routines", "--events")
}

// assertSystemSetAside checks that the server's own schema mysql was set
// aside with a note and that nothing of it reached the report's objects.
func assertSystemSetAside(t *testing.T, s *outcome.Schema) {
	t.Helper()
	noted := false
	for _, n := range s.Notes {
		if strings.Contains(n, "the server's own schema mysql set aside") {
			noted = true
		}
	}
	if !noted {
		t.Errorf("no note of the mysql schema set aside: %q", s.Notes)
	}
	for _, o := range s.Objects {
		if strings.HasPrefix(o.Name, "mysql.") || strings.HasPrefix(o.Name, "sys.") {
			t.Errorf("the server's own object %s %s in the report", o.Kind, o.Name)
		}
	}
}

// assertAccountsNoted checks that the dump's accounts were read from its
// mysql rows: the note names account under plugin and counts the locked
// ones (the server's own system accounts are).
func assertAccountsNoted(t *testing.T, s *outcome.Schema, plugin, account string) {
	t.Helper()
	for _, n := range s.Notes {
		if strings.Contains(n, "the file's accounts") && strings.Contains(n, plugin) && strings.Contains(n, account) && strings.Contains(n, "locked") {
			return
		}
	}
	t.Errorf("no note of the dump's accounts with %s using %s: %q", account, plugin, s.Notes)
}

// TestSchemaCheckAllDatabases: mariadb-dump --all-databases of MariaDB
// 10.11 and mysqldump --all-databases of MySQL 9.7, each checked end to end
// on MariaDB 11.8: the server's own schemas set aside and noted, the
// application's objects with the statuses a dump of its schema alone gets.
func TestSchemaCheckAllDatabases(t *testing.T) {
	mariadb := sandboxtest.ByKey(t, "mariadb-10.11")
	mariadb.Require(t)
	mysql := sandboxtest.ByKey(t, "mysql-9.7")
	mysql.Require(t)
	fromMariaDB := allDatabases(t, mariadb, "shop-mariadb.sql", "mariadb-dump")
	fromMySQL := allDatabases(t, mysql, "shop-mysql.sql", "mysqldump")
	sandboxtest.OnServer(t, "mariadb-11.8", func(t *testing.T, srv sandboxtest.Server) {
		s := checkSchema(t, fromMariaDB, srv, mariadb)
		assertSystemSetAside(t, s)
		assertAccountsNoted(t, s, "mysql_native_password", "'root'@'localhost'")
		if len(s.Objects) != 14 {
			t.Errorf("%d objects, want the shop's 14: %+v", len(s.Objects), s.Objects)
		}
		assertObjects(t, s, map[string]expectation{
			"shop.customer": {outcome.StatusReserved, 0}, // `vector`
		})
		s = checkSchema(t, fromMySQL, srv, mysql)
		assertSystemSetAside(t, s)
		assertAccountsNoted(t, s, "caching_sha2_password", "'root'@'localhost'")
		assertObjects(t, s, map[string]expectation{
			"shop.customer":   {outcome.StatusRefused, 1064}, // a functional key part
			"shop.big_orders": {outcome.StatusBlocked, 1146}, // on the refused table: that one's consequence
			"shop.total":      {outcome.StatusRewritten, 0},  // utf8mb4_0900_ai_ci has no place on MariaDB
			"shop.spread":     {outcome.StatusRewritten, 0},
			"shop.orders":     {outcome.StatusLoaded, 0},
		})
	})
}
