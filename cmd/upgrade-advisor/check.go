package main

import (
	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:  "check",
		Usage: "offline: the upgrade rules on saved SHOW GLOBAL VARIABLES / STATUS output and a my.cnf, no server",
		Description: `Reads what a server printed (tab-separated batch output, the boxed table, or \G)
and/or its my.cnf tree, and reports default drift and removed or deprecated
variables for --target. Nothing is measured; the report says so.

Save the inputs with:
   mysql -B -e 'SHOW GLOBAL VARIABLES' > vars.txt
   mysql -B -e 'SHOW GLOBAL STATUS' > status.txt

EXAMPLES:
   upgrade-advisor check --variables vars.txt --target 5.6
   upgrade-advisor check --variables vars.txt --status status.txt --config /etc/mysql/my.cnf --target 8.0
   upgrade-advisor check --config /etc/mysql/my.cnf --target 8.0 --fail-on critical
   upgrade-advisor check --config /etc/mysql/my.cnf --target-basedir /opt/mysql-9.7.4   # the target's binary validates the file

` + exitCodesHelp,
		Flags: flagsOf([]cli.Flag{
			&cli.StringFlag{Name: "variables", Usage: "saved SHOW GLOBAL VARIABLES output"},
			&cli.StringFlag{Name: "status", Usage: "saved SHOW GLOBAL STATUS output (for the workload class)"},
			&cli.StringFlag{Name: "server-version", Usage: "the server's version when the variables file has no version row"},
			&cli.StringFlag{Name: "target-basedir", Usage: "with --config: ask the target's own binary (an extracted tarball or unpacked package root) which options of the file it refuses"},
		}, []cli.Flag{workloadFlag(), targetFlag(), configFlag(), failOnFlag(), formatFlag(), htmlFlag(), colorFlag()}),
		Action: runCheck,
	}
}

func runCheck(c *cli.Context) error {
	failOn, format, err := reportChoices(c)
	if err != nil {
		return err
	}
	r, err := advisor.RunCheck(advisor.CheckOptions{
		ToolVersion: version, VariablesFile: c.String("variables"), StatusFile: c.String("status"),
		ConfigFile: c.String("config"), ServerVersion: c.String("server-version"),
		Target: c.String("target"), Workload: c.String("workload"),
	})
	if err != nil {
		return err
	}
	if dir := c.String("target-basedir"); dir != "" {
		if err := advisor.CheckConfigOnTarget(c.Context, r, c.String("config"), dir); err != nil {
			return err
		}
	}
	if err := render(c, r, format); err != nil {
		return err
	}
	return failOnFindings(r, failOn, advisor.CommandCheck)
}
