package advisor

import (
	"context"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// Run is the audit (and inspect, bench), step by step: the choices read
// before anything connects; the server it uses; what it measures there
// (nothing for inspect); the rules on what was inspected and measured; the
// report.
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

// runOn runs the job's steps on a server it has opened (a live one, or a
// sandbox for --sandbox): measure, evaluate, report.
func runOn(ctx context.Context, s *server.Server, o Options, inputs job.Inputs) (*report.Report, error) {
	o.Sandbox = s.IsSandbox()
	res, err := measure(ctx, s, o)
	if err != nil {
		return nil, err
	}
	ev, err := evaluate(inputs, s.Inspection(), res)
	if err != nil {
		return nil, err
	}
	return buildReport(o, inputs, s.Inspection(), measuredOn{s, res}, ev, nil), nil
}

// measure runs the calibration on s when the command measures (nil
// otherwise); with --server-variants on a sandbox, also on the extra
// sandboxes of the settings that need a restart.
func measure(ctx context.Context, s *server.Server, o Options) (*bench.Result, error) {
	switch {
	case !o.Command.Measures():
		return nil, nil
	case o.ServerVariants && s.IsSandbox():
		return s.CalibrateWithServerVariants(ctx, o.job())
	}
	return s.Calibrate(ctx, o.job())
}
