package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// ReadLive reads the schema of a live server into a dump, read-only: SHOW
// CREATE of every table, view, routine, trigger and event of schemas (all
// but the server's own when empty), with the sql_mode, character set and
// collation each was created with. source names the server in the objects'
// Source.
func ReadLive(ctx context.Context, conn *sql.Conn, schemas []string, source string) (*sqlfile.Dump, error) {
	if len(schemas) == 0 {
		var err error
		if schemas, err = applicationSchemas(ctx, conn); err != nil {
			return nil, err
		}
	}
	d := &sqlfile.Dump{File: source, SetAside: map[string]int{}}
	for _, s := range schemas {
		if sqlfile.IsSystemSchema(s) {
			return nil, fmt.Errorf(flagname.Schemas+" %s: the server's own schemas are not part of an application's schema", s)
		}
		if err := readLiveSchema(ctx, conn, d, s); err != nil {
			return nil, err
		}
	}
	if len(d.Objects) == 0 {
		return nil, fmt.Errorf("%s: no tables, views, routines, triggers or events in %s", source, strings.Join(schemas, ", "))
	}
	return d, nil
}

// applicationSchemas lists every schema but the server's own (and the
// tool's own scratch schemas).
func applicationSchemas(ctx context.Context, conn *sql.Conn) ([]string, error) {
	all, err := stmt.ReadStrings(ctx, conn, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME")
	if err != nil {
		return nil, fmt.Errorf("listing the server's schemas: %w", err)
	}
	var out []string
	for _, s := range all {
		if !sqlfile.IsSystemSchema(s) && !strings.HasPrefix(s, "upgrade_advisor_") {
			out = append(out, s)
		}
	}
	return out, nil
}

// liveKinds say how to list and show each kind of object.
var liveKinds = []struct {
	kind   sqlfile.Kind
	list   string // lists the names in a schema (one ? for the schema)
	show   string // SHOW CREATE ... with %s for the quoted schema.name
	create string // the column of SHOW CREATE holding the statement
}{
	{sqlfile.KindTable, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE IN ('BASE TABLE', 'SEQUENCE', 'SYSTEM VERSIONED') ORDER BY TABLE_NAME",
		"SHOW CREATE TABLE %s", "Create Table"},
	{sqlfile.KindFunction, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_TYPE = 'FUNCTION' ORDER BY ROUTINE_NAME",
		"SHOW CREATE FUNCTION %s", "Create Function"},
	{sqlfile.KindProcedure, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_TYPE = 'PROCEDURE' ORDER BY ROUTINE_NAME",
		"SHOW CREATE PROCEDURE %s", "Create Procedure"},
	{sqlfile.KindView, "SELECT TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME",
		"SHOW CREATE VIEW %s", "Create View"},
	{sqlfile.KindTrigger, "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY TRIGGER_NAME",
		"SHOW CREATE TRIGGER %s", "SQL Original Statement"},
	{sqlfile.KindEvent, "SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ? ORDER BY EVENT_NAME",
		"SHOW CREATE EVENT %s", "Create Event"},
}

// liveSession are SHOW CREATE's columns that carry the session an object
// was created with, and the variable each sets.
var liveSession = []struct{ column, variable string }{
	{"character_set_client", "character_set_client"},
	{"collation_connection", "collation_connection"},
	{"sql_mode", "sql_mode"},
	{"time_zone", "time_zone"},
}

// readLiveSchema reads one schema's objects.
func readLiveSchema(ctx context.Context, conn *sql.Conn, d *sqlfile.Dump, schema string) error {
	row, err := stmt.ReadRow(ctx, conn, "SHOW CREATE DATABASE "+stmt.QuoteIdent(schema))
	if err != nil {
		return err
	}
	d.Schemas = append(d.Schemas, sqlfile.SchemaDef{Name: schema, SQL: row["Create Database"]})
	for _, k := range liveKinds {
		names, err := listNames(ctx, conn, k.list, schema)
		if err != nil {
			return err
		}
		for _, name := range names {
			row, err := stmt.ReadRow(ctx, conn, fmt.Sprintf(k.show, stmt.QuoteIdent(schema)+"."+stmt.QuoteIdent(name)))
			if err != nil {
				return err
			}
			stmt := row[k.create]
			if stmt == "" {
				return fmt.Errorf("%s %s.%s: the server showed no definition (the account needs SHOW VIEW, or SELECT on mysql.proc / the routine's privileges)", k.kind, schema, name)
			}
			o := sqlfile.Object{Kind: k.kind, Schema: schema, Name: name, File: d.File, SQL: stmt, Session: liveSettings(row, k.kind)}
			if k.kind == sqlfile.KindTrigger {
				if o.Table, err = triggerTable(ctx, conn, schema, name); err != nil {
					return err
				}
			}
			d.Objects = append(d.Objects, o)
		}
	}
	return nil
}

// liveSettings are an object's session settings from its SHOW CREATE row
// (a table's only the utf8mb4 it was read in), with foreign key checks off
// as a dump has them.
func liveSettings(row map[string]string, kind sqlfile.Kind) []sqlfile.Setting {
	noChecks := sqlfile.Setting{Name: "foreign_key_checks", Value: "0"}
	if kind == sqlfile.KindTable {
		return []sqlfile.Setting{{Name: "character_set_client", Value: "'utf8mb4'"}, noChecks}
	}
	var out []sqlfile.Setting
	for _, s := range liveSession {
		if v, ok := row[s.column]; ok {
			out = append(out, sqlfile.Setting{Name: s.variable, Value: stmt.QuoteString(v)})
		}
	}
	return append(out, noChecks)
}

func listNames(ctx context.Context, conn *sql.Conn, query, schema string) ([]string, error) {
	names, err := stmt.ReadStrings(ctx, conn, query, schema)
	if err != nil {
		return nil, fmt.Errorf("listing the objects of %s: %w", schema, err)
	}
	return names, nil
}

// triggerTable is the table a trigger is on.
func triggerTable(ctx context.Context, conn *sql.Conn, schema, name string) (string, error) {
	var table string
	err := stmt.QueryRow(ctx, conn, "SELECT EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? AND TRIGGER_NAME = ?", schema, name).Scan(&table)
	if err != nil {
		return "", fmt.Errorf("reading the table of trigger %s.%s: %w", schema, name, err)
	}
	return table, nil
}
