package rehearse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The schema's creation is timed by the paired estimator's Trial: one
// creation a side a round, the sides' order rotating, a round of warm-up,
// then from schemaMinRounds to schemaMaxRounds measured rounds within the
// rehearsal's --budget, stopping once every side is decided against
// today's (or the carried target's) time.
const (
	schemaWarmup    = 1
	schemaMinRounds = 3
	schemaMaxRounds = 30
)

// readRehearsalSchema reads the schema a rehearsal carries: --schema-file,
// or today's server's own schema (read-only, on the connection about to be
// closed). A server with no schema of its own carries none, with a note.
// A file whose schemas only the schema rehearsal uses (no --queries, no
// --replication) is read grouped unless --no-group (one schema of each
// group of the same definition, the grouping returned); the others whole.
func readRehearsalSchema(ctx context.Context, o Options, live *server.Server) (*sqlfile.Dump, *schemacheck.Grouping, string, error) {
	if o.SchemaFile != "" {
		so := schemacheck.Options{SchemaFile: o.SchemaFile, ServerVersion: o.ServerVersion, WithData: o.WithData}
		if o.TargetBasedir != "" {
			var err error
			if so.Client, err = schemacheck.TargetClient(ctx, o.TargetBasedir); err != nil {
				return nil, nil, "", err
			}
		}
		if !o.NoGroup && o.Queries == nil && o.Replication == nil {
			d, groups, err := schemacheck.ReadGroupedFile(so)
			return d, groups, "", err
		}
		d, err := schemacheck.ReadFile(so)
		return d, nil, "", err
	}
	d, note, err := readLiveSchema(ctx, o, live)
	return d, nil, note, err
}

// readLiveSchema reads today's server's own schema (see
// readRehearsalSchema).
func readLiveSchema(ctx context.Context, o Options, live *server.Server) (*sqlfile.Dump, string, error) {
	if live == nil {
		return nil, "no schema was rehearsed: give " + flagname.SchemaFile + " (a dump or install script) to carry one offline", nil
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
		return nil, "", fmt.Errorf("%w: "+flagname.Schemas+": %w", exitcode.ErrUsage, err)
	}
	return d, "", nil
}

// rehearseSchema puts the schema through the target as carried over (and
// today's version where it runs), then times its creation on each, rounds
// interleaved, and on the target once more with both DDL settings off.
// Unless noGroup, schemas of the same definition are checked and timed
// once (one schema of each group), the check's outcome given to every
// schema of the group: groups, when the file was read grouped, or grouped
// here.
func rehearseSchema(ctx context.Context, d *sqlfile.Dump, groups *schemacheck.Grouping, p *rehearsal, b server.BenchOptions, noGroup bool) (*report.Schema, *report.SchemaTiming, error) {
	todaySrv, targetSrv := p.todayAndTarget()
	if !noGroup && groups == nil {
		d, groups = schemacheck.GroupDump(d)
	}
	// The schema is loaded as each sandbox's application account; the
	// timing's SET GLOBAL goes through the target's root connection.
	sc := schemacheck.Servers{}
	var err error
	schemas := schemacheck.SchemaNames(d)
	if sc.Target, err = targetSrv.AppTextConn(ctx, schemas); err != nil {
		return nil, nil, err
	}
	defer sc.Target.Close()
	if todaySrv != nil {
		if sc.Today, err = todaySrv.AppTextConn(ctx, schemas); err != nil {
			return nil, nil, err
		}
		defer sc.Today.Close()
	}
	admin, err := targetSrv.DB().Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer admin.Close()
	sc.TargetAdmin = admin
	if todaySrv != nil {
		if sc.TodayAdmin, err = todaySrv.DB().Conn(ctx); err != nil {
			return nil, nil, err
		}
		defer sc.TodayAdmin.Close()
	}
	began := time.Now()
	objects, notes, err := schemacheck.Check(ctx, sc, d)
	if err != nil {
		return nil, nil, fmt.Errorf("the schema on the target: %w", err)
	}
	s := schemacheck.Section(d, targetSrv, todaySrv, false, objects, notes)
	groups.Apply(s)
	s.Duration = time.Since(began)
	timing, err := timeSchema(ctx, d, sc, admin, todaySrv != nil, b)
	if err != nil {
		return nil, nil, err
	}
	if groups != nil {
		n, g := groups.Sizes()
		timing.Method += fmt.Sprintf("; the file's %d schemas are %d groups of the same definition: one schema of each group "+
			"was created and timed (%d of the file's %d tables), so every schema of a group costs what its timed schema costs "+
			"("+flagname.NoGroup+" times every schema)", n, g, d.Count(sqlfile.KindTable), groups.Tables())
	}
	return report.SchemaOf(s), timing, nil
}

// timeSchema creates the whole schema on each side, alternating (see the
// constants above), and returns each side's times and its time against the
// first side's with a 95% interval.
func timeSchema(ctx context.Context, d *sqlfile.Dump, sc schemacheck.Servers, admin *sql.Conn, todayRuns bool, b server.BenchOptions) (*report.SchemaTiming, error) {
	var arms []paired.Arm
	arm := func(name string, conn *sql.Conn, bothOff bool) paired.Arm {
		return paired.Arm{Name: name, Time: func(ctx context.Context) (float64, error) {
			secs, err := timedLoad(ctx, conn, admin, d, bothOff)
			return secs * 1000, err
		}}
	}
	if todayRuns {
		arms = append(arms, arm(sideToday, sc.Today, false))
	}
	arms = append(arms, arm(sideTargetCarried, sc.Target, false), arm(sideTargetBothOff, sc.Target, true))
	trial := paired.Trial{Arms: arms, Warmup: schemaWarmup, MinRounds: schemaMinRounds, MaxRounds: schemaMaxRounds,
		Budget: b.Budget, Precision: b.Precision}
	out, err := trial.Run(ctx)
	if err != nil {
		return nil, fmt.Errorf("timing the schema: %w", err)
	}
	t := &report.SchemaTiming{Rounds: out.Rounds, Stop: out.Stop, Reference: arms[0].Name,
		Tables: d.Count(sqlfile.KindTable), Views: d.Count(sqlfile.KindView),
		Routines: d.Count(sqlfile.KindFunction) + d.Count(sqlfile.KindProcedure), Triggers: d.Count(sqlfile.KindTrigger),
		Events: d.Count(sqlfile.KindEvent), Method: fmt.Sprintf("the whole schema created once a side a round, the sides' order rotating, "+
			"after %d warm-up round; %d measured rounds (stopped on %s); each side's time over %s's paired by round, "+
			"95%% interval (the paired estimator of the calibration)", schemaWarmup, out.Rounds, out.Stop, arms[0].Name)}
	for _, a := range out.Arms {
		side := report.SchemaTimingSide{Name: a.Name, MedianS: paired.Median(a.Times) / 1000, TimesS: seconds(a.Times)}
		if a.Decision != nil {
			v, d := a.Versus, a.Decision.Interval.Slowdown()
			side.Versus, side.Decision = &v, &d
		}
		t.Sides = append(t.Sides, side)
	}
	return t, nil
}

// seconds converts milliseconds to seconds.
func seconds(ms []float64) []float64 {
	out := make([]float64, len(ms))
	for i, x := range ms {
		out[i] = x / 1000
	}
	return out
}

// timedLoad drops the dump's schemas and creates them again on conn, with
// both DDL settings off when asked (set on admin, the target's root
// connection, and back to what they were after), and returns the seconds
// the creation took. Only ever run on a sandbox.
func timedLoad(ctx context.Context, conn, admin *sql.Conn, d *sqlfile.Dump, bothOff bool) (secs float64, err error) {
	for _, s := range schemacheck.SchemaNames(d) {
		if _, err := stmt.Exec(ctx, conn, "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(s)); err != nil {
			return 0, err
		}
	}
	if bothOff {
		originals, err := stmt.ReadGlobals(ctx, admin, bothOffGlobals)
		if err != nil {
			return 0, err
		}
		for _, g := range bothOffGlobals {
			if err := stmt.SetGlobal(ctx, admin, g, "0"); err != nil {
				return 0, errors.Join(err, stmt.RestoreGlobals(context.WithoutCancel(ctx), admin, originals))
			}
		}
		defer func() {
			err = errors.Join(err, stmt.RestoreGlobals(context.WithoutCancel(ctx), admin, originals))
		}()
	}
	began := time.Now()
	if _, err := schemacheck.LoadDump(ctx, conn, d); err != nil {
		return 0, err
	}
	return time.Since(began).Seconds(), nil
}

// bothOffGlobals are the DDL settings the target_both_off side turns off.
var bothOffGlobals = []string{"innodb_file_per_table", "innodb_stats_persistent"}
