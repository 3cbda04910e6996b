package advisor

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// Run connects, inspects, calibrates (audit, bench), evaluates the rules and
// returns the report.
func Run(ctx context.Context, o Options) (r *report.Report, err error) {
	inputs, err := readJobInputs(o)
	if err != nil {
		return nil, err
	}
	s, err := openServer(ctx, o.Conn)
	defer func() { err = closeAll(err, []*server{s}) }()
	if err != nil {
		return nil, err
	}
	return runOn(ctx, s, o, inputs)
}

// runOn runs the job on a server it has opened: the report describes that
// server, measured there for audit and bench.
func runOn(ctx context.Context, s *server, o Options, inputs jobInputs) (*report.Report, error) {
	o.Sandbox = s.isSandbox()
	snap, err := inputs.snapshot(s.in, o)
	if err != nil {
		return nil, err
	}
	var res *bench.Result
	if o.Command.Measures() {
		if res, err = s.calibrate(ctx, o); err != nil {
			return nil, err
		}
		snap.Bench = measurements(res)
	}
	r := buildReport(o, s.in, snap, res)
	r.Load = s.load.info(res)
	r.Notes = append(r.Notes, loadNotes(r.Load)...)
	r.Notes = append(r.Notes, s.notes...)
	r.Notes = append(r.Notes, inputs.notes...)
	return r, nil
}

// jobInputs are what a job reads before it connects: the --workload and
// --target choices and the options of --config.
type jobInputs struct {
	workload rules.WorkloadClass
	target   *rules.Flavor
	config   []rules.ConfigOption
	notes    []string
}

// readJobInputs validates the choices and reads --config, before connecting.
func readJobInputs(o Options) (jobInputs, error) {
	var inputs jobInputs
	var err error
	if inputs.workload, inputs.target, err = parseChoices(o); err != nil {
		return inputs, err
	}
	if o.ConfigFile != "" {
		inputs.config, inputs.notes, err = loadConfig(o.ConfigFile)
	}
	return inputs, err
}

// snapshot is the rules' view of an inspected server with these inputs.
func (inputs jobInputs) snapshot(in *inspection, o Options) (rules.Snapshot, error) {
	snap, err := snapshotOf(in, o, inputs.workload, inputs.target)
	snap.Config = inputs.config
	return snap, err
}

// parseChoices validates --workload and --target before connecting.
func parseChoices(o Options) (rules.WorkloadClass, *rules.Flavor, error) {
	var class rules.WorkloadClass
	if o.Workload != "" {
		c, err := rules.ParseWorkloadClass(o.Workload)
		if err != nil {
			return "", nil, fmt.Errorf("%w: %w", ErrUsage, err)
		}
		class = c
	}
	if o.Target == "" {
		return class, nil, nil
	}
	t, err := rules.ParseTarget(o.Target, rules.VendorUnknown)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrUsage, err)
	}
	return class, &t, nil
}

// snapshotOf builds the rules' view of an inspected server: workload class
// (from the flag or the counters), target and setup scenario. A --target
// that names no release of the server's vendor is a usage error.
func snapshotOf(in *inspection, o Options, workload rules.WorkloadClass, target *rules.Flavor) (rules.Snapshot, error) {
	startup, _ := rules.StartupDDL(in.Flavor)
	status, atStart := withoutStatements(in.Status, startup)
	status, own := withoutStatements(status, in.OwnDDL)
	snap := rules.Snapshot{Flavor: in.Flavor, Variables: in.Variables, Status: status,
		Workload: classify(status, workload), ExpectTables: o.ExpectTables}
	if atStart > 0 {
		snap.Workload.Reason += fmt.Sprintf(" (not counting the %d table DDL statements %s runs itself at every start)", atStart, in.Flavor.Name()+" "+in.Flavor.Version.Series())
	}
	if own > 0 {
		snap.Workload.Reason += fmt.Sprintf(" (not counting %d DDL statements of this tool's own earlier calibrations since the server started)", own)
	}
	if in.Accounts != nil {
		accounts := *in.Accounts
		accounts.ShowNames = o.ShowAccounts
		snap.Accounts = &accounts
	}
	if target == nil {
		return snap, nil
	}
	t, err := resolveTarget(o.Target, in.Flavor)
	snap.Target = t
	return snap, err
}

// resolveTarget reads --target again once the server's flavor is known, so
// a bare version ("11.4") means the server's own vendor.
func resolveTarget(target string, current rules.Flavor) (*rules.Flavor, error) {
	t, err := rules.ParseTarget(target, current.Vendor)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUsage, err)
	}
	return &t, nil
}

func classify(status map[string]string, flag rules.WorkloadClass) rules.Workload {
	observed := rules.ClassifyWorkload(status)
	if flag == "" {
		return observed
	}
	return rules.WorkloadFromFlag(flag, observed)
}

func buildReport(o Options, in *inspection, snap rules.Snapshot, res *bench.Result) *report.Report {
	findings := report.FindingsOf(rules.Evaluate(snap))
	r := &report.Report{
		SchemaVersion: report.SchemaVersion, Command: string(o.Command),
		Tool:   report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Server: serverInfo(in), Settings: report.SettingsOf(in.Variables, in.Provenance),
		Workload: report.WorkloadOf(snap.Workload), Benchmark: report.BenchmarkOf(res), Findings: findings,
	}
	r.Server.Sandbox = o.Sandbox
	r.Config = report.ConfigOf(snap.Config)
	if snap.Target != nil {
		r.Target = &report.TargetInfo{Flavor: string(snap.Target.Vendor), Version: snap.Target.Version.Series()}
	}
	header := []string{fmt.Sprintf("upgrade-advisor %s for %s, workload %s", o.ToolVersion, in.Flavor, snap.Workload.Class)}
	if res != nil {
		header = append(header, fmt.Sprintf("measured on this server: %d rounds of %d tables", res.Rounds, res.TablesPerRound))
	}
	r.MyCnf = report.MyCnfSnippet(header, findings)
	if o.Sandbox {
		r.Notes = append(r.Notes, "measured on a throwaway local server started for this run: absolute times come from this machine; the ratios are what carries over")
	}
	if !o.Command.Measures() {
		r.Notes = append(r.Notes, "nothing was measured: "+string(o.Command)+" only reads; run `audit` to measure the DDL variants")
	}
	r.Notes = append(r.Notes, o.Notes...)
	return r
}
