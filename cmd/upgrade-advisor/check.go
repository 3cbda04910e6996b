package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
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
			&cli.StringFlag{Name: "variables", Usage: "saved SHOW GLOBAL VARIABLES output"},
			&cli.StringFlag{Name: "status", Usage: "saved SHOW GLOBAL STATUS output (for the workload class)"},
			&cli.StringFlag{Name: "server-version", Usage: "today's version (e.g. mariadb-10.11.19, 8.0.40): when the variables file has no version row; without --variables and --config, that version on its compiled defaults"},
			&cli.StringFlag{Name: "target-basedir", Usage: "the target's own binaries (an extracted tarball, an unpacked package root, or / for the installed server): with --config it says which options it refuses; with --schema-file a sandbox of it loads the schema"},
			&cli.StringFlag{Name: "schema-file", Usage: "the application's schema: mysqldump or mariadb-dump output (any options) or an install script, loaded into a sandbox of --target-basedir object by object"},
			&cli.StringFlag{Name: "source-basedir", Usage: "with --schema-file: today's binaries; the same load runs on a sandbox of them, so what fails today already is not blamed on the upgrade"},
			&cli.BoolFlag{Name: "with-data", Usage: "with --schema-file: also load the file's INSERT statements (by default data is counted and set aside)"},
			&cli.StringSliceFlag{Name: "schemas", Usage: "read the schema from a live server (the connection flags; read-only) instead of --schema-file: these schemas (comma-separated; default all but the server's own)"},
			&cli.BoolFlag{Name: "no-group", Usage: "load every schema; by default schemas with the same definition (tenants) are loaded once and reported as a group"},
		}, connectionFlags(), queryFlags(), fetchFlags(), []cli.Flag{workloadFlag(), checkTargetFlag(), sourceVersionFlag(), configFlag(), failOnFlag(), formatFlag(), htmlFlag(), colorFlag(), quietFlag(), verboseFlag()}),
		Action: runCheck,
	}
}

func runCheck(c *cli.Context) error {
	failOn, format, err := reportChoices(c)
	if err != nil {
		return err
	}
	if err := checkServers(c); err != nil {
		return err
	}
	qo, in, err := checkQueries(c)
	if err != nil {
		return err
	}
	r, err := checkReport(c)
	if err != nil {
		return err
	}
	if dir := c.String("target-basedir"); dir != "" && (c.String("config") != "" || (c.String("schema-file") == "" && !liveSchema(c))) {
		if err := rehearse.CheckConfigOnTarget(c.Context, r, c.String("config"), dir); err != nil {
			return err
		}
	}
	if so, err := schemaCheckOptions(c); err != nil {
		return err
	} else if so != nil {
		if in != nil {
			so.WhileLoaded = func(ctx context.Context, l schemacheck.Loaded) (err error) {
				rows := l.Rows
				if qo.SampleRows > 0 {
					note, err := rehearse.SampleRows(ctx, *so.Live, l.Schemas, []*server.Server{l.Today, l.Target}, qo.SampleRows)
					if err != nil {
						return err
					}
					in.Notes, rows = append(in.Notes, note), true
				}
				r.Queries, err = rehearse.RunQueries(ctx, l.Today, l.Target, l.Schemas, rows, in, *qo)
				return err
			}
		}
		schema, err := schemacheck.CheckOnTarget(c.Context, *so)
		clearProgress(c)
		if err != nil {
			return err
		}
		r.Schema = report.SchemaOf(schema)
	}
	r.Judge() // again: the schema check and the queries are in the report now
	if err := render(c, r, format); err != nil {
		return err
	}
	if err := untestedError(r.Queries); err != nil {
		return err
	}
	return failOnFindings(r, failOn, job.CommandCheck)
}

// checkTargetFlag is check's --target: the version for the rules, and,
// when it names a server the tool fetches, the schema check's binaries.
func checkTargetFlag() cli.Flag {
	return &cli.StringFlag{Name: "target", Usage: "version you upgrade to, e.g. 8.0, 8.4.3, mariadb-11.4; a server by name (" +
		serverfetch.KnownNames() + ") also gives the schema check its binaries (from the servers' cache, fetched when missing) unless --target-basedir does", Category: catAdvice}
}

// checkServers resolves --source, and --target when the schema check needs
// binaries and it names a server, to their roots in the servers' cache.
func checkServers(c *cli.Context) error {
	if err := setBasedirFromVersion(c, "source-basedir", "source"); err != nil {
		return err
	}
	schemaCheck := c.String("schema-file") != "" || liveSchema(c)
	if !schemaCheck || c.String("target-basedir") != "" || !namesServer(c.String("target")) {
		return nil
	}
	root, err := rootByName(c, c.String("target"))
	if err != nil {
		return err
	}
	return c.Set("target-basedir", root)
}

// checkReport runs the rules on the saved files given; a schema check alone
// starts from an empty report.
func checkReport(c *cli.Context) (*report.Report, error) {
	if liveSchema(c) && c.String("schema-file") != "" {
		return nil, fmt.Errorf("%w: the schema comes from --schema-file or from a live server (--schemas and the connection flags), not both", exitcode.ErrUsage)
	}
	schemaCheck := c.String("schema-file") != "" || liveSchema(c)
	if !schemaCheck && (c.IsSet("source-basedir") || c.IsSet("with-data")) {
		return nil, fmt.Errorf("%w: --source-basedir and --with-data go with --schema-file (or --schemas)", exitcode.ErrUsage)
	}
	target, err := checkTarget(c)
	if err != nil {
		return nil, err
	}
	if schemaCheck && c.String("variables") == "" && c.String("config") == "" && !(c.IsSet("server-version") && target != "") {
		// --server-version alone names the version that wrote the schema;
		// with --target it also asks for the drift of its compiled defaults.
		return advisor.SchemaCheckReport(version, c.String("schema-file")), nil
	}
	return advisor.RunCheck(advisor.CheckOptions{
		ToolVersion: version, VariablesFile: c.String("variables"), StatusFile: c.String("status"),
		ConfigFile: c.String("config"), ServerVersion: c.String("server-version"),
		Target: target, Workload: c.String("workload"),
	})
}

// checkTarget is the target the rules judge today's settings against:
// --target-basedir's binary says its version, so the findings are the same
// with or without --target; --target alone names it without a binary.
func checkTarget(c *cli.Context) (string, error) {
	named, dir := c.String("target"), c.String("target-basedir")
	if dir == "" {
		return named, nil
	}
	bin, err := sandbox.Detect(c.Context, dir)
	if err != nil {
		return "", fmt.Errorf("%w: --target-basedir: %w", exitcode.ErrUsage, err)
	}
	held := bin.Flavor
	if named != "" {
		fl, err := rules.ParseTarget(named, held.Vendor)
		if err != nil {
			return "", fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
		}
		if fl.IsMariaDB() != held.IsMariaDB() || fl.Version.Series() != held.Version.Series() {
			return "", fmt.Errorf("%w: --target %s, but --target-basedir holds %s: drop --target (the binary says which version it is) or give that version's binaries",
				exitcode.ErrUsage, named, held)
		}
	}
	return string(held.Vendor) + "-" + held.Version.String(), nil
}

// checkQueries reads --queries before any sandbox starts: the statements
// run on the schema check's two sandboxes, so it needs both.
func checkQueries(c *cli.Context) (*rehearse.QueryOptions, *queries.Input, error) {
	qo, err := queryOptions(c)
	if err == nil {
		err = sampleRowsFlag(c, qo, c.String("schema-file") != "")
	}
	if err != nil || qo == nil {
		return nil, nil, err
	}
	switch {
	case c.String("schema-file") == "" && !liveSchema(c):
		return nil, nil, fmt.Errorf("%w: --queries runs on the schema check's sandboxes: add --schema-file (a dump, with --with-data for its rows) and --target-basedir and --source-basedir", exitcode.ErrUsage)
	case c.String("target-basedir") == "":
		return nil, nil, fmt.Errorf("%w: --queries needs --target-basedir: the target's binaries, where the statements run", exitcode.ErrUsage)
	case c.String("source-basedir") == "":
		return nil, nil, fmt.Errorf("%w: --queries compares today's version with the target: add --source-basedir with today's binaries (/ for the installed server)", exitcode.ErrUsage)
	case qo.Live() && !anyConnFlag(c):
		return nil, nil, fmt.Errorf("%w: --queries live reads today's server: add the connection flags (-S, -h, -u, ...)", exitcode.ErrUsage)
	}
	if !qo.Live() {
		in, err := rehearse.ReadQueryFile(*qo)
		return qo, in, err
	}
	conn, err := resolveConn(c)
	if err != nil {
		return nil, nil, err
	}
	in, err := rehearse.OpenAndReadLiveQueries(c.Context, conn, *qo)
	return qo, in, err
}

// liveSchema reports whether the schema check reads a live server: --schemas
// or a connection flag was given.
func liveSchema(c *cli.Context) bool { return c.IsSet("schemas") || anyConnFlag(c) }

// schemaCheckOptions reads the schema check's flags; nil when there is no
// schema to check.
func schemaCheckOptions(c *cli.Context) (*schemacheck.Options, error) {
	o := &schemacheck.Options{SchemaFile: c.String("schema-file"), WithData: c.Bool("with-data"),
		TargetBasedir: c.String("target-basedir"), SourceBasedir: c.String("source-basedir"),
		ServerVersion: c.String("server-version"), Target: c.String("target"), Log: progressLog(c),
		NoGroup: c.Bool("no-group")}
	switch {
	case o.SchemaFile != "":
		return o, nil
	case !liveSchema(c):
		return nil, nil
	}
	conn, err := resolveConn(c)
	if err != nil {
		return nil, err
	}
	o.Live = &conn
	o.Schemas = schemaNames(c)
	return o, nil
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
