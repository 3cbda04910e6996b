package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:  "compare",
		Usage: "the same calibration on two servers or sandboxes, interleaved: the target's regression and what recovers it",
		Description: `Runs the calibration on --source and --target with their rounds interleaved,
and reports per variant the target's CREATE TABLE time relative to the source
(with a 95% interval), and which settings on the target recover the source's
speed. Either side may be an existing server (DSN or host[:port]; the
connection flags give user and password) or a throwaway sandbox:

   sandbox:                                   installed binaries, defaults
   sandbox:?innodb_file_per_table=0&innodb_stats_persistent=0
   sandbox:/opt/mysql-5.6.51                  an extracted tarball (--basedir)
   sandbox:mariadb-11.8                       a server by name, from the servers' cache
                                              (fetched when missing; see upgrade-advisor servers)

EXAMPLES:
   # the MySQL 5.5 -> 5.6 experiment on this machine's server binaries
   upgrade-advisor compare --source 'sandbox:?innodb_file_per_table=0&innodb_stats_persistent=0' --target sandbox:

   # Debian 12's MariaDB against MariaDB 11.8, fetched by name
   upgrade-advisor compare --source sandbox: --target sandbox:mariadb-11.8

   # two real tarballs
   upgrade-advisor compare --source sandbox:/opt/mysql-5.5.62 --target sandbox:/opt/mysql-5.6.51 --format markdown

   # two staging servers
   upgrade-advisor compare --source db-old:3306 --target db-new:3306 -u admin

` + exitCodesHelp,
		// --source and --target say where each server is: -h, -P, -S and
		// --dsn would be overridden, so they are not offered.
		Flags: flagsOf(without(connectionFlags(), "host", "port", "socket", "dsn"), []cli.Flag{
			&cli.StringFlag{Name: flagname.Bare(flagname.Source), Usage: "the server as it runs today (DSN, host[:port] or sandbox:...)", Required: true},
			&cli.StringFlag{Name: flagname.Bare(flagname.Target), Usage: "the server you move to (DSN, host[:port] or sandbox:...)", Required: true},
			&cli.StringSliceFlag{Name: flagname.Bare(flagname.SourceOption), Usage: "extra server option key=value for a sandbox source (repeatable)"},
			&cli.StringSliceFlag{Name: flagname.Bare(flagname.TargetOption), Usage: "extra server option key=value for a sandbox target (repeatable)"},
		}, fetchFlags(), calibrationFlags(), []cli.Flag{formatFlag(), colorFlag(), quietFlag(), verboseFlag()}),
		Action: runCompare,
	}
}

func runCompare(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	format, err := outputFormat(c)
	if err != nil {
		return err
	}
	base, err := resolveConn(c)
	if err != nil {
		return err
	}
	srcSpec, err := sandboxEndpoint(c, c.String("source"))
	if err != nil {
		return err
	}
	dstSpec, err := sandboxEndpoint(c, c.String("target"))
	if err != nil {
		return err
	}
	src, err := advisor.ParseEndpoint(srcSpec, base, c.StringSlice("source-option"))
	if err != nil {
		return err
	}
	dst, err := advisor.ParseEndpoint(dstSpec, base, c.StringSlice("target-option"))
	if err != nil {
		return err
	}
	bo := benchOptions(c)
	notes, err := calibrationWorkload(c, &bo)
	if err != nil {
		return err
	}
	if err := bo.Validate(); err != nil {
		return err
	}
	bo.Progress = newProgress(c).update
	cr, err := advisor.Compare(c.Context, advisor.CompareOptions{
		ToolVersion: version, Source: src, Target: dst, Bench: bo, SandboxLog: progressLog(c), Notes: notes,
		Warn: func(msg string) { fmt.Fprintf(c.App.ErrWriter, "Warning: %s\n", msg) },
	})
	clearProgress(c)
	if err != nil {
		return err
	}
	return report.Write(c.App.Writer, cr, format, textStyle(c))
}
