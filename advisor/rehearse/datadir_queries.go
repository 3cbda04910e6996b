package rehearse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// The application's statements on the datadir's real rows (--in-place
// --datadir --queries): once the target has upgraded the copy and its
// checks are read, today's version starts on a second copy of the same
// datadir and the statements run on both servers at once, as the query
// rehearsal runs them on its two sandboxes (queries.Compare: each sample
// on both servers together, DML in a transaction rolled back, the timing
// in interleaved rounds). The statuses, the report's section and the
// verdict are the query rehearsal's; only the rows are the real ones.

// stepQueries names the step in the report.
const stepQueries = "the application's queries (today's version on a second copy, the target on the upgraded one)"

// copiesNote says where the statements ran.
const copiesNote = "the statements ran on the real rows and statistics of " + flagname.Datadir + ": today's version on a second copy of it, started for them, " +
	"the target on the copy it upgraded (after its checks), both running at once, so each statement's results, errors and plans are compared " +
	"and its timing paired as in the query rehearsal"

// runQueries runs the application's statements (r.in) on the upgraded
// copy and on today's version started on a second copy, into r.q. A
// failure is said in the section's notes: the upgrade's own results stand.
func (r *datadirRun) runQueries(ctx context.Context, schemas []string) {
	var q *report.Queries
	err := r.step(stepQueries, false, func() error {
		var err error
		q, err = r.compareOnCopies(ctx, schemas)
		return err
	})
	if err != nil {
		r.queriesNotRun(err.Error())
		return
	}
	r.q = q
}

// queriesNotRun gives the section of statements that did not run, with why.
func (r *datadirRun) queriesNotRun(why string) {
	r.q = report.QueriesOf(r.in, nil, false)
	r.q.Notes = append(r.q.Notes, "the queries were not run: "+why)
	if r.o.Warn != nil {
		r.o.Warn(flagname.Queries + ": the statements were not run: " + why)
	}
}

// compareOnCopies starts today's version on a second copy of the datadir
// and compares the statements on it and on the target; today's copy is
// stopped and removed before it returns.
func (r *datadirRun) compareOnCopies(ctx context.Context, schemas []string) (_ *report.Queries, err error) {
	today, err := sandbox.Start(ctx, sandbox.Options{Basedir: r.p.sourceBin.Basedir, ServerOptions: r.todayOptions, Dir: r.o.SandboxDir,
		Log: r.o.SandboxLog, FromDatadir: r.cp.Source, Networking: true, StartTimeout: slowShutdownWait})
	defer func() {
		if today == nil {
			return
		}
		stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		err = errors.Join(err, today.Stop(stop))
	}()
	if err != nil {
		return nil, fmt.Errorf("today's version did not start on a second copy of the datadir: %w", err)
	}
	var pools []*sql.DB
	defer func() {
		for _, db := range pools {
			db.Close()
		}
	}()
	pool := func(sb *sandbox.Sandbox) appPool {
		return func(ctx context.Context, schemas []string) (*sql.DB, error) {
			dsn, err := sb.AppDSN(ctx, schemas...)
			if err != nil {
				return nil, err
			}
			db, err := sql.Open("mysql", dsn)
			if err == nil {
				pools = append(pools, db)
			}
			return db, err
		}
	}
	q, err := compareQueries(ctx, pool(today), pool(r.sb), schemas, true, r.in, *r.o.Queries)
	if err != nil {
		return nil, err
	}
	q.Notes = append(q.Notes, copiesNote)
	return q, nil
}
