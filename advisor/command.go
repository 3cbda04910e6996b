package advisor

// Command is the job a run does; what it measures and whether its findings
// fail the run follow from it.
type Command string

// The commands that build a report.
const (
	CommandAudit   Command = "audit"
	CommandInspect Command = "inspect"
	CommandBench   Command = "bench"
	CommandCheck   Command = "check"
	CommandCompare Command = "compare"
)

// Measures reports whether the command runs the calibration.
func (c Command) Measures() bool { return c == CommandAudit || c == CommandBench }

// FailsOnFindings reports whether findings at or above --fail-on fail the
// run: bench reports measurements only and never does.
func (c Command) FailsOnFindings() bool { return c != CommandBench }
