package replication

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/querylog"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// testServer returns the test server with the scripts/servers.sh key, or
// skips (fails under CI) when it is missing.
func testServer(t *testing.T, key string) sandboxtest.Server {
	t.Helper()
	s := sandboxtest.ByKey(t, key)
	s.Require(t)
	return s
}

// rehearsal is the options of a rehearsal of the schema file (with its
// rows) and the writes file between two test servers.
func rehearsal(t *testing.T, today, target sandboxtest.Server, schemaFile, writesFile string) Options {
	t.Helper()
	d, err := schemacheck.ReadFile(schemacheck.Options{SchemaFile: testdataPath(schemaFile), WithData: true})
	if err != nil {
		t.Fatal(err)
	}
	schemas := schemacheck.SchemaNames(d)
	var writes []querylog.Statement
	if writesFile != "" {
		in, err := querylog.ReadFileInOrder(testdataPath(writesFile), querylog.FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		writes, _ = Writes(in.Statements, schemas)
	}
	return Options{
		Today: Version{Binary: today.Binary}, Target: Version{Binary: target.Binary},
		Schemas: schemas, Writes: writes, SandboxDir: sandboxtest.ShortTempDir(t),
		Seeds: []string{SeedDump, SeedSchema},
		LoadSchema: func(ctx context.Context, replica *server.Server) error {
			conn, err := replica.AppConn(ctx, schemas)
			if err != nil {
				return err
			}
			defer conn.Close()
			_, err = schemacheck.LoadDump(ctx, conn, SchemaOnly(d))
			return err
		},
		Load: func(ctx context.Context, primary *server.Server) error {
			conn, err := primary.AppConn(ctx, schemas)
			if err != nil {
				return err
			}
			defer conn.Close()
			if _, err := schemacheck.LoadDump(ctx, conn, d); err != nil {
				return err
			}
			return schemacheck.LoadRows(ctx, conn, d)
		},
	}
}

// testdataPath is a file of testdata, or a path given as such.
func testdataPath(name string) string {
	if filepath.IsAbs(name) || filepath.Dir(name) != "." {
		return name
	}
	return filepath.Join("testdata", name)
}

// shopSchema is the project's shop fixture: customers, products and orders.
var shopSchema = filepath.Join("..", "queries", "testdata", "shop.sql")

// writeFile writes a file in a test's temporary directory.
func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// statementText builds logged statements for unit tests.
type statementText []string

func (s statementText) statements(schema string) []querylog.Statement {
	out := make([]querylog.Statement, len(s))
	for i, text := range s {
		out[i] = querylog.Statement{Text: text, Line: i + 1}
		if schema != "app" {
			out[i].Schema = schema
		}
	}
	return out
}

// verdict names a run in a test's message.
func verdict(r outcome.Run) string {
	return fmt.Sprintf("%s (%s -> %s, %s, seeded from the %s): %s, %d errors, %d of %d tables differ",
		r.Direction, r.Primary, r.Replica, r.BinlogFormat, r.Seed.Method, r.Status, len(r.Errors), len(r.Tables), r.TablesChecked)
}
