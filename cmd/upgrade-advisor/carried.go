package main

import (
	"fmt"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

// The flags a user carries from one command to another: -q, --format and
// --color. Every command accepts -q (a command without progress has
// nothing to silence); a command without a report to format or colour
// accepts --format and --color only to refuse them with the reason, rather
// than with the parser's "flag provided but not defined".

// notApplicable says, per command path, why --format or --color does not
// apply; a command in neither list has the flag itself.
var notApplicable = map[string]map[string]string{
	"format": {
		"sandbox start": "it prints how to connect to the sandbox, as text only",
		"sandbox list":  "it prints one line per sandbox, as text only",
		"sandbox stop":  "it prints one line, as text only",
		"cleanup":       "it prints what it restored and dropped, as text only",
		"completion":    "it prints a shell script",
		"man":           "it prints the man page",
	},
	"color": {
		"sandbox start": "it prints no coloured text",
		"sandbox list":  "it prints no coloured text",
		"sandbox stop":  "it prints no coloured text",
		"cleanup":       "it prints no coloured text",
		"completion":    "it prints a shell script",
		"man":           "it prints the man page",
		"version":       "it prints no coloured text",
	},
}

// withCarriedFlags completes every leaf command under cmds: -q where it is
// missing, and --format and --color, hidden, refused with the reason by a
// Before hook where they do not apply.
func withCarriedFlags(cmds []*cli.Command, parent string) {
	for _, cmd := range cmds {
		path := cmd.Name
		if parent != "" {
			path = parent + " " + cmd.Name
		}
		if len(cmd.Subcommands) > 0 {
			withCarriedFlags(cmd.Subcommands, path)
			continue
		}
		if !hasFlag(cmd, "quiet") {
			cmd.Flags = append(cmd.Flags, &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on stderr (this command prints none)", Category: catOutput})
		}
		var refused []string
		for _, name := range []string{"format", "color"} {
			if _, ok := notApplicable[name][path]; ok && !hasFlag(cmd, name) {
				refused = append(refused, name)
				cmd.Flags = append(cmd.Flags, refusedFlag(name))
			}
		}
		if len(refused) > 0 {
			cmd.Before = refuseNotApplicable(path, refused, cmd.Before)
		}
	}
}

func hasFlag(cmd *cli.Command, name string) bool {
	return slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) })
}

// refusedFlag is --format (-o) or --color, parsed but not offered.
func refusedFlag(name string) cli.Flag {
	if name == "format" {
		return &cli.StringFlag{Name: "format", Aliases: []string{"o"}, Hidden: true}
	}
	return &cli.StringFlag{Name: name, Hidden: true}
}

// refuseNotApplicable is a Before hook: a usage error (exit 2) naming the
// flag and why it does not apply, when one of refused was given.
func refuseNotApplicable(path string, refused []string, next cli.BeforeFunc) cli.BeforeFunc {
	return func(c *cli.Context) error {
		for _, name := range refused {
			if c.IsSet(name) {
				return fmt.Errorf("%w: --%s does not apply to `%s`: %s; leave it out", exitcode.ErrUsage, name, path, notApplicable[name][path])
			}
		}
		if next != nil {
			return next(c)
		}
		return nil
	}
}
