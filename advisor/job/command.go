package job

// Command is the job a run does; what it measures and whether its findings
// fail the run follow from it.
type Command string

// The commands that build a report.
const (
	CommandAudit    Command = "audit"
	CommandInspect  Command = "inspect"
	CommandBench    Command = "bench"
	CommandCheck    Command = "check"
	CommandCompare  Command = "compare"
	CommandRehearse Command = "rehearse"
)

// Measures reports whether the command runs the calibration: audit and
// bench on one server, compare and rehearse on two or more.
func (c Command) Measures() bool {
	return c == CommandAudit || c == CommandBench || c == CommandCompare || c == CommandRehearse
}

// FailsOnFindings reports whether findings at or above --fail-on fail the
// run: bench reports measurements only and never does.
func (c Command) FailsOnFindings() bool { return c != CommandBench }
