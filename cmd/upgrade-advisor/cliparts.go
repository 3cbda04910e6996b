package main

// The pieces every command's definition uses (its help's exit codes, the
// usage errors, the exit for findings), in a file that uses none of the
// commands: the commands depend on it, never the other way.

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

// exitCodesHelp ends the help of every command.
const exitCodesHelp = `EXIT CODES:
   0  no finding at or above --fail-on (default: critical)
   1  findings at or above --fail-on
   2  error: bad usage or input, connection failure, missing privileges,
      read-only server, interrupted run (cleanup done before exiting)`

// unknownCommand is the action of a command that needs a subcommand: help
// without arguments, a usage error (exit 2) naming the choices otherwise.
func unknownCommand(parent, choices string) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.NArg() == 0 {
			if parent == "" {
				return cli.ShowAppHelp(c)
			}
			return cli.ShowSubcommandHelp(c)
		}
		prefix := ""
		if parent != "" {
			prefix = parent + " "
		}
		return fmt.Errorf("%w: unknown command %q: use %s%s (see --help)", exitcode.ErrUsage, prefix+c.Args().First(), prefix, choices)
	}
}

// findingsError signals exit code 1: the report was printed and has findings
// at or above --fail-on.
type findingsError struct{ worst string }

func (e findingsError) Error() string   { return "findings at or above --fail-on: worst is " + e.worst }
func (e findingsError) ExitStatus() int { return exitcode.Findings }

// prefixed puts prefix before every line.
func prefixed(prefix string, lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = prefix + l
	}
	return out
}

// noArgs refuses positional arguments without echoing them: after a bare -p
// the next word may be a password.
func noArgs(c *cli.Context) error {
	if c.NArg() > 0 {
		return fmt.Errorf("%w: %d unexpected argument(s): options start with - (see --help); -p takes its value attached (-pSECRET) or asks for it", exitcode.ErrUsage, c.NArg())
	}
	return nil
}
