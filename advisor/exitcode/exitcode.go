// Package exitcode holds upgrade-advisor's exit codes and the kinds of error
// that carry them: every job returns errors that wrap one of its sentinels,
// and main maps an outcome to a code in one place (Of).
package exitcode

import (
	"errors"
	"fmt"
)

// Exit codes of upgrade-advisor, documented in --help and the README. The
// errors of a job carry theirs (Coder); main maps an outcome to a code
// in one place.
const (
	OK       = 0 // nothing at or above --fail-on
	Findings = 1 // findings at or above --fail-on
	Error    = 2 // usage, connection, pre-flight, bad input, interrupted
)

// Coder is an error that says which exit code it means. The method is
// not urfave/cli's ExitCode, so cli's own errors (code 3) count as any
// other error: exit code 2.
type Coder interface {
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
	ErrUsage error = &kindError{"invalid input", Error}
	// ErrPreflight marks a refusal before anything was written (exit code 2).
	ErrPreflight error = &kindError{"pre-flight check failed", Error}
	// ErrConnect marks connection failures (exit code 2).
	ErrConnect error = &kindError{"cannot connect", Error}
)

// Of is the exit code of a job's outcome: OK without an error,
// the code the first Coder in the error's chain carries, Error for
// any other error.
func Of(err error) int {
	if err == nil {
		return OK
	}
	var ec Coder
	if errors.As(err, &ec) {
		return ec.ExitStatus()
	}
	return Error
}

// Usage is a usage error (exit code 2) saying msg: what was asked that
// cannot run, and what to give instead.
func Usage(msg string) error { return fmt.Errorf("%w: %s", ErrUsage, msg) }
