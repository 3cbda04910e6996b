package advisor

import (
	"context"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// RunOnSandbox starts a throwaway server, runs the job against it, and stops
// and removes it afterwards whatever happens (error, Ctrl-C).
func RunOnSandbox(ctx context.Context, o Options, so sandbox.Options) (r *report.Report, err error) {
	inputs, err := job.ReadInputs(o.choices())
	if err != nil {
		return nil, err
	}
	s, err := server.Start(ctx, so, o.Conn)
	defer func() { err = server.CloseAll(err, []*server.Server{s}) }()
	if err != nil {
		return nil, err
	}
	markSandboxOptions(s.Inspection(), so.ServerOptions)
	return runOn(ctx, s, o, inputs)
}

// markSandboxOptions gives the settings of --sandbox-option the origin
// "sandbox-option": a sandbox has none of the user's option files, so such a
// value stands for how the audited server runs (an old version's default,
// say), not for a pin in an option file (--config checks the real ones).
func markSandboxOptions(in *server.Inspection, options []string) {
	for _, o := range options {
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(o, "--"), "loose-"), "=")
		name = flavor.OptionName(name)
		if st, ok := in.Variables[name]; ok && st.Origin == rules.OriginConfig {
			st.Origin = rules.OriginSandbox
			in.Variables[name] = st
		}
	}
}
