package corpus

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The differential tier's second judge: the objects the check reports
// loaded (any status but refused or blocked) are the objects the client's
// load created, read from the catalog of the sandbox the client loaded the
// file into, and the objects it reports refused or blocked are not there.
// The check runs on the same sandbox once the client's load was read (and
// dropped), through a connection that takes texts (as the check's own,
// server.AppTextConn), in the database the client is given: the one the
// check takes the file to be written for (clientDatabase). The schemas the
// file names but never creates, which the check creates first, are on the
// server before the client's load too.

// checker runs the check of generated files on the logged server, after
// the client's load of each was read.
type checker struct {
	db *sql.DB
}

// newChecker connects the check to l's sandbox.
func newChecker(t *testing.T, l *loggedServer) *checker {
	t.Helper()
	db := sandboxtest.OpenTexts(t, l.sb.DSN())
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(0) // each file's session a new one, as the client's
	return &checker{db: db}
}

// read reads src as the check reads it for family (schemacheck.ReadFile);
// nil and the check's refusal for a file it refuses whole.
func (c *checker) read(t *testing.T, src string, family sqlfile.ClientFamily) (*sqlfile.Dump, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "generated.sql")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return schemacheck.ReadFile(schemacheck.Options{SchemaFile: path, Client: family})
}

// namedSchemas are the schemas d names but never creates, which the check
// creates before it runs the file (as a server the file was written for
// has them): the client's load is given them too.
func namedSchemas(d *sqlfile.Dump) []string {
	var out []string
	for _, s := range d.Schemas {
		if s.SQL == "" {
			out = append(out, s.Name)
		}
	}
	return out
}

// checked runs the check's load of d (schemacheck.LoadDump, which decides
// what the report says loaded and what refused or blocked; the probes the
// check runs after it change no object's creation) in a sandbox emptied of
// the last file's schemas, and returns the keys (catalogKey) of the objects
// it created, and the lines of the refusals of each object it did not.
func (c *checker) checked(t *testing.T, d *sqlfile.Dump, db, src string) (loaded []string, refused map[string][]int) {
	t.Helper()
	for _, r := range sandboxtest.Rows(t, c.db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN "+systemSchemas) {
		sandboxtest.Exec(t, c.db, "DROP DATABASE "+stmt.QuoteIdent(r[0]))
	}
	sandboxtest.Exec(t, c.db, "CREATE DATABASE "+stmt.QuoteIdent(db))
	ctx := context.Background()
	conn, err := c.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, stmt.Tag+"USE "+stmt.QuoteIdent(db)); err != nil {
		t.Fatal(err)
	}
	load, err := schemacheck.LoadDump(ctx, conn, d)
	if err != nil {
		t.Fatalf("the check's load of a generated file: %v\n%s", err, indent(src))
	}
	refused = map[string][]int{}
	for _, r := range load.Results {
		key := strings.ToLower(string(r.Object.Kind) + " " + inClientDatabase(reportName(r.Object), db))
		if r.Created {
			loaded = append(loaded, key)
			continue
		}
		refused[key] = append(refused[key], r.Object.Line)
		for _, p := range r.Problems {
			if p.Source != "" {
				refused[key] = append(refused[key], sourceLine(p.Source))
			}
		}
	}
	slices.Sort(loaded)
	return loaded, refused
}

// reportName is the object's name as the check's report gives it: schema.name,
// or the name when the file names no schema.
func reportName(o sqlfile.Object) string {
	if o.Schema == "" {
		return o.Name
	}
	return o.Schema + "." + o.Name
}

// inClientDatabase is the name the check reports qualified by its schema,
// an unqualified name (an object in the check's default schema) by db, the
// database the client is given.
func inClientDatabase(name, db string) string {
	if !strings.Contains(name, ".") {
		return db + "." + name
	}
	return name
}

// clientDatabase is the database the client is given for d: the one the
// check takes the file to be written for (d.DefaultSchema, a schema the
// file names but never creates: mysql legacy < file), else sentDatabase.
func clientDatabase(d *sqlfile.Dump) string {
	if d.DefaultSchema != "" {
		return d.DefaultSchema
	}
	return sentDatabase
}

// created lists the catalogKey of every table, view, routine, trigger and
// event the client's load left on l's sandbox.
func (l *loggedServer) created(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, q := range []string{
		"SELECT IF(TABLE_TYPE = 'VIEW', 'view', 'table'), TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN " + systemSchemas,
		"SELECT LOWER(ROUTINE_TYPE), ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN " + systemSchemas,
		"SELECT 'trigger', TRIGGER_SCHEMA, TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA NOT IN " + systemSchemas,
		"SELECT 'event', EVENT_SCHEMA, EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA NOT IN " + systemSchemas,
	} {
		for _, r := range sandboxtest.Rows(t, l.db, q) {
			out = append(out, catalogKey(r[0], r[1], r[2]))
		}
	}
	slices.Sort(out)
	return out
}

// catalogKey names an object as the check's report does: kind and name,
// the name qualified by its schema (inClientDatabase); lower case.
func catalogKey(kind, schema, name string) string {
	return strings.ToLower(kind + " " + schema + "." + name)
}
