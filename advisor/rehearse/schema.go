package rehearse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// schemaTimingRounds is how many times the schema is created on each side.
const schemaTimingRounds = 3

// readRehearsalSchema reads the schema a rehearsal carries: --schema-file,
// or today's server's own schema (read-only, on the connection about to be
// closed). A server with no schema of its own carries none, with a note.
func readRehearsalSchema(ctx context.Context, o Options, live *server.Server) (*sqlfile.Dump, string, error) {
	if o.SchemaFile != "" {
		d, err := schemacheck.ReadFile(schemacheck.Options{SchemaFile: o.SchemaFile, ServerVersion: o.ServerVersion})
		return d, "", err
	}
	if live == nil {
		return nil, "no schema was rehearsed: give --schema-file (a dump or install script) to carry one offline", nil
	}
	conn, err := live.DB().Conn(ctx)
	if err != nil {
		return nil, "", err
	}
	defer conn.Close()
	d, err := schemacheck.ReadLive(ctx, conn, o.Schemas, live.Inspection().Address)
	if err != nil && len(o.Schemas) == 0 {
		return nil, "no schema was rehearsed: " + err.Error(), nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("%w: --schemas: %w", exitcode.ErrUsage, err)
	}
	return d, "", nil
}

// rehearseSchema puts the schema through the target as carried over (and
// today's version where it runs), then times its creation on each, rounds
// interleaved, and on the target once more with both DDL settings off.
func rehearseSchema(ctx context.Context, d *sqlfile.Dump, p *rehearsal) (*report.Schema, *report.SchemaTiming, error) {
	var todaySrv, targetSrv *server.Server
	for i := range p.sides {
		switch p.sides[i].name {
		case sideToday:
			todaySrv = p.sides[i].srv
		case sideTargetCarried:
			targetSrv = p.sides[i].srv
		}
	}
	// The schema is loaded as each sandbox's application account; the
	// timing's SET GLOBAL goes through the target's root connection.
	sc := schemacheck.Servers{}
	var err error
	schemas := schemacheck.SchemaNames(d)
	if sc.Target, err = targetSrv.AppConn(ctx, schemas); err != nil {
		return nil, nil, err
	}
	defer sc.Target.Close()
	if todaySrv != nil {
		if sc.Today, err = todaySrv.AppConn(ctx, schemas); err != nil {
			return nil, nil, err
		}
		defer sc.Today.Close()
	}
	admin, err := targetSrv.DB().Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer admin.Close()
	began := time.Now()
	objects, notes, err := schemacheck.Check(ctx, sc, d)
	if err != nil {
		return nil, nil, fmt.Errorf("the schema on the target: %w", err)
	}
	s := schemacheck.Section(d, targetSrv, todaySrv, false, objects, notes)
	s.DurationS = time.Since(began).Seconds()
	timing, err := timeSchema(ctx, d, sc, admin, todaySrv != nil)
	if err != nil {
		return nil, nil, err
	}
	return s, timing, nil
}

// timedSide is one way the schema's creation is timed.
type timedSide struct {
	name    string
	conn    *sql.Conn
	bothOff bool // with innodb_file_per_table and innodb_stats_persistent off
	times   []float64
}

// timeSchema creates the whole schema schemaTimingRounds times on each
// side, the sides' order rotating from round to round, and returns the
// median of each.
func timeSchema(ctx context.Context, d *sqlfile.Dump, sc schemacheck.Servers, admin *sql.Conn, todayRuns bool) (*report.SchemaTiming, error) {
	var sides []*timedSide
	if todayRuns {
		sides = append(sides, &timedSide{name: sideToday, conn: sc.Today})
	}
	sides = append(sides, &timedSide{name: sideTargetCarried, conn: sc.Target},
		&timedSide{name: "target_both_off", conn: sc.Target, bothOff: true})
	for round := 0; round < schemaTimingRounds; round++ {
		for i := range sides {
			sd := sides[(round+i)%len(sides)]
			secs, err := timedLoad(ctx, sd.conn, admin, d, sd.bothOff)
			if err != nil {
				return nil, fmt.Errorf("timing the schema on %s: %w", sd.name, err)
			}
			sd.times = append(sd.times, secs)
		}
	}
	t := &report.SchemaTiming{Rounds: schemaTimingRounds, Tables: d.Count(sqlfile.KindTable), Views: d.Count(sqlfile.KindView),
		Routines: d.Count(sqlfile.KindFunction) + d.Count(sqlfile.KindProcedure), Triggers: d.Count(sqlfile.KindTrigger),
		Events: d.Count(sqlfile.KindEvent), Method: fmt.Sprintf("the whole schema created %d times on each side, "+
			"the sides' order rotating from round to round; medians, no interval (too few rounds for one)", schemaTimingRounds)}
	for _, sd := range sides {
		t.Sides = append(t.Sides, report.SchemaTimingSide{Name: sd.name, MedianS: bench.Median(sd.times), TimesS: sd.times})
	}
	return t, nil
}

// timedLoad drops the dump's schemas and creates them again on conn, with
// both DDL settings off when asked (set on admin, the target's root
// connection, and back to what they were after), and returns the seconds
// the creation took. Only ever run on a sandbox.
func timedLoad(ctx context.Context, conn, admin *sql.Conn, d *sqlfile.Dump, bothOff bool) (secs float64, err error) {
	for _, s := range schemaNamesOf(d) {
		if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(s)); err != nil {
			return 0, err
		}
	}
	if bothOff {
		var fpt, stats int64
		if err := admin.QueryRowContext(ctx, "SELECT @@GLOBAL.innodb_file_per_table, @@GLOBAL.innodb_stats_persistent").Scan(&fpt, &stats); err != nil {
			return 0, err
		}
		if _, err := admin.ExecContext(ctx, "SET GLOBAL innodb_file_per_table = 0, GLOBAL innodb_stats_persistent = 0"); err != nil {
			return 0, err
		}
		defer func() {
			_, rerr := admin.ExecContext(context.WithoutCancel(ctx), "SET GLOBAL innodb_file_per_table = ?, GLOBAL innodb_stats_persistent = ?", fpt, stats)
			err = errors.Join(err, rerr)
		}()
	}
	began := time.Now()
	if _, err := schemacheck.LoadDump(ctx, conn, d); err != nil {
		return 0, err
	}
	return time.Since(began).Seconds(), nil
}

// schemaNamesOf lists the schemas a dump's objects are created in.
func schemaNamesOf(d *sqlfile.Dump) []string {
	var out []string
	for _, s := range d.Schemas {
		out = append(out, s.Name)
	}
	for _, o := range d.Objects {
		if o.Schema == "" && !slices.Contains(out, schemacheck.DefaultSchema) {
			out = append(out, schemacheck.DefaultSchema)
		}
	}
	return out
}
