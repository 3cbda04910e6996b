package advisor

import (
	"context"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// Run connects, inspects, calibrates (audit, bench), evaluates the rules and
// returns the report.
func Run(ctx context.Context, o Options) (r *report.Report, err error) {
	inputs, err := job.ReadInputs(o.choices())
	if err != nil {
		return nil, err
	}
	s, err := server.Open(ctx, o.Conn)
	defer func() { err = server.CloseAll(err, []*server.Server{s}) }()
	if err != nil {
		return nil, err
	}
	return runOn(ctx, s, o, inputs)
}

// runOn runs the job on a server it has opened: the report describes that
// server, measured there for audit and bench.
func runOn(ctx context.Context, s *server.Server, o Options, inputs job.Inputs) (*report.Report, error) {
	o.Sandbox = s.IsSandbox()
	var res *bench.Result
	if o.Command.Measures() {
		var err error
		if res, err = measure(ctx, s, o); err != nil {
			return nil, err
		}
	}
	return buildReport(o, inputs, s.Inspection(), measuredOn{s, res}, nil)
}

// measure runs the calibration on s; with --server-variants on a sandbox,
// also on the extra sandboxes of the settings that need a restart.
func measure(ctx context.Context, s *server.Server, o Options) (*bench.Result, error) {
	if o.ServerVariants && s.IsSandbox() {
		return s.CalibrateWithServerVariants(ctx, o.job())
	}
	return s.Calibrate(ctx, o.job())
}
