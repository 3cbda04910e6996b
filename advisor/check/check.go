package check

import (
	"context"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
)

// Run runs the check: the servers it uses, the queries read before any
// sandbox starts, the rules on the saved settings, --config asked of the
// target's binary, the schema (and the queries) on the target's sandbox,
// and the report judged with all of it. The report is returned whole even
// when the query rehearsal tested nothing; the caller says so after
// writing it (report.Queries.UntestedText).
func Run(ctx context.Context, o Options) (*report.Report, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if err := resolveServers(ctx, &o); err != nil {
		return nil, err
	}
	in, err := readQueries(ctx, o)
	if err != nil {
		return nil, err
	}
	r, err := settingsReport(ctx, o)
	if err != nil {
		return nil, err
	}
	if o.TargetBasedir != "" && (o.ConfigFile != "" || !o.schemaCheck()) {
		if err := configOnTarget(ctx, r, o.ConfigFile, o.TargetBasedir); err != nil {
			return nil, err
		}
	}
	if o.schemaCheck() {
		if err := checkSchema(ctx, o, in, r); err != nil {
			return nil, err
		}
	}
	r.Judge() // again: the schema check and the queries are in the report now
	return r, nil
}

// settingsReport runs the rules on the saved files given; a schema check
// alone starts from a report of its own.
func settingsReport(ctx context.Context, o Options) (*report.Report, error) {
	target, err := targetVersion(ctx, o)
	if err != nil {
		return nil, err
	}
	if o.schemaCheck() && o.VariablesFile == "" && o.ConfigFile == "" && !(o.ServerVersion != "" && target != "") {
		// --server-version alone names the version that wrote the schema;
		// with --target it also asks for the drift of its compiled defaults.
		return advisor.SchemaCheckReport(o.ToolVersion, o.SchemaFile), nil
	}
	return advisor.RunCheck(advisor.CheckOptions{
		ToolVersion: o.ToolVersion, VariablesFile: o.VariablesFile, StatusFile: o.StatusFile,
		ConfigFile: o.ConfigFile, ServerVersion: o.ServerVersion, Target: target, Workload: o.Workload,
	})
}

// checkSchema loads the schema on the target's sandbox (and today's), runs
// the queries while it is loaded, and puts the section in the report.
func checkSchema(ctx context.Context, o Options, in *queries.Input, r *report.Report) error {
	so := schemacheck.Options{SchemaFile: o.SchemaFile, WithData: o.WithData,
		TargetBasedir: o.TargetBasedir, SourceBasedir: o.SourceBasedir,
		ServerVersion: o.ServerVersion, Target: o.Target, Log: o.Log, NoGroup: o.NoGroup}
	if o.SchemaFile == "" {
		so.Live, so.Schemas = o.Live, o.Schemas
	}
	if in != nil {
		so.WhileLoaded = queriesWhileLoaded(o, in, r)
	}
	schema, err := schemacheck.CheckOnTarget(ctx, so)
	if err != nil {
		return err
	}
	r.Schema = report.SchemaOf(schema)
	return nil
}
