package advisor

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/varfile"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// CheckOptions configure the offline check of saved files.
type CheckOptions struct {
	ToolVersion   string
	VariablesFile string // SHOW GLOBAL VARIABLES output
	StatusFile    string // SHOW GLOBAL STATUS output
	ConfigFile    string // my.cnf
	ServerVersion string // when the variables file has no version row
	Target        string
	Workload      string
}

// RunCheck evaluates the rules on saved files, without a server.
func RunCheck(o CheckOptions) (*report.Report, error) {
	if o.VariablesFile == "" && o.ConfigFile == "" {
		return nil, fmt.Errorf("%w: check needs --variables (SHOW GLOBAL VARIABLES output) and/or --config (a my.cnf)", ErrUsage)
	}
	jo := Options{Command: CommandCheck, ToolVersion: o.ToolVersion, Workload: o.Workload, Target: o.Target, ConfigFile: o.ConfigFile}
	inputs, err := readJobInputs(jo)
	if err != nil {
		return nil, err
	}
	in, err := inspectFiles(o)
	if err != nil {
		return nil, err
	}
	snap, err := inputs.snapshot(in, jo)
	if err != nil {
		return nil, err
	}
	r := buildReport(jo, in, snap, nil)
	r.Notes = append(inputs.notes, "offline check of saved files: nothing was measured; run `audit` against the server to measure the DDL variants")
	return r, nil
}

// inspectFiles builds an inspection from saved output instead of a server.
func inspectFiles(o CheckOptions) (*inspection, error) {
	in := &inspection{Address: "files", Variables: map[string]rules.Setting{}, Status: map[string]string{}}
	var raw map[string]string
	if o.VariablesFile != "" {
		var err error
		if raw, err = varfile.ParseFile(o.VariablesFile); err != nil {
			return nil, fmt.Errorf("%w: reading --variables: %w", ErrUsage, err)
		}
		in.Address = o.VariablesFile
	}
	for name, value := range raw {
		in.Variables[name] = rules.Setting{Value: value, Origin: rules.OriginUnknown}
	}
	if o.StatusFile != "" {
		status, err := varfile.ParseFile(o.StatusFile)
		if err != nil {
			return nil, fmt.Errorf("%w: reading --status: %w", ErrUsage, err)
		}
		in.Status = status
	}
	version := raw["version"]
	if o.ServerVersion != "" {
		version = o.ServerVersion
	}
	in.VersionComment = raw["version_comment"]
	if version == "" {
		if o.VariablesFile != "" {
			return nil, fmt.Errorf("%w: %s has no version row; give the server version with --server-version", ErrUsage, o.VariablesFile)
		}
		return in, nil
	}
	fl, err := rules.IdentifyFlavor(version, in.VersionComment)
	if err != nil && o.ServerVersion != "" {
		fl, err = rules.ParseTarget(o.ServerVersion, rules.VendorUnknown) // the form rehearse takes: mariadb-10.5.23
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUsage, err)
	}
	in.Flavor = fl
	return in, nil
}
