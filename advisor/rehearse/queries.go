package rehearse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/datasample"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/querylog"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// ReadQueryFile reads a --queries file; a file that cannot be read or a
// format not known is a usage error.
func ReadQueryFile(q QueryOptions) (*queries.Input, error) {
	res, err := querylog.ReadFile(q.Source, querylog.Options{Format: querylog.Format(q.Format)})
	if err != nil {
		return nil, fmt.Errorf("%w: "+flagname.Queries+": %w", exitcode.ErrUsage, err)
	}
	return queries.FromLog(res, q.MaxClasses), nil
}

// readLiveQueries reads the application's statements from today's live
// server, read-only (querylog.ReadLive: tagged SELECTs and SHOW). A server
// whose sources hold nothing gives an input without statements and a note
// that says how to turn a source on.
func readLiveQueries(ctx context.Context, live *server.Server, q QueryOptions) (*queries.Input, error) {
	res, err := querylog.ReadLive(ctx, live.DB(), querylog.LiveOptions{})
	if errors.Is(err, querylog.ErrNoStatements) {
		return &queries.Input{Source: live.Inspection().Address + " (live)", Format: "live", Weight: "count",
			Notes: []string{err.Error()}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the queries from today's server: %w", err)
	}
	return queries.FromLog(res, q.MaxClasses), nil
}

// OpenAndReadLiveQueries opens today's live server, reads its statements
// (readLiveQueries) and closes it.
func OpenAndReadLiveQueries(ctx context.Context, conn server.ConnOptions, q QueryOptions) (in *queries.Input, err error) {
	live, err := server.Open(ctx, conn)
	defer func() { err = server.CloseAll(err, []*server.Server{live}) }()
	if err != nil {
		return nil, err
	}
	return readLiveQueries(ctx, live, q)
}

// RunQueries runs the input's statements on today's sandbox and the
// target's, both loaded with the schemas (and the same rows when rows),
// as each sandbox's application account, and returns the report's section.
func RunQueries(ctx context.Context, today, target *server.Server, schemas []string, rows bool, in *queries.Input, q QueryOptions) (*report.Queries, error) {
	return compareQueries(ctx, today.AppDB, target.AppDB, schemas, rows, in, q)
}

// appPool gives the pool of a server's application account, granted schemas.
type appPool func(ctx context.Context, schemas []string) (*sql.DB, error)

// compareQueries runs the input's statements on today's server and the
// target's as each one's application account (RunQueries, and the
// datadir's two copies) and returns the report's section.
func compareQueries(ctx context.Context, today, target appPool, schemas []string, rows bool, in *queries.Input, q QueryOptions) (*report.Queries, error) {
	if err := in.InSchemas(schemacheck.ApplicationSchemas(schemas), q.Database); err != nil {
		return nil, err
	}
	q.Compare.SourceTime = in.Time
	if len(in.Statements) == 0 {
		return report.QueriesOf(in, nil, !rows), nil
	}
	if !rows {
		q.Compare.Latency = false // empty tables time nothing the application will see
	}
	a, err := today(ctx, schemas)
	if err != nil {
		return nil, fmt.Errorf("today's sandbox, the application's account: %w", err)
	}
	b, err := target(ctx, schemas)
	if err != nil {
		return nil, fmt.Errorf("the target's sandbox, the application's account: %w", err)
	}
	res, err := queries.Compare(ctx, queries.Server{Name: "today", DB: a}, queries.Server{Name: "target", DB: b}, in.Statements, q.Compare)
	if err != nil {
		return nil, fmt.Errorf("the application's queries: %w", err)
	}
	return report.QueriesOf(in, res, !rows), nil
}

// rehearseQueries loads the schema afresh (the timing dropped and created
// it over and over) with its rows (--with-data, or a sample of today's live
// server's with --sample-rows) on today's sandbox and the carried target's,
// and runs the application's statements on both.
func rehearseQueries(ctx context.Context, o Options, d *sqlfile.Dump, p *rehearsal, in *queries.Input) (*report.Queries, error) {
	q := *o.Queries
	todaySrv, targetSrv := p.todayAndTarget()
	switch {
	case todaySrv == nil:
		s := report.QueriesOf(in, nil, true)
		s.Notes = append(s.Notes, "the queries were not run: today's version did not run here, and they are compared with it (give "+flagname.SourceBasedir+" with today's binaries)")
		return s, nil
	case d == nil:
		s := report.QueriesOf(in, nil, true)
		s.Notes = append(s.Notes, "the queries were not run: no schema was rehearsed (give "+flagname.SchemaFile+", with "+flagname.WithData+" for its rows, or "+flagname.Schemas+")")
		return s, nil
	}
	schemas := schemacheck.SchemaNames(d)
	for _, srv := range []*server.Server{todaySrv, targetSrv} {
		if err := reload(ctx, srv, d, schemas); err != nil {
			return nil, fmt.Errorf("loading the schema for the queries: %w", err)
		}
	}
	rows := o.WithData
	if q.SampleRows > 0 {
		note, err := SampleRows(ctx, o.Conn, schemas, []*server.Server{todaySrv, targetSrv}, q.SampleRows)
		if err != nil {
			return nil, err
		}
		in.Notes = append(in.Notes, note)
		rows = true
	}
	return RunQueries(ctx, todaySrv, targetSrv, schemas, rows, in, q)
}

// SampleRows copies at most n rows of each table of schemas from today's
// live server (opened again, read-only, and closed) into the sandboxes,
// as their application account, and says what it copied. The sandboxes'
// tables must be empty.
func SampleRows(ctx context.Context, conn server.ConnOptions, schemas []string, sandboxes []*server.Server, n int) (note string, err error) {
	var dst []*sql.DB
	for _, s := range sandboxes {
		db, err := s.AppDB(ctx, schemas)
		if err != nil {
			return "", err
		}
		dst = append(dst, db)
	}
	live, err := server.Open(ctx, conn)
	defer func() { err = server.CloseAll(err, []*server.Server{live}) }()
	if err != nil {
		return "", err
	}
	res, err := datasample.Copy(ctx, live.DB(), schemas, dst, datasample.Options{Rows: n})
	if err != nil {
		return "", fmt.Errorf("sampling today's rows ("+flagname.SampleRows+"): %w", err)
	}
	rows, limited := 0, 0
	for _, t := range res.Tables {
		rows += t.Rows
		if t.Limited {
			limited++
		}
	}
	note = fmt.Sprintf("the sandboxes hold a sample of today's live rows ("+flagname.SampleRows+" %d): %d tables, %d rows, %d tables with more rows than were read, %d skipped, in %.1f s",
		n, len(res.Tables), rows, limited, len(res.Skipped), res.Took.Seconds())
	for _, sk := range res.Skipped {
		note += fmt.Sprintf("; %s.%s not copied: %s", sk.Schema, sk.Table, sk.Reason)
	}
	return note, nil
}

// reload drops and creates the dump's schemas on a sandbox as its
// application account, then loads the dump's rows.
func reload(ctx context.Context, srv *server.Server, d *sqlfile.Dump, schemas []string) error {
	conn, err := srv.AppConn(ctx, schemas)
	if err != nil {
		return err
	}
	defer conn.Close()
	admin, err := srv.DB().Conn(ctx)
	if err != nil {
		return err
	}
	defer admin.Close()
	if _, err := timedLoad(ctx, conn, admin, d, false); err != nil {
		return err
	}
	return schemacheck.LoadRows(ctx, conn, d)
}
