package rehearse

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/querylog"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// ParseBinlogFormats reads --binlog-format: ROW, STATEMENT, MIXED, a
// comma-separated list of them, or "both" (ROW and STATEMENT).
func ParseBinlogFormats(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToUpper(strings.TrimSpace(f))
		switch f {
		case "":
		case "BOTH":
			out = append(out, replication.FormatRow, replication.FormatStatement)
		case replication.FormatRow, replication.FormatStatement, replication.FormatMixed:
			out = append(out, f)
		default:
			return nil, fmt.Errorf("%w: "+flagname.BinlogFormat+" %q: give ROW, STATEMENT, MIXED, a list of them, or both", exitcode.ErrUsage, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// ParseSeeds reads --replication-seed: dump, schema or both.
func ParseSeeds(s string) ([]string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "both":
		return []string{replication.SeedDump, replication.SeedSchema}, nil
	case replication.SeedDump:
		return []string{replication.SeedDump}, nil
	case replication.SeedSchema:
		return []string{replication.SeedSchema}, nil
	}
	return nil, fmt.Errorf("%w: "+flagname.ReplicationSeed+" %q: give dump, schema or both", exitcode.ErrUsage, s)
}

// replicationRefusal refuses, before any sandbox starts, a pair no vendor
// supports replicating between.
func replicationRefusal(o Options, t *today, p *rehearsal) error {
	if o.Replication == nil {
		return nil
	}
	return replication.Refusal(t.in.Flavor, p.target)
}

// rehearseReplication runs the replication rehearsal on sandboxes of its
// own: today's version with today's settings, the target with them
// carried over; the schema (and its rows) of the rehearsal; the writes of
// --queries in log order.
func rehearseReplication(ctx context.Context, o Options, t *today, p *rehearsal) (*outcome.Result, error) {
	skipped := func(why string) *outcome.Result {
		return &outcome.Result{Notes: []string{"the replication rehearsal did not run: " + why}}
	}
	switch {
	case p.sourceBin == nil:
		return skipped("today's version cannot run here (" + p.sourceNote + "); give " + flagname.SourceBasedir + " with today's binaries"), nil
	case t.schema == nil:
		return skipped("no schema was rehearsed; give " + flagname.SchemaFile + " (with " + flagname.WithData + " for its rows) or " + flagname.Schemas), nil
	}
	schemas := schemacheck.SchemaNames(t.schema)
	writes, notes, err := replicationWrites(o, schemas)
	if err != nil {
		return nil, err
	}
	ro := replication.Options{
		Today:   replication.Version{Binary: p.sourceBin, Options: p.sides[0].options},
		Target:  replication.Version{Binary: p.targetBin, Options: p.carry.SandboxOptions()},
		Formats: o.Replication.Formats, Seeds: o.Replication.Seeds, Wait: o.Replication.Wait, GTID: o.Replication.GTID,
		Schemas: schemas, Writes: writes, SandboxDir: o.SandboxDir, Log: o.SandboxLog,
		Load:       func(ctx context.Context, s *server.Server) error { return loadPrimary(ctx, o, t.schema, s, schemas) },
		LoadSchema: func(ctx context.Context, s *server.Server) error { return loadSchemaOnly(ctx, s, t.schema, schemas) },
	}
	ro.Formats, notes = formatsToRun(ro.Formats, todaysFormat(t), notes)
	rep, err := replication.Run(ctx, ro)
	if err != nil {
		return nil, err
	}
	rep.Notes = append(notes, rep.Notes...)
	return rep, nil
}

// formatsToRun are the formats asked, today's when none was, and MIXED
// beside them when today's server logs MIXED.
func formatsToRun(asked []string, today string, notes []string) ([]string, []string) {
	if len(asked) == 0 {
		return []string{today}, append(notes, fmt.Sprintf("binary log format %s, as today's server logs (give "+flagname.BinlogFormat+" both for ROW and STATEMENT)", today))
	}
	if today == replication.FormatMixed && !slices.Contains(asked, today) {
		return append(slices.Clone(asked), today), append(notes, "MIXED too: today's server logs in MIXED format")
	}
	return asked, notes
}

// todaysFormat is today's binlog_format when the inspection or --config
// gives it, else ROW (the default of both vendors' current versions).
func todaysFormat(t *today) string {
	if s, ok := t.in.Variables["binlog_format"]; ok {
		if f := strings.ToUpper(s.Value); f == replication.FormatStatement || f == replication.FormatMixed || f == replication.FormatRow {
			return f
		}
	}
	return replication.FormatRow
}

// replicationWrites reads the writes of --queries in log order.
func replicationWrites(o Options, schemas []string) ([]querylog.Statement, []string, error) {
	switch {
	case o.Queries == nil:
		return nil, []string{"no " + flagname.Queries + ": the replicas were seeded and checked, but no application write was replayed"}, nil
	case o.Queries.Live():
		return nil, []string{flagname.Queries + " live gives statements without their order: no write was replayed; give a general or slow log file to replay the writes"}, nil
	}
	in, err := querylog.ReadFileInOrder(o.Queries.Source, querylog.Format(o.Queries.Format))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: "+flagname.Queries+": %w", exitcode.ErrUsage, err)
	}
	writes, elsewhere := replication.Writes(in.Statements, schemas)
	notes := []string{fmt.Sprintf("the writes: %d INSERT, UPDATE, DELETE or REPLACE statement(s) of the %d in %s, replayed in log order with their sessions' schema and settings, as the application's account",
		len(writes), len(in.Statements), in.Source)}
	if elsewhere > 0 {
		notes = append(notes, fmt.Sprintf("%d write(s) logged in schemas the schema does not hold were left out", elsewhere))
	}
	return writes, notes, nil
}

// loadPrimary loads the schema and its rows (--with-data, or a sample of
// today's live rows with --sample-rows) on a primary.
func loadPrimary(ctx context.Context, o Options, d *sqlfile.Dump, s *server.Server, schemas []string) error {
	if err := reload(ctx, s, d, schemas); err != nil {
		return err
	}
	if o.Queries != nil && o.Queries.SampleRows > 0 {
		_, err := SampleRows(ctx, o.Conn, schemas, []*server.Server{s}, o.Queries.SampleRows)
		return err
	}
	return nil
}

// loadSchemaOnly loads the schema without its rows on a replica.
func loadSchemaOnly(ctx context.Context, s *server.Server, d *sqlfile.Dump, schemas []string) error {
	conn, err := s.AppTextConn(ctx, schemas)
	if err != nil {
		return err
	}
	defer conn.Close()
	admin, err := s.DB().Conn(ctx)
	if err != nil {
		return err
	}
	defer admin.Close()
	_, err = timedLoad(ctx, conn, admin, replication.SchemaOnly(d), false)
	return err
}
