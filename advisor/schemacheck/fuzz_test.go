package schemacheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// fuzzSeeds are the files the issues of the check's reading found, and
// every fixture of testdata/client.
func fuzzSeeds(f *testing.F) []string {
	seeds := []string{
		"CREATE DATABASE IF NOT EXISTS metrics;\nCREATE TABLE metrics.samples (id INT PRIMARY KEY);\nCREATE DATABASE IF NOT EXISTS ops;\nCREATE TABLE ops.hosts (id INT PRIMARY KEY);\n",
		"CREATE DATABASE a;\nCREATE TABLE a.t (id INT PRIMARY KEY);\nALTER TABLE a.t ADD KEY (id);\nCREATE DATABASE b;\nCREATE TABLE b.t (id INT PRIMARY KEY);\nALTER TABLE b.t ADD KEY (id);\n",
		"INSERT INTO rollups VALUES (1);\nCREATE DATABASE bonus;\nuse bonus;\nCREATE TABLE placeholder (id int NOT NULL PRIMARY KEY);\n",
		"CREATE DATABASE shop;\nuse shop\nCREATE TABLE items (id INT PRIMARY KEY);\n",
		"CREATE TABLE t (a INT);\nDELIMITER //\nCREATE PROCEDURE p(end INT) BEGIN SET @e = end; IF end THEN SELECT end; END IF; END//\nDELIMITER ;\n",
		"CREATE TABLE t (a INT) /*M!100000 /* x */ */;\nSELECT 1 /*!50000 /* y */ */;\n",
		"USE a;\nCREATE TABLE t (x INT);\n\\g\n\\c\nuse b extra\nCREATE TABLE u (x INT);\n",
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "client", "*.sql"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, string(b))
	}
	return seeds
}

// FuzzReadAndPlan: any file, read as any client family reads it, is read
// or refused without a panic, and what is read plans a replay that holds
// together: its schemas grouped, every create and change step pointing at
// an object of the dump loaded, every object's schema among those the
// application's account is given.
func FuzzReadAndPlan(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		for family := range 3 {
			f.Add(s, uint8(family))
		}
	}
	f.Fuzz(func(t *testing.T, src string, family uint8) {
		d, err := sqlfile.ReadDump("f.sql", strings.NewReader(src), sqlfile.ReadOptions{Client: sqlfile.ClientFamily(family % 3)})
		if err != nil {
			return
		}
		loaded, _ := GroupDump(d)
		assertPlan(t, loaded)
	})
}

// assertPlan fails t when a replay of d would miss an object or a schema.
func assertPlan(t *testing.T, d *sqlfile.Dump) {
	t.Helper()
	for _, s := range d.Steps {
		if (s.Kind == sqlfile.StepCreate || s.Kind == sqlfile.StepAlter) && (s.Object < 0 || s.Object >= len(d.Objects)) {
			t.Fatalf("step at line %d (%s) points at object %d of %d", s.Line, s.What, s.Object, len(d.Objects))
		}
	}
	given := map[string]bool{}
	for _, s := range SchemaNames(d) {
		given[s] = true
	}
	for _, o := range d.Objects {
		if !given[schemaOf(o)] {
			t.Fatalf("%s %s is in %s, which the application's account is not given (%v)", o.Kind, o.Name, schemaOf(o), SchemaNames(d))
		}
	}
}

// FuzzCheckOnSandbox: any file goes through the whole check, read as
// MariaDB 11.8's client reads it, grouped, loaded as the application's
// account on a sandbox of MariaDB 11.8 and checked, without a panic and
// with no error but the server's answers (a refusal is a result, not an
// error). go test runs the seeds; go test -fuzz runs it longer.
func FuzzCheckOnSandbox(f *testing.F) {
	srv := sandboxtest.ByKey(f, "mariadb-11.8")
	srv.Require(f)
	sb := srv.Start(f)
	admin := sandboxtest.Open(f, sb.DSN())
	admin.SetMaxOpenConns(1)
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx := context.Background()
		d, err := sqlfile.ReadDump("f.sql", strings.NewReader(src), sqlfile.ReadOptions{Client: sqlfile.MariaDBClient})
		if err != nil {
			return
		}
		d, groups := GroupDump(d)
		assertPlan(t, d)
		for _, r := range sandboxtest.Rows(t, admin, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN "+
			"('mysql','information_schema','performance_schema','sys')") {
			sandboxtest.Exec(t, admin, "DROP DATABASE "+stmt.QuoteIdent(r[0]))
		}
		dsn, err := sb.AppDSN(ctx, SchemaNames(d)...)
		if err != nil {
			t.Fatal(err)
		}
		conn, err := sandboxtest.OpenTexts(t, dsn).Conn(ctx) // as the check's own: each client statement sent whole
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		root, err := admin.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer root.Close()
		objects, notes, err := Check(ctx, Servers{Target: conn, TargetAdmin: root}, d)
		if err != nil {
			t.Fatalf("the check of a file it read failed: %v", err)
		}
		report := &outcome.Schema{Objects: objects, Notes: notes}
		groups.Apply(report) // the other schemas of a group given the loaded one's outcome
		if len(report.Objects) < len(d.Objects) {
			t.Fatalf("%d objects loaded, %d reported", len(d.Objects), len(report.Objects))
		}
	})
}
