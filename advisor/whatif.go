package advisor

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// RunWhatIf inspects a server read-only, starts a local sandbox with its
// relevant settings, measures the variants there, and reports against the
// inspected server. Nothing is written to the inspected server.
func RunWhatIf(ctx context.Context, o Options, so sandbox.Options) (r *report.Report, err error) {
	inputs, err := job.ReadInputs(o.choices())
	if err != nil {
		return nil, err
	}
	inspected, err := server.Open(ctx, o.Conn)
	err = server.CloseAll(err, []*server.Server{inspected}) // only inspected: closed at once
	if err != nil {
		return nil, err
	}
	in := inspected.Inspection()
	copied, notes := rules.WhatIfOptions(in.Variables)
	so.ServerOptions = append(copied, so.ServerOptions...)
	local, err := server.Start(ctx, so, server.ConnOptions{})
	defer func() { err = server.CloseAll(err, []*server.Server{local}) }()
	if err != nil {
		return nil, fmt.Errorf("the what-if sandbox with the inspected server's settings (%s): %w", strings.Join(copied, " "), err)
	}
	res, err := measure(ctx, local, o)
	if err != nil {
		return nil, err
	}
	ev, err := evaluate(inputs, in, res)
	if err != nil {
		return nil, err
	}
	return buildReport(o, inputs, in, measuredOn{local, res}, ev, append(whatIfNotes(in, local.Inspection(), copied), notes...)), nil
}

func whatIfNotes(in, local *server.Inspection, copied []string) []string {
	notes := []string{
		fmt.Sprintf("what-if: measured on a local sandbox %s started with the inspected server's settings (%s); nothing was written to %s",
			local.Flavor, strings.Join(copied, ", "), in.Address),
		"what-if: absolute times come from this machine; only the speedup ratios carry over to the inspected server",
	}
	if in.Flavor.Vendor != local.Flavor.Vendor || in.Flavor.Version.Series() != local.Flavor.Version.Series() {
		notes = append(notes, fmt.Sprintf("what-if: the inspected server is %s but the binaries here are %s; give "+flagname.Basedir+" of a %s tarball to measure the same version",
			in.Flavor, local.Flavor, in.Flavor.Name()+" "+in.Flavor.Version.Series()))
	}
	return notes
}
