package rehearse

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The checks of a datadir's application schemas, run on today's version
// (the baseline) and again on the upgraded target: CHECK TABLE, the row
// count and the chunked checksum of every base table, and every view,
// routine, trigger and event shown or queried.

// serverSchemas are the server's own schemas, left out of the checks.
var serverSchemas = []string{"mysql", "information_schema", "performance_schema", "sys"}

// appSchemas lists the schemas that are not the server's own.
func appSchemas(ctx context.Context, db *sql.DB) ([]string, error) {
	return stmt.ReadStrings(ctx, db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN ("+
		stmt.QuoteStrings(serverSchemas)+") ORDER BY SCHEMA_NAME")
}

// tableState is one table as one server sees it.
type tableState struct {
	check    string // "OK" or what CHECK TABLE (or opening the table) said
	rows     int64
	checksum string
	opens    bool
}

// readTable checks, counts and sums one table on db.
func readTable(ctx context.Context, db *sql.DB, tc *replication.TableChunks, deadline time.Time) tableState {
	st := tableState{check: "OK"}
	if msg := checkTableProblem(ctx, db, tc.Quoted()); msg != "" {
		st.check = msg
	}
	if err := stmt.QueryRow(ctx, db, "SELECT COUNT(*) FROM "+tc.Quoted()).Scan(&st.rows); err != nil {
		st.check = err.Error()
		return st
	}
	if tc.Err != nil {
		st.check = tc.Err.Error()
		return st
	}
	_, sum, err := tc.Sum(ctx, db, deadline)
	if err != nil {
		st.check = err.Error()
		return st
	}
	st.checksum, st.opens = sum, true
	return st
}

// baseline reads every table of schemas on today's version: the chunks
// are cut here and summed again on the target. With a budget, each table
// gets its share of it for its checksum (the chunks sampled).
func baseline(ctx context.Context, db *sql.DB, schemas []string, budget time.Duration) ([]replication.TableChunks, []tableState, error) {
	if len(schemas) == 0 {
		return nil, nil, nil
	}
	tables, err := replication.ChunkTables(ctx, db, schemas, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("in-place: listing today's tables: %w", err)
	}
	states := make([]tableState, len(tables))
	end := time.Time{}
	if budget > 0 {
		end = time.Now().Add(budget)
	}
	for i := range tables {
		var deadline time.Time
		if budget > 0 {
			deadline = time.Now().Add(time.Until(end) / time.Duration(len(tables)-i))
		}
		states[i] = readTable(ctx, db, &tables[i], deadline)
	}
	return tables, states, nil
}

// afterUpgrade reads the same tables, the same chunks, on the target.
func afterUpgrade(ctx context.Context, db *sql.DB, tables []replication.TableChunks) []tableState {
	states := make([]tableState, len(tables))
	for i := range tables {
		states[i] = readTable(ctx, db, &tables[i], time.Time{})
	}
	return states
}

// routineObject is a view, routine, trigger or event of the application.
type routineObject struct {
	kind, schema, name string
}

// listObjects lists the views, routines, triggers and events of schemas.
func listObjects(ctx context.Context, db *sql.DB, schemas []string) ([]routineObject, error) {
	if len(schemas) == 0 {
		return nil, nil
	}
	in := stmt.QuoteStrings(schemas)
	q := "SELECT 'VIEW', TABLE_SCHEMA, TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA IN (" + in + ")" +
		" UNION ALL SELECT ROUTINE_TYPE, ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA IN (" + in + ")" +
		" UNION ALL SELECT 'TRIGGER', TRIGGER_SCHEMA, TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA IN (" + in + ")" +
		" UNION ALL SELECT 'EVENT', EVENT_SCHEMA, EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA IN (" + in + ")"
	var out []routineObject
	for row, err := range stmt.Rows(ctx, db, q) {
		if err != nil {
			return nil, fmt.Errorf("in-place: listing the views, routines, triggers and events: %w", err)
		}
		var o routineObject
		if err := row.Scan(&o.kind, &o.schema, &o.name); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// objectStatement queries a view or shows a routine, trigger or event.
func objectStatement(o routineObject) string {
	name := stmt.QuoteIdent(o.schema) + "." + stmt.QuoteIdent(o.name)
	switch o.kind {
	case "VIEW":
		return "SELECT * FROM " + name + " LIMIT 1"
	default: // PROCEDURE, FUNCTION, TRIGGER, EVENT
		return "SHOW CREATE " + o.kind + " " + name
	}
}

// checkObjects runs each object's statement on db: "" when it answers.
func checkObjects(ctx context.Context, db *sql.DB, objects []routineObject) []string {
	out := make([]string, len(objects))
	for i, o := range objects {
		for _, err := range stmt.Rows(ctx, db, objectStatement(o)) {
			if err != nil {
				out[i] = err.Error()
			}
		}
	}
	return out
}

// objectResults pairs the objects with what both sides said.
func objectResults(objects []routineObject, before, after []string) []report.InPlaceObject {
	out := []report.InPlaceObject{}
	for i, o := range objects {
		r := report.InPlaceObject{Schema: o.schema, Name: o.name, Kind: o.kind, Status: "ok"}
		if after[i] != "" {
			r.Status, r.Message = "failed", after[i]
			if before[i] != "" {
				r.Message += " (today's version: " + before[i] + ")"
			}
		}
		out = append(out, r)
	}
	return out
}
