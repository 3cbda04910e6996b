package report

import "github.com/upgrade-advisor/upgrade-advisor/rules"

// FailOn is --fail-on: the severity at or above which a report's findings
// fail the command (exit code 1). Its zero value fails on any finding;
// NeverFail on none.
type FailOn struct{ at rules.Severity }

// ParseFailOn reads --fail-on: info, warning, critical or none.
func ParseFailOn(s string) (FailOn, error) {
	sev, err := rules.ParseSeverity(s)
	return FailOn{at: sev}, err
}

// NeverFail is the FailOn of a command that never fails on findings (bench).
func NeverFail() FailOn { return FailOn{at: rules.Critical + 1} }

// Fails says whether a report whose worst finding is worst (any: it has
// one) fails the command, and the worst severity's name.
func (f FailOn) Fails(worst rules.Severity, any bool) (string, bool) {
	return worst.String(), any && worst >= f.at
}
