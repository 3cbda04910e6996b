package advisor

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/varfile"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// CheckOptions configure the offline check of saved files.
type CheckOptions struct {
	ToolVersion   string
	VariablesFile string // SHOW GLOBAL VARIABLES output
	StatusFile    string // SHOW GLOBAL STATUS output
	ConfigFile    string // my.cnf
	// ServerVersion is today's version when the variables file has no
	// version row, or, without files, a server of that version on its
	// compiled defaults.
	ServerVersion string
	Target        string
	Workload      string
	// Notes are added to the report.
	Notes []string
}

// RunCheck evaluates the rules on saved files, without a server.
func RunCheck(o CheckOptions) (*report.Report, error) {
	if o.VariablesFile == "" && o.ConfigFile == "" && o.ServerVersion == "" {
		return nil, fmt.Errorf("%w: check needs "+flagname.Variables+" (SHOW GLOBAL VARIABLES output), "+flagname.Config+" (a my.cnf) or "+flagname.ServerVersion+" (that version on its compiled defaults)", exitcode.ErrUsage)
	}
	if o.VariablesFile == "" && o.ConfigFile == "" {
		o.Notes = append(o.Notes, fmt.Sprintf("no "+flagname.Variables+" or "+flagname.Config+": today's server is taken as %s on its compiled defaults; "+
			"give its my.cnf ("+flagname.Config+") or its SHOW GLOBAL VARIABLES ("+flagname.Variables+") to check what it sets", o.ServerVersion))
	}
	jo := Options{Command: job.CommandCheck, ToolVersion: o.ToolVersion, Workload: o.Workload, Target: o.Target, ConfigFile: o.ConfigFile, Notes: o.Notes}
	inputs, err := job.ReadInputs(jo.choices())
	if err != nil {
		return nil, err
	}
	in, err := inspectFiles(o)
	if err != nil {
		return nil, err
	}
	ev, err := evaluate(inputs, in, nil)
	if err != nil {
		return nil, err
	}
	return buildReport(jo, inputs, in, measuredOn{}, ev, nil), nil
}

// SchemaCheckReport is the report of a schema check that reads no saved
// server files: the schema section is its content.
func SchemaCheckReport(toolVersion, schemaFile string) *report.Report {
	return &report.Report{SchemaVersion: report.SchemaVersion, Command: string(job.CommandCheck),
		Tool:     report.ToolInfo{Name: "upgrade-advisor", Version: toolVersion},
		Server:   report.ServerInfo{Address: schemaFile},
		Settings: map[string]report.SettingInfo{}, Findings: []report.FindingInfo{}}
}

// inspectFiles builds an inspection from saved output instead of a server.
func inspectFiles(o CheckOptions) (*server.Inspection, error) {
	in := &server.Inspection{Address: "files", Variables: map[string]rules.Setting{}, Status: map[string]string{}}
	var raw map[string]string
	if o.VariablesFile != "" {
		var err error
		if raw, err = varfile.ParseFile(o.VariablesFile); err != nil {
			return nil, fmt.Errorf("%w: reading "+flagname.Variables+": %w", exitcode.ErrUsage, err)
		}
		in.Address = o.VariablesFile
	}
	for name, value := range raw {
		in.Variables[name] = rules.Setting{Value: value, Origin: rules.OriginUnknown}
	}
	if o.StatusFile != "" {
		status, err := varfile.ParseFile(o.StatusFile)
		if err != nil {
			return nil, fmt.Errorf("%w: reading "+flagname.Status+": %w", exitcode.ErrUsage, err)
		}
		in.Status = status
	}
	version := raw["version"]
	if o.ServerVersion != "" {
		version = o.ServerVersion
	}
	if o.VariablesFile == "" && o.ConfigFile == "" {
		in.Address = flagname.ServerVersion + " " + o.ServerVersion + " on its compiled defaults"
	}
	in.VersionComment = raw["version_comment"]
	if version == "" {
		if o.VariablesFile != "" {
			return nil, fmt.Errorf("%w: %s has no version row; give the server version with "+flagname.ServerVersion, exitcode.ErrUsage, o.VariablesFile)
		}
		return in, nil
	}
	fl, err := flavor.Identify(version, in.VersionComment)
	if err != nil && o.ServerVersion != "" {
		fl, err = rules.ParseTarget(o.ServerVersion, flavor.VendorUnknown) // the form rehearse takes: mariadb-10.5.23
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
	}
	in.Flavor = fl
	return in, nil
}
