package check

import (
	"context"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// readQueries reads --queries before any sandbox starts: a file, or today's
// live server (read-only). Nil without --queries.
func readQueries(ctx context.Context, o Options) (*queries.Input, error) {
	switch {
	case o.Queries == nil:
		return nil, nil
	case o.Queries.Live():
		return rehearse.OpenAndReadLiveQueries(ctx, *o.Live, *o.Queries)
	}
	return rehearse.ReadQueryFile(*o.Queries)
}

// queriesWhileLoaded runs the statements on the schema check's two
// sandboxes while they hold the schema (with a sample of the live rows
// when --sample-rows) and puts their section in the report.
func queriesWhileLoaded(o Options, in *queries.Input, r *report.Report) func(context.Context, schemacheck.Loaded) error {
	return func(ctx context.Context, l schemacheck.Loaded) (err error) {
		rows := l.Rows
		if o.SampleRowsGiven {
			note, err := rehearse.SampleRows(ctx, *o.Live, l.Schemas, []*server.Server{l.Today, l.Target}, o.SampleRows)
			if err != nil {
				return err
			}
			in.Notes, rows = append(in.Notes, note), true
		}
		r.Queries, err = rehearse.RunQueries(ctx, l.Today, l.Target, l.Schemas, rows, in, *o.Queries)
		return err
	}
}
