package job

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Snapshot is the rules' view of an inspected server with these inputs:
// workload class (from the flag or the counters, without the DDL the
// server runs at start and this tool's own), target, setup scenario,
// accounts and --config's options. A --target that names no release of
// the server's vendor is a usage error.
func (inputs Inputs) Snapshot(in *server.Inspection) (rules.Snapshot, error) {
	startup, _ := rules.StartupDDL(in.Flavor)
	status, atStart := server.WithoutStatements(in.Status, startup)
	status, own := server.WithoutStatements(status, in.OwnDDL)
	snap := rules.Snapshot{Flavor: in.Flavor, Variables: in.Variables, Status: status,
		Workload: classify(status, inputs.workload), ExpectTables: inputs.choices.ExpectTables, Config: inputs.Config}
	if atStart > 0 {
		snap.Workload.Reason += fmt.Sprintf(" (not counting the %d table DDL statements %s runs itself at every start)", atStart, in.Flavor.Name()+" "+in.Flavor.Version.Series())
	}
	if own > 0 {
		snap.Workload.Reason += fmt.Sprintf(" (not counting %d DDL statements of this tool's own earlier calibrations since the server started)", own)
	}
	if in.Accounts != nil {
		accounts := *in.Accounts
		accounts.ShowNames = inputs.choices.ShowAccounts
		snap.Accounts = &accounts
	}
	if inputs.choices.Target == "" {
		return snap, nil
	}
	t, err := resolveTarget(inputs.choices.Target, in.Flavor)
	snap.Target = t
	return snap, err
}

// resolveTarget reads --target again once the server's flavor is known, so
// a bare version ("11.4") means the server's own vendor.
func resolveTarget(target string, current flavor.Flavor) (*flavor.Flavor, error) {
	t, err := rules.ParseTarget(target, current.Vendor)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
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
