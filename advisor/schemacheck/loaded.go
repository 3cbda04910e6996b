package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// whileLoaded brings today's sandbox to the target's state (the contained
// run's rows and calls run there too, with their outcome discarded: the
// schema section is the target's) and calls o.WhileLoaded.
func whileLoaded(ctx context.Context, o Options, sc Servers, d *sqlfile.Dump, objects []outcome.Object, target, today *server.Server) error {
	if sc.Today != nil {
		if _, err := runContained(ctx, sc.Today, d, cloneObjects(objects)); err != nil {
			return fmt.Errorf("today's version, the same contained run: %w", err)
		}
	}
	return o.WhileLoaded(ctx, Loaded{Target: target, Today: today, Schemas: SchemaNames(d), Rows: o.WithData})
}

// cloneObjects copies objects deep enough for a run that adds problems.
func cloneObjects(objects []outcome.Object) []outcome.Object {
	out := slices.Clone(objects)
	for i := range out {
		out[i].Problems = slices.Clone(out[i].Problems)
	}
	return out
}

// LoadRows loads the dump's rows (read WithData) on conn, as the contained
// run does, a row statement the server refuses left out: the rehearsal's
// sandboxes get the same rows before the application's queries run.
func LoadRows(ctx context.Context, conn *sql.Conn, d *sqlfile.Dump) error {
	r := &containedRun{conn: conn, d: d, index: map[string]int{}}
	return r.data(ctx)
}
