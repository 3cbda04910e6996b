package advisor

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// measuredOn is the server a job calibrated and what it measured there
// (zero when the job measured nothing).
type measuredOn struct {
	server *server.Server
	res    *bench.Result
}

// evaluation is what the rules made of a one-server job: the snapshot they
// read (settings, workload, target, the measurement) and their findings.
type evaluation struct {
	snap     rules.Snapshot
	findings []rules.Finding
}

// evaluate runs the rules on the inspected server with what was measured.
func evaluate(inputs job.Inputs, in *server.Inspection, res *bench.Result) (evaluation, error) {
	snap, err := inputs.Snapshot(in)
	if err != nil {
		return evaluation{}, err
	}
	snap.Bench = job.Measurements(res)
	return evaluation{snap: snap, findings: rules.Evaluate(snap)}, nil
}

// buildReport is a one-server job's report on the server in describes,
// from the rules' evaluation and the measurement, with every note in one
// order: how it was measured, the job's notes, the load during the
// calibration, what the calibration left out, what the job adds (extra),
// and what reading the inputs said. Audit, inspect, bench, what-if and
// check all build theirs here.
func buildReport(o Options, inputs job.Inputs, in *server.Inspection, m measuredOn, ev evaluation, extra []string) *report.Report {
	snap := ev.snap
	findings := report.FindingsOf(ev.findings)
	r := &report.Report{
		SchemaVersion: report.SchemaVersion, Command: string(o.Command),
		Tool:   report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Server: report.ServerOf(in), Settings: report.SettingsOf(in.Variables, in.Provenance),
		Workload: report.WorkloadOf(snap.Workload), Benchmark: report.BenchmarkOf(m.res), Findings: findings,
	}
	r.Server.Sandbox = o.Sandbox
	r.Config = report.ConfigOf(snap.Config)
	if snap.Target != nil {
		r.Target = &report.TargetInfo{Flavor: string(snap.Target.Vendor), Version: snap.Target.Version.Series()}
	}
	header := []string{fmt.Sprintf("upgrade-advisor %s for %s, workload %s", o.ToolVersion, in.Flavor, snap.Workload.Class)}
	if m.res != nil {
		header = append(header, fmt.Sprintf("measured on this server: %d rounds of %d tables", m.res.Rounds, m.res.TablesPerRound))
	}
	r.MyCnf = report.MyCnfSnippet(header, findings)
	r.Notes = append(r.Notes, measuredNote(o)...)
	r.Notes = append(r.Notes, o.Notes...)
	if m.server != nil {
		r.Load = m.server.Load(m.res)
		r.Notes = append(r.Notes, footprint.Notes(r.Load)...)
		r.Notes = append(r.Notes, m.server.Notes()...)
	}
	r.Notes = append(r.Notes, extra...)
	r.Notes = append(r.Notes, inputs.Notes...)
	r.Judge()
	return r
}

// measuredNote says where the figures come from, or that there are none.
func measuredNote(o Options) []string {
	switch {
	case o.Command == job.CommandCheck:
		return []string{"offline check of saved files: nothing was measured; run `audit` against the server to measure the DDL variants"}
	case !o.Command.Measures():
		return []string{"nothing was measured: " + string(o.Command) + " only reads; run `audit` to measure the DDL variants"}
	case o.Sandbox:
		return []string{"measured on a throwaway local server started for this run: absolute times come from this machine; the ratios are what carries over"}
	}
	return nil
}
