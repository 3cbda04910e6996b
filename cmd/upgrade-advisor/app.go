package main

import (
	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

func newApp() *cli.App {
	// -h is --host, as in the mysql client; help is --help only.
	cli.HelpFlag = &cli.BoolFlag{Name: flagname.Bare(flagname.Help), Usage: "show help"}
	cli.VersionPrinter = printVersion
	commands := []*cli.Command{checkCommand(), rehearseCommand(), auditCommand(), inspectCommand(), benchCommand(), compareCommand(), sandboxCommand(), serversCommand(), cleanupCommand(), completionCommand(), manCommand(), versionCommand()}
	withCarriedFlags(commands, "")
	return &cli.App{
		Name:    "upgrade-advisor",
		Usage:   "measured, upgrade-aware my.cnf advice for MySQL and MariaDB",
		Version: version,
		Description: `upgrade-advisor answers "can I upgrade?" for MySQL and MariaDB: check and
rehearse put today's settings, the application's schema and its statements through
the target version's own server on throwaway sandboxes, and say what fails there,
what behaves differently, how to fix each, and the my.cnf that keeps today's
behaviour. audit and bench measure what CREATE/DROP TABLE cost under the defaults
that changed between versions, on the server you point them at.

It writes only inside a scratch schema upgrade_advisor_<hex> that it always drops,
and changes a global variable only with --allow-set-global (restored afterwards)
or on a throwaway --sandbox server.

EXAMPLES:
   # can I move from MariaDB 10.11 to MySQL 9.7? my.cnf, schema and slow log through 9.7's own server
   upgrade-advisor check --config /etc/mysql/my.cnf --server-version mariadb-10.11.19 \
       --schema-file shop.sql --queries slow.log --source-basedir / \
       --target mysql-9.7

   # the whole rehearsal on MariaDB 11.8: settings carried over, schema and statements, DDL timed
   upgrade-advisor rehearse --config /etc/mysql/my.cnf --server-version mariadb-10.11.19 \
       --schema-file shop.sql --queries slow.log \
       --target mariadb-11.8 --mycnf-out target.cnf

   # the DDL cost on a throwaway local server, as a DDL-heavy application would see it
   upgrade-advisor audit --sandbox --workload ddl-heavy

   # read-only look at a server
   upgrade-advisor inspect -h db1.staging -u advisor

` + exitCodesHelp,
		UseShortOptionHandling: false,
		Action:                 unknownCommand("", "check, rehearse, audit, inspect, bench, compare, sandbox, cleanup, completion, man or version"),
		// Errors, cli's own included, reach main's exit codes: 2, never cli's 3.
		ExitErrHandler: func(*cli.Context, error) {},
		Commands:       commands,
		HideVersion:    false,

		// Repeatable flags carry server options whose values hold commas
		// (--sandbox-option sql_mode=ANSI_QUOTES,STRICT_TRANS_TABLES): never split them.
		DisableSliceFlagSeparator: true,
	}
}
