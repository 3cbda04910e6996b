package sandbox

import (
	"strings"
	"testing"
)

// TestMachineSettingsSpelledBothWays: the one list of machine settings
// answers in both spellings, and the sandbox refuses as an option exactly
// the machine settings it sets itself, in both spellings, with the list's
// reason.
func TestMachineSettingsSpelledBothWays(t *testing.T) {
	for name, why := range machineSettings {
		dashed := strings.ReplaceAll(name, "_", "-")
		if !IsMachineSetting(name) || !IsMachineSetting(dashed) || !IsMachineSetting(strings.ToUpper(dashed)) {
			t.Errorf("IsMachineSetting does not know %s in every spelling", name)
		}
		for _, opt := range []string{name + "=x", dashed + "=x"} {
			_, err := ValidateServerOption(opt)
			switch {
			case why == "" && err != nil:
				t.Errorf("ValidateServerOption(%q) = %v; the sandbox leaves %s at its default, so a user may set it", opt, err, name)
			case why != "" && (err == nil || !strings.Contains(err.Error(), why)):
				t.Errorf("ValidateServerOption(%q) = %v; want the refusal %q", opt, err, why)
			}
		}
	}
	for _, name := range []string{"innodb_file_per_table", "sql_mode", "no-defaults"} {
		if IsMachineSetting(name) {
			t.Errorf("IsMachineSetting(%q) = true; it is not a setting of the machine", name)
		}
	}
}
