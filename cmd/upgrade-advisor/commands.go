package main

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/urfave/cli/v2"
)

func auditCommand() *cli.Command {
	return &cli.Command{
		Name:  "audit",
		Usage: "inspect, measure CREATE/DROP TABLE variants, evaluate the rules, print advice",
		Description: `Inspects the server (flavor, version, settings and their origin, status
counters), classifies the workload, runs the calibration in a scratch schema
(baseline, file_per_table_off, stats_persistent_off, both_off; rotating rounds,
per-statement timing, paired speedups with bootstrap 95% intervals), and prints
findings and a my.cnf snippet.

EXAMPLES:
   upgrade-advisor audit --sandbox --workload ddl-heavy
   upgrade-advisor audit -S /run/mysqld/mysqld.sock -u root --workload ddl-heavy --allow-set-global
   upgrade-advisor audit -h 127.0.0.1 -P 3307 -u admin --format json --mycnf-out advice.cnf
   upgrade-advisor audit --hosts staging.txt --workload ddl-heavy --format json > fleet.jsonl

` + exitCodesHelp,
		Flags:  flagsOf(connectionFlags(), fleetFlags(), sandboxFlags(), calibrationFlags(), footprintFlags(), adviceFlags(), outputFlags(), []cli.Flag{mycnfOutFlag()}),
		Action: func(c *cli.Context) error { return runJob(c, advisor.CommandAudit) },
	}
}

func inspectCommand() *cli.Command {
	return &cli.Command{
		Name:  "inspect",
		Usage: "read-only: server, settings with origin, workload class; changes nothing",
		Description: `Reads @@version, SHOW GLOBAL VARIABLES (with where each value comes from),
SHOW GLOBAL STATUS, and classifies the workload. Never writes to the server.

EXAMPLES:
   upgrade-advisor inspect -S /run/mysqld/mysqld.sock
   upgrade-advisor inspect -h db1 -u advisor --format json
   upgrade-advisor inspect --hosts staging.txt --concurrency 8 -u advisor

` + exitCodesHelp,
		// --expect-tables projects measured times: inspect measures nothing.
		Flags:  flagsOf(connectionFlags(), fleetFlags(), without(adviceFlags(), "expect-tables"), outputFlags()),
		Action: func(c *cli.Context) error { return runJob(c, advisor.CommandInspect) },
	}
}

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:  "bench",
		Usage: "the calibration benchmark alone, with its statistics",
		Description: `Runs only the calibration (no advice beyond what the measurements say).

EXAMPLES:
   upgrade-advisor bench --sandbox --budget 30s --format json
   upgrade-advisor bench -S /run/mysqld/mysqld.sock --tables 200 --rounds 10

` + exitCodesHelp,
		Flags:  flagsOf(connectionFlags(), sandboxFlags(), calibrationFlags(), footprintFlags(), outputFlags(), []cli.Flag{workloadFlag()}),
		Action: func(c *cli.Context) error { return runJob(c, advisor.CommandBench) },
	}
}
