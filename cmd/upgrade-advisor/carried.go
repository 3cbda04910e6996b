package main

import (
	"fmt"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// The flags a user carries from one command to another: -q, --format and
// --color. A command that has what the flag acts on (progress on stderr, a
// report in several formats, a coloured text report) declares and reads
// it; every other command accepts it only to refuse it with the reason,
// rather than with the parser's "flag provided but not defined" (and never
// takes it silently: a flag a command offers, it reads).

// notApplicable says, per flag and command path, why the flag does not
// apply; a command in no list declares the flag itself.
var notApplicable = map[string]map[string]string{
	"quiet": {
		"sandbox list":   "it prints no progress to silence",
		"sandbox stop":   "it prints no progress to silence",
		"sandbox cache":  "it prints no progress to silence",
		"servers list":   "it prints no progress to silence",
		"servers remove": "it prints no progress to silence",
		"servers path":   "it prints no progress to silence, only the root",
		"cleanup":        "it prints no progress to silence, only what it restored and dropped",
		"completion":     "it prints no progress to silence",
		"man":            "it prints no progress to silence",
		"version":        "it prints no progress to silence",
	},
	"format": {
		"sandbox start":  "it prints how to connect to the sandbox, as text only",
		"sandbox list":   "it prints one line per sandbox, as text only",
		"sandbox stop":   "it prints one line, as text only",
		"sandbox cache":  "it prints one line per cache entry, as text only",
		"servers fetch":  "it prints each root it fetched, as text only",
		"servers list":   "it prints the cache's servers, as text only",
		"servers remove": "it prints one line, as text only",
		"servers path":   "it prints the root, as text only",
		"cleanup":        "it prints what it restored and dropped, as text only",
		"completion":     "it prints a shell script",
		"man":            "it prints the man page",
	},
	"color": {
		"sandbox start":  "it prints no coloured text",
		"sandbox list":   "it prints no coloured text",
		"sandbox stop":   "it prints no coloured text",
		"sandbox cache":  "it prints no coloured text",
		"servers fetch":  "it prints no coloured text",
		"servers list":   "it prints no coloured text",
		"servers remove": "it prints no coloured text",
		"servers path":   "it prints no coloured text",
		"cleanup":        "it prints no coloured text",
		"completion":     "it prints a shell script",
		"man":            "it prints the man page",
		"version":        "it prints no coloured text",
	},
}

// carriedFlags are the flags of notApplicable, in the order they are
// checked.
var carriedFlags = []string{"quiet", "format", "color"}

// withCarriedFlags completes every leaf command under cmds: each flag of
// notApplicable the command does not declare is added, hidden, and refused
// with the reason by a Before hook.
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
		if refused := refusedFlags(cmd, path); len(refused) > 0 {
			for _, name := range refused {
				cmd.Flags = append(cmd.Flags, refusedFlag(name))
			}
			cmd.Before = refuseNotApplicable(path, refused, cmd.Before)
		}
	}
}

// refusedFlags are the carried flags that do not apply to the command at
// path and that it does not declare.
func refusedFlags(cmd *cli.Command, path string) []string {
	var out []string
	for _, name := range carriedFlags {
		if _, ok := notApplicable[name][path]; ok && !hasFlag(cmd, name) {
			out = append(out, name)
		}
	}
	return out
}

func hasFlag(cmd *cli.Command, name string) bool {
	return slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) })
}

// refusedFlag is -q, --format (-o) or --color, parsed but not offered.
func refusedFlag(name string) cli.Flag {
	switch name {
	case "quiet":
		return &cli.BoolFlag{Name: flagname.Bare(flagname.Quiet), Aliases: []string{"q"}, Hidden: true}
	case "format":
		return &cli.StringFlag{Name: flagname.Bare(flagname.Format), Aliases: []string{"o"}, Hidden: true}
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
