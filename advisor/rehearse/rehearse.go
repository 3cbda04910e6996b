package rehearse

import (
	"context"
	"fmt"
	"io"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// job.CommandRehearse is `rehearse`: today's settings carried to the target
// version and measured side by side with today's version.

// Options configure `rehearse`.
type Options struct {
	ToolVersion string
	// Conn is today's server, inspected read-only; unused when
	// ServerVersion is given (offline: --config describes today's server;
	// without --config, that version on its compiled defaults).
	Conn          server.ConnOptions
	ConfigFile    string
	ServerVersion string
	// SourceBasedir and TargetBasedir are the binaries of today's version
	// ("" = the installed ones) and of the target (required).
	SourceBasedir, TargetBasedir string
	Workload                     string
	Bench                        server.BenchOptions
	// SchemaFile is the schema to carry (a dump or install script); without
	// it the schema is read from today's server (Schemas: which; all but the
	// server's own when empty).
	SchemaFile string
	Schemas    []string
	// WithData loads SchemaFile's rows too (on the sandboxes the queries run on).
	WithData bool
	// Queries, when set, runs the application's statements on the
	// sandboxes of today's version and the carried target (--queries).
	Queries *QueryOptions
	// SandboxDir is the parent of the sandboxes ("" = the system's temp dir).
	SandboxDir string
	Warn       func(string)
	SandboxLog io.Writer
	Notes      []string
	// InPlace adds the in-place upgrade rehearsal: today's datadir, with
	// SchemaFile's schema loaded, started by the target (--in-place).
	InPlace bool
	// NoGroup checks and times every schema; by default schemas of the
	// same definition are checked and timed once (schemacheck.GroupDump).
	NoGroup bool
}

// side is one sandbox of a rehearsal before and after it ran.
type side struct {
	name, label string
	basedir     string
	options     []string
	srv         *server.Server
}

// Run inspects today's server (or reads --config offline), carries
// its explicit settings to the target version, has the target's binary
// validate them, starts sandboxes of today's version and of the target and
// calibrates them with interleaved rounds. Every sandbox is stopped and
// removed whatever happens, also on Ctrl-C.
func Run(ctx context.Context, o Options) (r *report.RehearseReport, err error) {
	if o.TargetBasedir == "" {
		return nil, fmt.Errorf("%w: rehearse needs --target-basedir: an extracted tarball or unpacked package root of the version you move to", exitcode.ErrUsage)
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
		if r.Schema, r.SchemaTiming, err = rehearseSchema(ctx, today.schema, plan, o.Bench, o.NoGroup); err != nil {
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
	return r, nil
}

// today is the server the rehearsal starts from.
type today struct {
	in       *server.Inspection
	offline  bool
	settings []carryover.CarrySetting
	inputs   job.Inputs
	// schema is the schema the rehearsal carries (nil: none, schemaNote says why).
	schema     *sqlfile.Dump
	schemaNote string
	// queries are the application's statements (nil without --queries).
	queries *queries.Input
}

// readToday inspects today's server read-only and closes the connection at
// once, or reads --config with --server-version offline; --server-version
// without --config is that version on its compiled defaults.
func readToday(ctx context.Context, o Options) (*today, error) {
	inputs, err := job.ReadInputs(job.Choices{Workload: o.Workload, ConfigFile: o.ConfigFile})
	if err != nil {
		return nil, err
	}
	t := &today{inputs: inputs}
	if o.ServerVersion != "" {
		fl, err := rules.ParseTarget(o.ServerVersion, flavor.VendorUnknown)
		if err != nil {
			return nil, fmt.Errorf("%w: --server-version: %w", exitcode.ErrUsage, err)
		}
		t.offline = true
		t.in = &server.Inspection{Address: o.ConfigFile, Flavor: fl, Variables: rules.SettingsFromConfig(fl, t.inputs.Config), Status: map[string]string{}}
		if o.ConfigFile == "" {
			t.inputs.Notes = append(t.inputs.Notes, compiledDefaultsNote(fl))
		}
		if t.schema, t.schemaNote, err = readRehearsalSchema(ctx, o, nil); err != nil {
			return nil, err
		}
		if o.Queries.Live() {
			return nil, fmt.Errorf("%w: --queries live reads today's server: leave out --server-version and give the connection flags", exitcode.ErrUsage)
		}
	} else {
		s, err := server.Open(ctx, o.Conn)
		if err == nil {
			t.schema, t.schemaNote, err = readRehearsalSchema(ctx, o, s)
		}
		if err == nil && o.Queries.Live() {
			t.queries, err = readLiveQueries(ctx, s, *o.Queries)
		}
		err = server.CloseAll(err, []*server.Server{s}) // read-only: closed at once
		if err != nil {
			return nil, err
		}
		t.in = s.Inspection()
	}
	if o.Queries != nil && !o.Queries.Live() {
		if t.queries, err = ReadQueryFile(*o.Queries); err != nil {
			return nil, err
		}
	}
	if len(t.inputs.Config) > 0 {
		t.settings = carryover.ConfigCarrySettings(t.in.Flavor, t.inputs.Config)
	} else {
		t.settings = explicitSettings(t.in.Variables)
	}
	return t, nil
}

// compiledDefaultsNote says what --server-version without --config stands
// for: a server of that version that sets nothing, as a server started
// without a my.cnf runs.
func compiledDefaultsNote(fl flavor.Flavor) string {
	return fmt.Sprintf("no --config: today's server is taken as %s on its compiled defaults (no explicit setting to carry); "+
		"give --config with its my.cnf to carry what it sets", fl)
}
