package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/check"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:  "check",
		Usage: "offline: the upgrade rules on saved SHOW GLOBAL VARIABLES / STATUS output and a my.cnf; the application's schema on a sandbox of the target",
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
   upgrade-advisor check --server-version mariadb-10.11.19 --target mariadb-11.8   # a server on its compiled defaults
   upgrade-advisor check --config /etc/mysql/my.cnf --target-basedir /opt/mysql-9.7.4   # the target's binary validates the file

THE SCHEMA ON THE TARGET:
   --schema-file loads a dump (mysqldump or mariadb-dump, any options) or an install
   script into a throwaway server of the target (--target mariadb-11.8|mysql-9.7|...,
   a server by name, fetched into the servers' cache when missing; or --target-basedir),
   object by object, and reports
   each table, view, routine, trigger and event as refused, runtime (loads, fails when
   it runs), reserved, rewritten, warned or loaded, with the server's code and a fix.
   --source-basedir (or --source VERSION) loads it on today's version too, so what fails today already is not
   blamed on the upgrade. --schemas (with the connection flags) reads the schema from a
   live server instead, read-only. Nothing of the schema ever runs on a live server.

   mariadb-dump --no-data --routines --events --databases shop > shop.sql
   upgrade-advisor check --schema-file shop.sql --target mariadb-11.8
   upgrade-advisor check --schema-file shop.sql --target mysql-9.7 --source mariadb-10.5
   upgrade-advisor check --schema-file shop.sql --target-basedir /opt/mariadb-11.8 --source-basedir / --format json
   upgrade-advisor check -S /run/mysqld/mysqld.sock -u root --schemas shop --target-basedir /opt/mysql-9.7.4
   upgrade-advisor check --schema-file shop.sql --target 9.7      # no server by that name: the knowledge base's sql_mode checks only

THE APPLICATION'S QUERIES ON THE TARGET:
   --queries runs the application's statements (a slow log, a general log, a file of
   statements, or live: read from today's server) on the two sandboxes the schema check
   loaded, today's version (--source-basedir) and the target, after the schema check, and
   compares them class by class: breaks, changed, order, slower, warned, plan, same, fixed,
   faster, with the server's code and a fix. With --with-data both hold the file's rows,
   with --sample-rows N (a live schema) at most N rows of each table read from the live
   server; without either the tables are empty (the report says so). DML is rolled back; DDL, accounts
   and administration are set aside. Nothing of the log runs on a live server. Statements the
   source gives no schema for (a file without USE) run in --database (-D), as mysql -D runs
   them, else in the one schema the schema file creates; when most classes fail on both servers
   for such a reason (1046 No database selected, a table not loaded), the command says nothing
   was tested and exits 2. A class is slower (or faster) only when the time it adds (or saves)
   is material: --material-percent of the log's time, or --material-ms an execution.

   upgrade-advisor check --schema-file shop.sql --with-data --source-basedir / \
       --target mysql-9.7 --queries /var/log/mysql/slow.log
   # a file of statements without USE, for a schema file that creates several schemas
   upgrade-advisor check --schema-file app.sql --with-data --source-basedir / \
       --target mysql-9.7 --queries statements.sql -D lib
   # schema, statements and a sample of the rows from the running server (read-only)
   upgrade-advisor check -S /run/mysqld/mysqld.sock -u root --schemas shop --queries live --sample-rows 5000 \
       --source-basedir / --target mysql-9.7

` + exitCodesHelp,
		Flags: flagsOf([]cli.Flag{
			&cli.StringFlag{Name: flagname.Bare(flagname.Variables), Usage: "saved SHOW GLOBAL VARIABLES output"},
			&cli.StringFlag{Name: flagname.Bare(flagname.Status), Usage: "saved SHOW GLOBAL STATUS output (for the workload class)"},
			&cli.StringFlag{Name: flagname.Bare(flagname.ServerVersion), Usage: "today's version (e.g. mariadb-10.11.19, 8.0.40): when the variables file has no version row; without --variables and --config, that version on its compiled defaults"},
			&cli.StringFlag{Name: flagname.Bare(flagname.TargetBasedir), Usage: "the target's own binaries (an extracted tarball, an unpacked package root, or / for the installed server): with --config it says which options it refuses; with --schema-file a sandbox of it loads the schema"},
			&cli.StringFlag{Name: flagname.Bare(flagname.SchemaFile), Usage: "the application's schema: mysqldump or mariadb-dump output (any options) or an install script, loaded into a sandbox of --target-basedir object by object"},
			&cli.StringFlag{Name: flagname.Bare(flagname.SourceBasedir), Usage: "with --schema-file: today's binaries; the same load runs on a sandbox of them, so what fails today already is not blamed on the upgrade"},
			&cli.BoolFlag{Name: flagname.Bare(flagname.WithData), Usage: "with --schema-file: also load the file's INSERT statements (by default data is counted and set aside)"},
			&cli.StringSliceFlag{Name: flagname.Bare(flagname.Schemas), Usage: "read the schema from a live server (the connection flags; read-only) instead of --schema-file: these schemas (comma-separated; default all but the server's own)"},
			&cli.BoolFlag{Name: flagname.Bare(flagname.NoGroup), Usage: "load every schema; by default schemas with the same definition (tenants) are loaded once and reported as a group"},
		}, connectionFlags(), queryFlags(), fetchFlags(), []cli.Flag{workloadFlag(), checkTargetFlag(), sourceVersionFlag(), configFlag(), failOnFlag(), formatFlag(), htmlFlag(), colorFlag(), quietFlag(), verboseFlag()}),
		Action: runCheck,
	}
}

func runCheck(c *cli.Context) error {
	failOn, format, err := reportChoices(c)
	if err != nil {
		return err
	}
	o, err := checkOptions(c)
	if err != nil {
		return err
	}
	r, err := check.Run(c.Context, o)
	clearProgress(c)
	if err != nil {
		return err
	}
	if err := render(c, r, format); err != nil {
		return err
	}
	if err := untestedError(r.Queries); err != nil {
		return err
	}
	return failOnFindings(r, failOn, advisor.CommandCheck)
}

// checkOptions turns check's flags into the job's options; the job
// validates them.
func checkOptions(c *cli.Context) (check.Options, error) {
	o := check.Options{ToolVersion: version,
		VariablesFile: c.String("variables"), StatusFile: c.String("status"), ConfigFile: c.String("config"),
		ServerVersion: c.String("server-version"), Workload: c.String("workload"),
		Target: c.String("target"), Source: c.String("source"),
		TargetBasedir: c.String("target-basedir"), SourceBasedir: c.String("source-basedir"),
		SchemaFile: c.String("schema-file"), WithData: c.Bool("with-data"), NoGroup: c.Bool("no-group"),
		Schemas: schemaNames(c), SchemasGiven: c.IsSet("schemas"),
		SampleRows: c.Int("sample-rows"), SampleRowsGiven: c.IsSet("sample-rows"),
		Fetch: fetchOptions(c), Log: progressLog(c)}
	var err error
	if o.Queries, err = queryOptions(c); err != nil {
		return o, err
	}
	if anyConnFlag(c) {
		conn, err := resolveConn(c)
		if err != nil {
			return o, err
		}
		o.Live = &conn
	}
	return o, nil
}

// checkTargetFlag is check's --target: the version for the rules, and,
// when it names a server the tool fetches, the schema check's binaries.
func checkTargetFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Target), Usage: "version you upgrade to, e.g. 8.0, 8.4.3, mariadb-11.4; a server by name (" +
		advisor.KnownServers() + ") also gives the schema check its binaries (from the servers' cache, fetched when missing) unless --target-basedir does", Category: catAdvice}
}

// schemaNames reads --schemas: repeated or comma-separated names.
func schemaNames(c *cli.Context) []string {
	var out []string
	for _, s := range c.StringSlice("schemas") {
		for _, name := range strings.Split(s, ",") {
			if name = strings.TrimSpace(name); name != "" {
				out = append(out, name)
			}
		}
	}
	return out
}
