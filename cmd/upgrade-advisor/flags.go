package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Flag categories, as --help groups them.
const (
	catConn    = "Connection (as the mysql client)"
	catBench   = "Calibration"
	catOutput  = "Output"
	catAdvice  = "Advice"
	catServers = "Servers by name"
)

func connectionFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagname.Bare(flagname.Host), Aliases: []string{"h"}, Usage: "server host (localhost means the local socket, as for mysql; env MYSQL_HOST)", Category: catConn},
		&cli.IntFlag{Name: flagname.Bare(flagname.Port), Aliases: []string{"P"}, Usage: "TCP port (default 3306 when a host is given; env MYSQL_TCP_PORT)", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.User), Aliases: []string{"u"}, Usage: "user name (default root)", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.Password), Aliases: []string{"p"}, Usage: "password, attached as in mysql (-pSECRET); a bare -p asks for it without echo; prefer MYSQL_PWD or an option file", Category: catConn},
		&cli.BoolFlag{Name: flagname.Bare(flagname.PasswordPrompt), Hidden: true},
		&cli.StringFlag{Name: flagname.Bare(flagname.Socket), Aliases: []string{"S"}, Usage: "unix socket path (default " + advisor.DefaultSocket() + "; env MYSQL_UNIX_PORT)", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.DefaultsFile), Usage: "read only this option file ([client] and [upgrade-advisor] groups)", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.DefaultsExtraFile), Usage: "read this option file after /etc/my.cnf and /etc/mysql/my.cnf, before ~/.my.cnf", Category: catConn},
		&cli.BoolFlag{Name: flagname.Bare(flagname.NoDefaults), Usage: "read no option files", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.DSN), Usage: "go-sql-driver DSN, e.g. 'user:pass@tcp(db1:3306)/' (other connection flags override its parts)", Category: catConn},
		&cli.DurationFlag{Name: flagname.Bare(flagname.ConnectTimeout), Value: advisor.DefaultConnectTimeout, Usage: "give up connecting after this long", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.SSLMode), Usage: "DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.SSLCA), Usage: "CA certificate file (PEM)", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.SSLCert), Usage: "client certificate file (PEM)", Category: catConn},
		&cli.StringFlag{Name: flagname.Bare(flagname.SSLKey), Usage: "client key file (PEM)", Category: catConn},
	}
}

func fleetFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagname.Bare(flagname.Hosts), Usage: "run against every server of this file (one DSN or host[:port] a line, # comments); prints a summary table, JSON lines with --format json", Category: catConn},
		&cli.IntFlag{Name: flagname.Bare(flagname.Concurrency), Value: 4, Usage: "with --hosts: servers worked on at once", Category: catConn},
	}
}

// adviceFlags are the flags of the jobs that evaluate the rules on a live
// server (audit, inspect): the offline check has no --expect-tables.
func adviceFlags() []cli.Flag {
	return []cli.Flag{workloadFlag(), targetFlag(), expectTablesFlag(), configFlag(), failOnFlag(), showAccountsFlag()}
}

func showAccountsFlag() cli.Flag {
	return &cli.BoolFlag{Name: flagname.Bare(flagname.ShowAccounts), Usage: "name the accounts (user@host) in the findings on authentication plugins; default: counts only", Category: catAdvice}
}

func workloadFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Workload), Usage: "workload class: ddl-heavy, mixed, oltp or unknown (default: decided from status counters)", Category: catAdvice}
}

func targetFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Target), Usage: "version you upgrade to, e.g. 8.0, 8.4.3, mariadb-11.4", Category: catAdvice}
}

func expectTablesFlag() cli.Flag {
	return &cli.IntFlag{Name: flagname.Bare(flagname.ExpectTables), Usage: "project a setup that creates this many tables: time before -> after", Category: catAdvice}
}

func configFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Config), Usage: "a server my.cnf (follows !include/!includedir) to check against --target", Category: catAdvice}
}

func failOnFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.FailOn), Value: "critical", Usage: "exit 1 when a finding has this severity or worse: info, warning, critical, none", Category: catAdvice}
}

// outputFlags are the output flags of the reports with findings.
func outputFlags() []cli.Flag {
	return []cli.Flag{formatFlag(), htmlFlag(), colorFlag(), quietFlag(), verboseFlag()}
}

func verboseFlag() cli.Flag {
	return &cli.BoolFlag{Name: flagname.Bare(flagname.Verbose), Usage: "list in full what the text, Markdown and HTML reports fold: the defaults that differ on the target and that nothing of yours sets, every member of a blocker or change (JSON always lists them)", Category: catOutput}
}

func formatFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Format), Aliases: []string{"o"}, Value: "text", Usage: "report format: text, json or markdown", Category: catOutput}
}

func htmlFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.HTML), Usage: "also write a self-contained HTML report (SVG chart of the variants) to this file", Category: catOutput}
}

func colorFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Color), Value: "auto", Usage: "colour in text output: auto, always, never (NO_COLOR is respected)", Category: catOutput}
}

func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: flagname.Bare(flagname.Quiet), Aliases: []string{"q"}, Usage: "no progress on stderr", Category: catOutput}
}

func mycnfOutFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.MycnfOut), Usage: "also write the my.cnf snippet to this file", Category: catOutput}
}

// sandboxFlags choose a throwaway server for audit and bench; compare names
// its sandboxes in --source and --target instead.
func sandboxFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: flagname.Bare(flagname.Sandbox), Usage: "run against a throwaway local server started from the installed binaries, removed afterwards", Category: catBench},
		&cli.BoolFlag{Name: flagname.Bare(flagname.WhatIfSandbox), Usage: "inspect the server read-only, measure on a local sandbox started with its settings; writes nothing to the server", Category: catBench},
		&cli.BoolFlag{Name: flagname.Bare(flagname.ServerVariants), Usage: "with --sandbox/--what-if-sandbox: also measure settings that need a restart (innodb_doublewrite, innodb_flush_log_at_trx_commit, innodb_flush_method, innodb_redo_log_capacity or innodb_log_file_size) on extra sandboxes; those that weaken durability are staging/test only", Category: catBench},
		&cli.StringFlag{Name: flagname.Bare(flagname.Basedir), Usage: "with --sandbox/--what-if-sandbox: an extracted MySQL/MariaDB tarball to run instead of the installed binaries", Category: catBench},
		&cli.StringSliceFlag{Name: flagname.Bare(flagname.SandboxOption), Usage: "with --sandbox/--what-if-sandbox: extra server option key=value (repeatable)", Category: catBench},
	}
}

// calibrationFlags configure the calibration wherever it runs (audit,
// bench, compare); benchOptions and calibrationWorkload read them.
func calibrationFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: flagname.Bare(flagname.Tables), Value: advisor.DefaultTables, Usage: "tables created (and dropped) per variant per round (fewer when a slow server would not fit 3 rounds in --budget)", Category: catBench},
		&cli.StringFlag{Name: flagname.Bare(flagname.DDLFile), Usage: "calibrate on your own tables instead of --tables: any mysqldump or mariadb-dump output or install script; only its table DDL runs, in the scratch schema (views, routines, triggers, events and data are counted and set aside); client commands, file access and qualified names are refused before anything runs", Category: catBench},
		&cli.DurationFlag{Name: flagname.Bare(flagname.Budget), Value: advisor.DefaultBudget, Usage: "time limit of the measured rounds; stops earlier, after at least 3 rounds, once every variant's advice is settled (its sequentially corrected interval wholly above or below the 1.05x gain threshold, or narrower than --precision)", Category: catBench},
		&cli.IntFlag{Name: flagname.Bare(flagname.Rounds), Usage: "run exactly this many measured rounds (overrides --budget)", Category: catBench},
		&cli.Float64Flag{Name: flagname.Bare(flagname.Precision), Value: advisor.DefaultPrecision, Usage: "a variant also counts as settled when its decision interval, the run-to-run component aside, is within ± this fraction of its ratio", Category: catBench},
		&cli.BoolFlag{Name: flagname.Bare(flagname.AllowSetGlobal), Usage: "allow SET GLOBAL innodb_file_per_table to measure it (original value restored afterwards, also on Ctrl-C)", Category: catBench},
		&cli.BoolFlag{Name: flagname.Bare(flagname.AllowBinlog), Usage: "run even when the scratch DDL would be written to the binary log (sql_log_bin cannot be turned off)", Category: catBench},
		&cli.StringFlag{Name: flagname.Bare(flagname.ScratchSchema), Usage: "name of the scratch schema (must start with upgrade_advisor_; default random)", Category: catBench},
		&cli.DurationFlag{Name: flagname.Bare(flagname.LockWaitTimeout), Value: advisor.DefaultLockWaitTimeout, Usage: "how long scratch DDL may wait for a metadata lock", Category: catBench},
		&cli.IntFlag{Name: flagname.Bare(flagname.MaxThreadsRunning), Value: advisor.DefaultMaxThreadsRunning, Usage: "pause the calibration while Threads_running is above this", Category: catBench},
		&cli.DurationFlag{Name: flagname.Bare(flagname.LoadWait), Value: advisor.DefaultLoadWait, Usage: "abort when the server stays busier than --max-threads-running this long", Category: catBench},
	}
}

func benchOptions(c *cli.Context) advisor.BenchOptions {
	return advisor.BenchOptions{
		Tables: c.Int("tables"), Budget: c.Duration("budget"), Rounds: c.Int("rounds"), Precision: c.Float64("precision"),
		AllowSetGlobal: c.Bool("allow-set-global"), AllowBinlog: c.Bool("allow-binlog"),
		Schema: c.String("scratch-schema"), LockWaitTimeout: c.Duration("lock-wait-timeout"),
		Footprint: advisor.FootprintOptions{MaxThreadsRunning: c.Int("max-threads-running"), LoadWait: c.Duration("load-wait")},
	}
}

// calibrationWorkload reads --ddl-file into the calibration's workload
// before anything connects; it returns the notes the report carries about
// what the file held beyond table DDL. Without --ddl-file the workload
// stays the classic one of --tables.
func calibrationWorkload(c *cli.Context, bo *advisor.BenchOptions) ([]string, error) {
	path := c.String("ddl-file")
	if path == "" {
		return nil, nil
	}
	workload, notes, err := advisor.WorkloadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("--ddl-file: %w (nothing was run)", err)
	}
	bo.Workload = workload
	return prefixed("ddl-file: ", notes), nil
}

// without returns the flags not named in names.
func without(flags []cli.Flag, names ...string) []cli.Flag {
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	var out []cli.Flag
	for _, f := range flags {
		if !drop[f.Names()[0]] {
			out = append(out, f)
		}
	}
	return out
}

// flagsOf concatenates flag groups.
func flagsOf(groups ...[]cli.Flag) []cli.Flag {
	var out []cli.Flag
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
