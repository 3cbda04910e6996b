package rehearse

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

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
			return nil, fmt.Errorf("%w: "+flagname.ServerVersion+": %w", exitcode.ErrUsage, err)
		}
		t.offline = true
		t.in = &server.Inspection{Address: o.ConfigFile, Flavor: fl, Variables: rules.SettingsFromConfig(fl, t.inputs.Config), Status: map[string]string{}}
		if o.ConfigFile == "" {
			t.inputs.Notes = append(t.inputs.Notes, compiledDefaultsNote(fl))
		}
		if t.schema, t.groups, t.schemaNote, err = readRehearsalSchema(ctx, o, nil); err != nil {
			return nil, err
		}
		if o.Queries.Live() {
			return nil, fmt.Errorf("%w: "+flagname.Queries+" live reads today's server: leave out "+flagname.ServerVersion+" and give the connection flags", exitcode.ErrUsage)
		}
	} else {
		s, err := server.Open(ctx, o.Conn)
		if err == nil {
			t.schema, t.groups, t.schemaNote, err = readRehearsalSchema(ctx, o, s)
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
	return fmt.Sprintf("no "+flagname.Config+": today's server is taken as %s on its compiled defaults (no explicit setting to carry); "+
		"give "+flagname.Config+" with its my.cnf to carry what it sets", fl)
}
