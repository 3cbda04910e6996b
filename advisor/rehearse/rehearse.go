package rehearse

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// job.CommandRehearse is `rehearse`: today's settings carried to the target
// version and measured side by side with today's version.

// Run inspects today's server (or reads --config offline), carries
// its explicit settings to the target version, has the target's binary
// validate them, starts sandboxes of today's version and of the target and
// calibrates them with interleaved rounds. Every sandbox is stopped and
// removed whatever happens, also on Ctrl-C.
func Run(ctx context.Context, o Options) (r *report.RehearseReport, err error) {
	if o.TargetBasedir == "" {
		return nil, fmt.Errorf("%w: rehearse needs "+flagname.TargetBasedir+": an extracted tarball or unpacked package root of the version you move to", exitcode.ErrUsage)
	}
	if o.Datadir != "" {
		return runDatadir(ctx, o)
	}
	today, err := readToday(ctx, o)
	if err != nil {
		return nil, err
	}
	plan, err := planRehearsal(ctx, o, today)
	if err != nil {
		return nil, err
	}
	if o.InPlace {
		if err := inPlaceRefusal(today.in.Flavor, plan.target); err != nil {
			return nil, err
		}
	}
	if err := replicationRefusal(o, today, plan); err != nil {
		return nil, err
	}
	servers, err := startSides(ctx, o, plan.sides)
	defer func() { err = server.CloseAll(err, servers) }()
	if err != nil {
		return nil, err
	}
	for _, sd := range plan.sides {
		jo := server.Job{ToolVersion: o.ToolVersion, Bench: o.Bench, Warn: o.Warn}
		if err = sd.srv.Prepare(ctx, jo); err != nil {
			return nil, fmt.Errorf("%s: %w", sd.label, err)
		}
	}
	names := make([]string, len(plan.sides))
	for i, sd := range plan.sides {
		names[i] = sd.name
	}
	results, err := server.CalibrateTogether(ctx, servers, names...)
	if err != nil {
		return nil, err
	}
	r = buildRehearseReport(o, today, plan, results)
	if today.schema != nil {
		if r.Schema, r.SchemaTiming, err = rehearseSchema(ctx, today.schema, today.groups, plan, o.Bench, o.NoGroup); err != nil {
			return nil, err
		}
		r.AddSummary(report.Headline{Text: report.SchemaTimingSummary(r.SchemaTiming)})
	} else if today.schemaNote != "" {
		r.Notes = append(r.Notes, today.schemaNote)
	}
	if today.queries != nil {
		if r.Queries, err = rehearseQueries(ctx, o, today.schema, plan, today.queries); err != nil {
			return nil, err
		}
		r.AddSummary(report.Headline{Text: report.QueriesSummary(r.Queries), Action: r.Queries.Action()})
	}
	if o.InPlace {
		if r.InPlace, err = rehearseInPlace(ctx, o, plan, plan.sides[0].options); err != nil {
			return nil, err
		}
	}
	if o.Replication != nil {
		rep, err := rehearseReplication(ctx, o, today, plan)
		if err != nil {
			return nil, err
		}
		r.AddReplication(report.ReplicationOf(rep))
	}
	r.Judge()
	return r, nil
}
