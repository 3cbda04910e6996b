package job

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Choices are the flags that say how a job reads a server, all read
// before it connects.
type Choices struct {
	// Workload overrides the class read from status counters ("" = decide from status).
	Workload string
	// Target is the --target version ("" = none).
	Target string
	// ConfigFile is a my.cnf to check against the target ("" = none).
	ConfigFile string
	// ExpectTables projects a setup that creates this many tables (0 = none).
	ExpectTables int
	// ShowAccounts lets findings name accounts (--show-accounts); otherwise
	// they count them by authentication plugin.
	ShowAccounts bool
}

// Inputs are what a job reads before it connects: the choices, validated,
// and the options of --config.
type Inputs struct {
	choices  Choices
	workload rules.WorkloadClass
	// Config holds the server options of --config; Notes what reading it said.
	Config []rules.ConfigOption
	Notes  []string
}

// ReadInputs validates the choices and reads --config, before connecting.
func ReadInputs(c Choices) (Inputs, error) {
	inputs := Inputs{choices: c}
	var err error
	if inputs.workload, err = parseChoices(c); err != nil {
		return inputs, err
	}
	if c.ConfigFile != "" {
		inputs.Config, inputs.Notes, err = LoadConfig(c.ConfigFile)
	}
	return inputs, err
}

// parseChoices validates --workload and --target before connecting; the
// target is read again once the server's vendor is known (resolveTarget).
func parseChoices(c Choices) (rules.WorkloadClass, error) {
	var class rules.WorkloadClass
	if c.Workload != "" {
		w, err := rules.ParseWorkloadClass(c.Workload)
		if err != nil {
			return "", fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
		}
		class = w
	}
	if c.Target != "" {
		if _, err := rules.ParseTarget(c.Target, flavor.VendorUnknown); err != nil {
			return "", fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
		}
	}
	return class, nil
}
