package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

func rehearseCommand() *cli.Command {
	return &cli.Command{
		Name:  "rehearse",
		Usage: "rehearse an upgrade or migration: today's settings carried to the target version, CREATE TABLE measured side by side",
		Description: `Inspects today's server read-only (or, offline, takes --server-version with
its my.cnf from --config, or on its compiled defaults without it), carries its explicit settings to the target version (options the
target refuses are dropped, renamed ones translated, values it no longer
accepts removed; the target's own binary validates the result), starts
throwaway sandboxes of today's version (installed binaries or
--source-basedir) and of the target (--target VERSION, fetched by name into
the servers' cache when missing, or --target-basedir) with those settings
(memory sizes capped), and calibrates them with interleaved rounds: the
target as carried over, with today's DDL behaviour pinned where a default
drifted, and the DDL variants audit measures. The report says which of them
recover today's speed and prints the my.cnf for the target, each line
commented with why. When today's version cannot run here, the target as
carried over is measured against the target with its defaults and with
today's behaviour pinned. With --in-place, today's version also makes a
datadir with today's settings and --schema-file's schema (or, with --datadir,
starts on its own copy of a real datadir: no calibration then, and the report
opens with the downtime each step took; with --queries, the application's
statements run on the upgraded copy and on today's version started on a
second copy, side by side), shuts down (slowly,
innodb_fast_shutdown=0, across series), and the target starts on it, runs its
upgrade step (mariadb-upgrade; MySQL 8.0.16+ upgrades at start) and restarts;
the report gives the first start's errors and warnings, the upgrade tool's
time and output, and every object of the schema after it. A downgrade or a
MariaDB <-> MySQL pair is refused: no vendor supports it in place. With
--replication, today's version becomes a primary and the target its replica,
seeded from the primary's dump with its binary log coordinates (and from the
application's schema loaded by the target), the writes of --queries are
replayed in log order, and the report gives the replica's state, its errors
with the event that caused them, the lag and every table's checksum on both
sides, the differing rows named; then the way back, the target as primary and
today's version as replica. MariaDB <-> MySQL is refused (exit 2). Every
sandbox is removed afterwards, also on Ctrl-C.

EXAMPLES:
   # offline: a my.cnf of a MariaDB 10.11 server, rehearsed on MariaDB 11.8
   upgrade-advisor rehearse --config /etc/mysql/my.cnf --server-version mariadb-10.11 \
       --target mariadb-11.8

   # offline, no my.cnf at hand: MariaDB 10.11 on its compiled defaults, with the application's schema
   upgrade-advisor rehearse --server-version mariadb-10.11.19 --schema-file app.sql \
       --target mariadb-11.8

   # Debian 11 -> 12: MariaDB 10.5's datadir with the schema, upgraded in place by the installed 10.11
   upgrade-advisor rehearse --in-place --schema-file app.sql --config /etc/mysql/my.cnf \
       --server-version mariadb-10.5.23 --source mariadb-10.5 --target-basedir /

   # Debian 11 -> 12 on a cold copy of the real datadir: the downtime measured, every table checked and summed before and after
   upgrade-advisor rehearse --in-place --datadir /backup/mysql-copy --config /etc/mysql/my.cnf \
       --source mariadb-10.5 --target-basedir /

   # the same, with the application's slow log run on the real rows by 10.5 (a second copy) and the upgraded 10.11
   upgrade-advisor rehearse --in-place --datadir /backup/mysql-copy --config /etc/mysql/my.cnf \
       --source mariadb-10.5 --target-basedir / --queries /var/log/mysql/slow.log

   # the application's queries too: a slow log run on today's version and the target, both with the dump's rows
   upgrade-advisor rehearse --server-version mariadb-10.11.19 --schema-file app.sql --with-data \
       --queries /var/log/mysql/slow.log --target mysql-9.7

   # the statements and a sample of the rows from the running server (read-only)
   upgrade-advisor rehearse -S /run/mysqld/mysqld.sock -u root --schemas shop --queries live --sample-rows 5000 \
       --target mariadb-11.8

   # the upgrade day: 11.8 as a replica of 10.11 and the way back, the log's writes replayed in ROW and STATEMENT format
   upgrade-advisor rehearse --replication --binlog-format both --server-version mariadb-10.11.19 --schema-file app.sql \
       --with-data --queries /var/log/mysql/mariadb.log --target mariadb-11.8

   # a running server, rehearsed on an extracted MySQL 9.7 tarball (a migration)
   upgrade-advisor rehearse -S /run/mysqld/mysqld.sock -u root --target-basedir /opt/mysql-9.7.4 --html rehearsal.html

` + exitCodesHelp,
		Flags: flagsOf(connectionFlags(), []cli.Flag{
			&cli.StringFlag{Name: flagname.Bare(flagname.TargetBasedir), Usage: "the version you move to: an extracted tarball or unpacked package root (or --target VERSION)"},
			&cli.StringFlag{Name: flagname.Bare(flagname.SourceBasedir), Usage: "binaries of today's version (default: the installed ones, when they are of today's series)"},
			&cli.StringFlag{Name: flagname.Bare(flagname.ServerVersion), Usage: "offline: today's version (e.g. mariadb-10.11.19, 8.0.40) instead of connecting; with --config its my.cnf, without it that version on its compiled defaults"},
			&cli.StringFlag{Name: flagname.Bare(flagname.SchemaFile), Usage: "the application's schema to carry (a mysqldump or mariadb-dump file, or an install script); default: today's server's own schema, read-only; with --in-place it is loaded into today's datadir and checked after the upgrade"},
			&cli.StringSliceFlag{Name: flagname.Bare(flagname.Schemas), Usage: "the schemas of today's server to carry (comma-separated; default all but the server's own)"},
			&cli.BoolFlag{Name: flagname.Bare(flagname.WithData), Usage: "with --schema-file: also load the file's rows (INSERT statements) on the sandboxes --queries runs on; by default the tables stay empty"},
			&cli.BoolFlag{Name: flagname.Bare(flagname.Replication), Usage: "also rehearse the upgrade day: the target as a replica of today's version (seeded from a dump with its coordinates, and from the application's schema), the writes of --queries replayed in log order, replication errors and per-table checksums; then the way back (today's version as replica of the target); see docs/replication.md"},
			&cli.StringFlag{Name: flagname.Bare(flagname.BinlogFormat), Usage: "with --replication: ROW, STATEMENT, MIXED, a comma-separated list, or both (ROW and STATEMENT); default: the format today's server uses, else ROW"},
			&cli.StringFlag{Name: flagname.Bare(flagname.ReplicationSeed), Usage: "with --replication: how the replica is seeded: dump (the primary's dump, schema and rows), schema (the application's schema loaded by the replica's own server, rows from the primary's dump) or both", Value: "both"},
			&cli.BoolFlag{Name: flagname.Bare(flagname.ReplicationGTID), Usage: "with --replication: point the replicas by GTID (MariaDB: gtid_slave_pos from mariadb-dump --gtid and MASTER_USE_GTID=slave_pos; MySQL: gtid_mode=ON on both sandboxes and SOURCE_AUTO_POSITION=1) instead of binary log coordinates"},
			&cli.DurationFlag{Name: flagname.Bare(flagname.ReplicationWait), Usage: "with --replication: how long to wait for the replica to catch up after the writes", Value: rehearse.DefaultReplicationWait},
			&cli.BoolFlag{Name: flagname.Bare(flagname.NoGroup), Usage: "check, time and upgrade (--in-place) every schema; by default schemas with the same definition (tenants) are done once and reported as a group"},
			&cli.BoolFlag{Name: flagname.Bare(flagname.InPlace), Usage: "also rehearse the in-place upgrade: today's version (--source-basedir) makes a datadir with today's settings and --schema-file, shuts down, the target starts on it and runs its upgrade step (mariadb-upgrade)"},
			&cli.StringFlag{Name: flagname.Bare(flagname.Datadir), Usage: "with --in-place: a copy of today's datadir (a cold copy, a snapshot or a prepared mariadb-backup/xtrabackup backup) to upgrade instead of one made from --schema-file; it is only read (the rehearsal works on its own copy) and no calibration runs; --budget then bounds the checksums; with --queries the statements run on the upgraded copy and on today's version started on a second copy (twice the space without reflinks)"},
		}, []cli.Flag{targetVersionFlag(), sourceVersionFlag()}, fetchFlags(), queryFlags(), without(calibrationFlags(), "allow-set-global", "allow-binlog"),
			[]cli.Flag{workloadFlag(), configFlag(), failOnFlag(), formatFlag(), htmlFlag(), colorFlag(), quietFlag(), verboseFlag(), mycnfOutFlag()}),
		Action: runRehearse,
	}
}

// rehearseServers resolves --target and --source to their roots; the
// target's binaries are required.
func rehearseServers(c *cli.Context) error {
	if err := setBasedirFromVersion(c, "target-basedir", "target"); err != nil {
		return err
	}
	if err := setBasedirFromVersion(c, "source-basedir", "source"); err != nil {
		return err
	}
	if c.String("target-basedir") == "" {
		return fmt.Errorf("%w: name the version you move to: --target VERSION (%s) or --target-basedir DIR", exitcode.ErrUsage, advisor.KnownServers())
	}
	return nil
}

// replicationOptions reads --replication and its flags (nil without it).
func replicationOptions(c *cli.Context) (*rehearse.ReplicationOptions, error) {
	if !c.Bool("replication") {
		for _, name := range []string{"binlog-format", "replication-seed", "replication-wait", "replication-gtid"} {
			if c.IsSet(name) {
				return nil, fmt.Errorf("%w: --%s shapes the replication rehearsal: add --replication", exitcode.ErrUsage, name)
			}
		}
		return nil, nil
	}
	formats, err := rehearse.ParseBinlogFormats(c.String("binlog-format"))
	if err != nil {
		return nil, err
	}
	seeds, err := rehearse.ParseSeeds(c.String("replication-seed"))
	if err != nil {
		return nil, err
	}
	return &rehearse.ReplicationOptions{Formats: formats, Seeds: seeds, Wait: c.Duration("replication-wait"), GTID: c.Bool("replication-gtid")}, nil
}

func runRehearse(c *cli.Context) error {
	failOn, format, err := reportChoices(c)
	if err != nil {
		return err
	}
	if err := rehearseServers(c); err != nil {
		return err
	}
	o := rehearse.Options{
		ToolVersion: version, ConfigFile: c.String("config"), ServerVersion: c.String("server-version"),
		SourceBasedir: c.String("source-basedir"), TargetBasedir: c.String("target-basedir"), Workload: c.String("workload"),
		SchemaFile: c.String("schema-file"), Schemas: schemaNames(c), InPlace: c.Bool("in-place"), WithData: c.Bool("with-data"),
		NoGroup: c.Bool("no-group"),
		Bench:   benchOptions(c), SandboxLog: progressLog(c),
		Warn: func(msg string) { fmt.Fprintf(c.App.ErrWriter, "Warning: %s\n", msg) },
	}
	if o.Datadir = c.String("datadir"); o.Datadir != "" && c.IsSet("budget") {
		o.CheckBudget = c.Duration("budget")
	}
	o.StepProgress = newProgress(c).step
	o.Live, o.SampleRows, o.SampleRowsGiven = anyConnFlag(c), c.Int("sample-rows"), c.IsSet("sample-rows")
	if o.Queries, err = queryOptions(c); err != nil {
		return err
	}
	if o.Queries != nil {
		o.Queries.SampleRows = o.SampleRows
	}
	if o.Replication, err = replicationOptions(c); err != nil {
		return err
	}
	if o.Notes, err = calibrationWorkload(c, &o.Bench); err != nil {
		return err
	}
	if err := o.Validate(); err != nil {
		return err
	}
	if o.ServerVersion == "" && o.Datadir == "" {
		if o.Conn, err = resolveConn(c); err != nil {
			return err
		}
	}
	o.Bench.Progress = newProgress(c).update
	r, err := rehearse.Run(c.Context, o)
	clearProgress(c)
	if err != nil {
		return err
	}
	if err := writeOutputFiles(c, r.MyCnf, r); err != nil {
		return err
	}
	if err := report.Write(c.App.Writer, r, format, textStyle(c)); err != nil {
		return err
	}
	if err := untestedError(r.Queries); err != nil {
		return err
	}
	if worst, fails := failOn.Fails(r.Worst()); fails {
		return findingsError{worst: worst}
	}
	return nil
}
