package advisor

import "errors"

// Exit codes of upgrade-advisor, documented in --help and the README. The
// errors of a job carry theirs (ExitCoder); main maps an outcome to a code
// in one place.
const (
	ExitOK       = 0 // nothing at or above --fail-on
	ExitFindings = 1 // findings at or above --fail-on
	ExitError    = 2 // usage, connection, pre-flight, bad input, interrupted
)

// ExitCoder is an error that says which exit code it means. The method is
// not urfave/cli's ExitCode, so cli's own errors (code 3) count as any
// other error: exit code 2.
type ExitCoder interface {
	error
	ExitStatus() int
}

// kindError is a sentinel kind of error with its exit code; callers test
// for it with errors.Is and wrap it with %w.
type kindError struct {
	msg  string
	code int
}

func (e *kindError) Error() string   { return e.msg }
func (e *kindError) ExitStatus() int { return e.code }

var (
	// ErrUsage marks bad input: flags, files, hosts (exit code 2).
	ErrUsage error = &kindError{"invalid input", ExitError}
	// ErrPreflight marks a refusal before anything was written (exit code 2).
	ErrPreflight error = &kindError{"pre-flight check failed", ExitError}
	// ErrConnect marks connection failures (exit code 2).
	ErrConnect error = &kindError{"cannot connect", ExitError}
)

// ExitCodeOf is the exit code of a job's outcome: ExitOK without an error,
// the code the first ExitCoder in the error's chain carries, ExitError for
// any other error.
func ExitCodeOf(err error) int {
	if err == nil {
		return ExitOK
	}
	var ec ExitCoder
	if errors.As(err, &ec) {
		return ec.ExitStatus()
	}
	return ExitError
}
