package schemacheck

import (
	"context"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// expectation is what the target must say of one object: its status and,
// for refusals, the server's code.
type expectation struct {
	status string
	code   int // a problem of the status with this code; 0: any
}

// dumpFixture loads an install script into a sandbox of srv and dumps it
// with the server's own dump client.
func dumpFixture(t *testing.T, srv sandboxtest.Server, fixture, dumper string) string {
	t.Helper()
	sb := srv.Start(t)
	sandboxtest.LoadScript(t, sb, filepath.Join("testdata", fixture))
	return srv.Dump(t, sb, dumper, "--no-data", "--routines", "--events", "--databases", "shop")
}

// checkSchema runs the schema check of file against target, today's
// version on today.
func checkSchema(t *testing.T, file string, target, today sandboxtest.Server) *outcome.Schema {
	t.Helper()
	basedir := func(s sandboxtest.Server) string {
		if s.Basedir == "" {
			return "/"
		}
		return s.Basedir
	}
	s, err := CheckOnTarget(context.Background(), Options{SchemaFile: file,
		TargetBasedir: basedir(target), SourceBasedir: basedir(today)})
	if err != nil {
		t.Fatalf("schema check: %v", err)
	}
	return s
}

// assertObjects checks every expected object and that every other object loaded.
func assertObjects(t *testing.T, s *outcome.Schema, want map[string]expectation) {
	t.Helper()
	seen := map[string]bool{}
	for _, o := range s.Objects {
		seen[o.Name] = true
		w, ok := want[o.Name]
		if !ok {
			w = expectation{status: outcome.StatusLoaded}
		}
		if o.Status != w.status {
			t.Errorf("%s %s (%s): status %s, want %s; problems %+v", o.Kind, o.Name, o.Source, o.Status, w.status, o.Problems)
			continue
		}
		if w.code != 0 && !hasCode(o.Problems, w.status, w.code) {
			t.Errorf("%s %s: no %s problem with code %d: %+v", o.Kind, o.Name, w.status, w.code, o.Problems)
		}
		if !strings.Contains(o.Source, ".sql:") {
			t.Errorf("%s %s: source %q is not file:line", o.Kind, o.Name, o.Source)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("object %s not in the report", name)
		}
	}
}

// refusedLines are the refusals of the check as "line:code", sorted.
func refusedLines(s *outcome.Schema) []string {
	var out []string
	for _, o := range s.Objects {
		for _, p := range o.Problems {
			if p.Kind != outcome.StatusRefused {
				continue
			}
			where := o.Source
			if p.Source != "" {
				where = p.Source
			}
			_, line, _ := strings.Cut(where, ".sql:")
			out = append(out, line+":"+strconv.Itoa(p.Code))
		}
	}
	sort.Strings(out)
	return out
}

func hasCode(ps []outcome.Problem, kind string, code int) bool {
	for _, p := range ps {
		if p.Kind == kind && p.Code == code {
			return true
		}
	}
	return false
}

// TestSchemaCheckMariaDBDump: a mariadb-dump --routines --events of the
// MariaDB 10.11 fixture, checked against MySQL 9.7 (a move between vendors)
// and MariaDB 11.8 (the upgrade), with 10.11 as today's version.
func TestSchemaCheckMariaDBDump(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	dump := dumpFixture(t, today, "shop-mariadb.sql", "mariadb-dump")
	sandboxtest.OnServer(t, "mysql-9.7", func(t *testing.T, srv sandboxtest.Server) {
		s := checkSchema(t, dump, srv, today)
		assertObjects(t, s, map[string]expectation{
			"shop.archive":      {outcome.StatusRefused, 1178}, // MyISAM partitions
			"shop.login":        {outcome.StatusRefused, 3763}, // MD5() in a generated column
			"shop.measurement":  {outcome.StatusRefused, 1063}, // AUTO_INCREMENT on FLOAT
			"shop.region":       {outcome.StatusRefused, 6125}, // a foreign key to a non-unique key
			"shop.hashed_names": {outcome.StatusRefused, 1305}, // a view calling MD5()
			// NO_AUTO_CREATE_USER in their sql_mode: the SET before each is
			// refused (1231), the object is created all the same, as the
			// client's load does, with a warning
			"SET sql_mode":          {outcome.StatusRefused, 1231},
			"shop.token":            {outcome.StatusRuntime, 1305}, // and MD5() in its body
			"shop.total":            {outcome.StatusWarned, 1231},
			"shop.add_order":        {outcome.StatusWarned, 1231},
			"shop.customer_created": {outcome.StatusWarned, 1231},
			"shop.purge_zero":       {outcome.StatusWarned, 1231},
			"shop.customer":         {outcome.StatusReserved, 0}, // `rank`
			"shop.address":          {outcome.StatusWarned, 1681},
			"shop.orders":           {outcome.StatusWarned, 1681},
		})
		token := object(t, s, "shop.token")
		if !hasCode(token.Problems, outcome.StatusWarned, 1231) {
			t.Errorf("token()'s sql_mode: no warning in %+v", token.Problems)
		}
		// The target's own client refuses the same SETs, at the same lines,
		// and nothing else of the dump.
		if want, got := clientErrorsIn(t, srv, srv.Start(t).Socket(), "shop", dump), refusedLines(s); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("the check refuses %v (line:code), the client %v", got, want)
		}
	})
	sandboxtest.OnServer(t, "mariadb-11.8", func(t *testing.T, srv sandboxtest.Server) {
		s := checkSchema(t, dump, srv, today)
		assertObjects(t, s, map[string]expectation{
			"shop.customer": {outcome.StatusReserved, 0}, // `vector`
		})
		// Everything loads on 11.8: the contained run reads both views and
		// runs the event's body; the one procedure takes arguments.
		ran := "run contained, as the application's account: 0 procedures without arguments called, 2 views read, 1 event bodies run"
		if !slices.Contains(s.Notes, ran) {
			t.Errorf("notes %q lack %q", s.Notes, ran)
		}
	})
}

// TestSchemaCheckInstallScriptCollations: the install script itself on
// MariaDB 11.8 against 10.11: a DEFAULT CHARSET=utf8 table gets 11.8's new
// utf8mb3 collation.
func TestSchemaCheckInstallScriptCollations(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	today.Require(t)
	sandboxtest.OnServer(t, "mariadb-11.8", func(t *testing.T, srv sandboxtest.Server) {
		s := checkSchema(t, filepath.Join("testdata", "shop-mariadb.sql"), srv, today)
		c := object(t, s, "shop.customer")
		found := false
		for _, p := range c.Problems {
			if p.Kind == outcome.StatusRewritten && strings.Contains(p.Message, "utf8mb3_general_ci today, utf8mb3_uca1400_ai_ci on the target") {
				found = true
			}
		}
		if !found {
			t.Errorf("customer's utf8 collation change not reported: %+v", c.Problems)
		}
	})
}

// TestSchemaCheckMySQLDump: a MySQL 9.7 mysqldump checked against MariaDB
// 11.8 (the other family), with 9.7 as today's version.
func TestSchemaCheckMySQLDump(t *testing.T) {
	today := sandboxtest.ByKey(t, "mysql-9.7")
	today.Require(t)
	dump := dumpFixture(t, today, "shop-mysql.sql", "mysqldump")
	sandboxtest.OnServer(t, "mariadb-11.8", func(t *testing.T, srv sandboxtest.Server) {
		s := checkSchema(t, dump, srv, today)
		assertObjects(t, s, map[string]expectation{
			"shop.customer":   {outcome.StatusRefused, 1064}, // a functional key part
			"shop.big_orders": {outcome.StatusBlocked, 1146}, // on the refused table: that one's consequence
			"shop.total":      {outcome.StatusRewritten, 0},  // utf8mb4_0900_ai_ci has no place on MariaDB
			"shop.spread":     {outcome.StatusRewritten, 0},
			"shop.orders":     {outcome.StatusLoaded, 0},
		})
		if s.SetAside["SET GLOBAL GTID_PURGED statement"] != 1 {
			t.Errorf("the dump's GTID_PURGED was not set aside: %v", s.SetAside)
		}
	})
}

func object(t *testing.T, s *outcome.Schema, name string) outcome.Object {
	t.Helper()
	for _, o := range s.Objects {
		if o.Name == name {
			return o
		}
	}
	t.Fatalf("no object %s in the report", name)
	return outcome.Object{}
}

// TestSchemaCheckFromALiveServerOnlyReads: the schema read from a live
// MariaDB 10.11 (SHOW CREATE of every object) gives the statuses the dump
// gives on MariaDB 11.8, and the live server's general log holds nothing
// but reads.
func TestSchemaCheckFromALiveServerOnlyReads(t *testing.T) {
	live := sandboxtest.ByKey(t, "mariadb-10.11")
	live.Require(t)
	sb := live.Start(t)
	sandboxtest.LoadScript(t, sb, filepath.Join("testdata", "shop-mariadb.sql"))
	db := sandboxtest.Open(t, sb.DSN())
	sandboxtest.Exec(t, db, "SET GLOBAL log_output = 'TABLE'", "TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")
	sandboxtest.OnServer(t, "mariadb-11.8", func(t *testing.T, srv sandboxtest.Server) {
		s, err := CheckOnTarget(context.Background(), Options{Live: &server.ConnOptions{DSN: sb.DSN()},
			Schemas: []string{"shop"}, TargetBasedir: srv.Basedir})
		sandboxtest.Exec(t, db, "SET GLOBAL general_log = 0")
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Objects) != 14 {
			t.Errorf("%d objects read from the live server, want 14", len(s.Objects))
		}
		c := object(t, s, "shop.customer")
		if c.Status != outcome.StatusReserved {
			t.Errorf("customer: %s %+v", c.Status, c.Problems)
		}
		shows := 0
		for _, row := range sandboxtest.Rows(t, db, "SELECT CAST(argument AS CHAR) FROM mysql.general_log WHERE command_type = 'Query'") {
			q := strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(row[0]), "/* upgrade-advisor */")))
			if strings.HasPrefix(q, "SHOW CREATE") {
				shows++
			}
			if strings.Contains(q, "GENERAL_LOG") {
				continue
			}
			if !strings.HasPrefix(q, "SELECT") && !strings.HasPrefix(q, "SHOW") && !strings.HasPrefix(q, "SET NAMES") && !strings.HasPrefix(q, "SET SESSION") {
				t.Errorf("the schema check wrote to the live server: %.200s", row[0])
			}
		}
		if shows < 14 {
			t.Errorf("the general log holds %d SHOW CREATE statements, want one per object and schema", shows)
		}
	})
}
