package main

import "github.com/urfave/cli/v2"

func newApp() *cli.App {
	// -h is --host, as in the mysql client; help is --help only.
	cli.HelpFlag = &cli.BoolFlag{Name: "help", Usage: "show help"}
	cli.VersionPrinter = printVersion
	commands := []*cli.Command{auditCommand(), inspectCommand(), benchCommand(), checkCommand(), compareCommand(), rehearseCommand(), sandboxCommand(), serversCommand(), cleanupCommand(), completionCommand(), manCommand(), versionCommand()}
	withCarriedFlags(commands, "")
	return &cli.App{
		Name:    "upgrade-advisor",
		Usage:   "measured, upgrade-aware my.cnf advice for MySQL and MariaDB",
		Version: version,
		Description: `upgrade-advisor inspects a server, measures how much faster CREATE/DROP TABLE
run with innodb_file_per_table=OFF and innodb_stats_persistent=OFF (the defaults
that changed in MySQL 5.6), weighs that against the workload and the version you
upgrade to, and prints a my.cnf snippet whose comments carry the measured speedup.

It writes only inside a scratch schema upgrade_advisor_<hex> that it always drops,
and changes a global variable only with --allow-set-global (restored afterwards)
or on a throwaway --sandbox server.

EXAMPLES:
   # first try: a throwaway local server, as a DDL-heavy application would see it
   upgrade-advisor audit --sandbox --workload ddl-heavy

   # a staging server over its socket, JSON for a ticket or CI
   upgrade-advisor audit -S /run/mysqld/mysqld.sock -u root --format json

   # read-only look at a server
   upgrade-advisor inspect -h db1.staging -u advisor

` + exitCodesHelp,
		UseShortOptionHandling: false,
		Action:                 unknownCommand("", "audit, inspect, bench, check, compare, rehearse, sandbox, cleanup, completion, man or version"),
		// Errors, cli's own included, reach main's exit codes: 2, never cli's 3.
		ExitErrHandler: func(*cli.Context, error) {},
		Commands:       commands,
		HideVersion:    false,

		// Repeatable flags carry server options whose values hold commas
		// (--sandbox-option sql_mode=ANSI_QUOTES,STRICT_TRANS_TABLES): never split them.
		DisableSliceFlagSeparator: true,
	}
}
