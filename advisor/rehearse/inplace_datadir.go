package rehearse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The in-place upgrade on a copy of a real datadir (--in-place --datadir):
// today's version starts on the copy, the baseline is read, today's
// version shuts down slowly, the target starts on it, runs its upgrade
// tool and restarts, and the same checks are compared. Each step is timed
// and keeps its log lines; the datadir given is only read.

// Names of the steps, in the report.
const (
	stepTodayStart   = "today's version starts on the copy"
	stepBaseline     = "baseline checks on today's version"
	stepSlowShutdown = "slow shutdown"
	stepFirstStart   = "first start of the target"
	stepRestart      = "restart"
	stepAfter        = "checks on the target"
)

// rehearseDatadir runs the in-place upgrade on a copy of o.Datadir and,
// with in, the application's statements on the upgraded copy and today's
// version (the queries' section, nil without in). A failure of either
// server is a result, not an error.
func rehearseDatadir(ctx context.Context, o Options, p *rehearsal, todayOptions []string, cp sandbox.DatadirCopy, in *queries.Input) (_ *report.InPlace, _ *report.Queries, err error) {
	r := &datadirRun{o: o, p: p, cp: cp, todayOptions: todayOptions, in: in,
		ip: &report.InPlace{Source: p.sourceBin.Flavor.String(), Target: p.target.String(), SlowShutdown: true,
			TablesFailed: []string{}, Objects: []report.InPlaceObject{}, FirstStartLog: []string{}, RestartLog: []string{}},
		d: &report.InPlaceDatadir{Source: cp.Source, Bytes: cp.Bytes, Copy: cp.Method(), Tables: []report.InPlaceTable{},
			Objects: []report.InPlaceObject{}, Problems: []report.InPlaceProblem{}, Downtime: []report.InPlaceStep{}}}
	r.ip.Datadir = r.d
	defer func() { r.ip.Clean = r.ip.Error == "" && len(r.d.Problems) == 0 }()
	defer func() {
		if r.in != nil && r.q == nil && err == nil {
			r.queriesNotRun("the upgrade of the copy did not get that far (the in-place section says why)")
		}
	}()
	started := r.step(stepTodayStart, false, func() error {
		var err error
		r.sb, err = sandbox.Start(ctx, sandbox.Options{Basedir: p.sourceBin.Basedir, ServerOptions: todayOptions, Dir: o.SandboxDir,
			Log: o.SandboxLog, FromDatadir: cp.Source, Networking: true, StartTimeout: slowShutdownWait})
		return err
	})
	if started != nil {
		r.ip.Error = "today's version did not start on the copy: " + started.Error()
		r.problem("today's version ("+r.ip.Source+") does not start on the copy of the datadir",
			"give a datadir today's version starts on: a cold copy taken after a clean shutdown, a filesystem snapshot, or a backup prepared with mariadb-backup/xtrabackup --prepare; the error log above says what it met")
		return r.ip, r.q, nil
	}
	defer func() {
		stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		err = errors.Join(err, r.sb.Stop(stop))
	}()
	copied := r.sb.Copied()
	r.d.CopyS = decimal.Round(copied.Took.Seconds(), 2)
	r.d.Steps[0].DurationS = decimal.Round(r.d.Steps[0].DurationS-r.d.CopyS, 2)
	r.d.Steps[0].Log = errorsAndWarnings(logLines(r.sb.ErrorLogPath(), 0))
	r.noteRecovery()
	err = r.upgrade(ctx)
	return r.ip, r.q, err
}

// recoveryLine is what InnoDB logs when it must apply its redo log.
var recoveryLine = regexp.MustCompile(`(?i)starting crash recovery|Starting final batch to recover|Recovered .* (transactions|pages)`)

// noteRecovery says plainly when today's version had to recover the copy.
func (r *datadirRun) noteRecovery() {
	for _, l := range logLines(r.sb.ErrorLogPath(), 0) {
		if recoveryLine.MatchString(l) {
			r.d.Recovery = "today's version ran crash recovery on the copy: the datadir was copied from a running server (or a crashed one), not after a clean shutdown. " +
				"The copy came up, but for the rehearsal's times take a cold copy after `SET GLOBAL innodb_fast_shutdown=0; SHUTDOWN`, a snapshot, or a prepared backup (mariadb-backup --prepare --target-dir=DIR)"
			return
		}
	}
}

// upgrade reads the baseline, shuts down slowly, starts the target,
// runs its upgrade tool, restarts, and compares.
func (r *datadirRun) upgrade(ctx context.Context) error {
	db, err := sql.Open("mysql", r.sb.DSN())
	if err != nil {
		return err
	}
	defer db.Close()
	var base []tableState
	var objs []routineObject
	var objsBefore []string
	var tables []replication.TableChunks
	var schemas []string
	err = r.step(stepBaseline, false, func() error {
		var err error
		schemas, err = appSchemas(ctx, db)
		if err != nil {
			return fmt.Errorf("in-place: today's schemas: %w", err)
		}
		if tables, base, err = baseline(ctx, db, schemas, r.o.CheckBudget); err != nil {
			return err
		}
		if objs, err = listObjects(ctx, db, schemas); err != nil {
			return err
		}
		objsBefore = checkObjects(ctx, db, objs)
		return nil
	})
	if err != nil {
		return err
	}
	r.d.TableCount = len(tables)
	r.d.Sampled = sampledText(tables)
	db.Close()
	if err := r.step(stepSlowShutdown, true, func() error { return r.slowShutdown(ctx) }); err != nil {
		return err
	}
	if !r.startTarget(ctx) {
		return nil
	}
	db2, err := sql.Open("mysql", r.sb.DSN())
	if err != nil {
		return err
	}
	defer db2.Close()
	var after []tableState
	var objsAfter []string
	_ = r.step(stepAfter, false, func() error {
		after = afterUpgrade(ctx, db2, tables)
		objsAfter = checkObjects(ctx, db2, objs)
		return nil
	})
	r.compare(tables, base, after)
	r.d.Objects = objectResults(objs, objsBefore, objsAfter)
	for _, o := range r.d.Objects {
		if o.Status != "ok" {
			r.problem(fmt.Sprintf("%s %s.%s does not answer on the target: %s", strings.ToLower(o.Kind), o.Schema, o.Name, o.Message),
				"recreate it on the target from its definition on today's version (SHOW CREATE), changed for what the target refuses, right after the upgrade")
		}
	}
	if r.in != nil {
		r.runQueries(ctx, schemas)
	}
	return nil
}

// slowShutdown shuts today's version down with innodb_fast_shutdown=0.
func (r *datadirRun) slowShutdown(ctx context.Context) error {
	db, err := sql.Open("mysql", r.sb.DSN())
	if err != nil {
		return err
	}
	_, err = stmt.Exec(ctx, db, "SET GLOBAL innodb_fast_shutdown = 0")
	db.Close()
	if err != nil {
		return fmt.Errorf("in-place: setting innodb_fast_shutdown=0 on today's version: %w", err)
	}
	return r.sb.ShutdownWithin(ctx, slowShutdownWait)
}

// startTarget is the target's first start, its upgrade tool and the
// restart; false when the target did not come up (recorded in the report).
func (r *datadirRun) startTarget(ctx context.Context) bool {
	var lines []string
	var bin *sandbox.Binary
	err := r.step(stepFirstStart, true, func() error {
		var err error
		bin, lines, err = r.sb.UpgradeTo(ctx, r.p.targetBin.Basedir, r.p.carry.SandboxOptions())
		return err
	})
	r.ip.FirstStartLog = errorsAndWarnings(lines)
	for _, l := range r.ip.FirstStartLog {
		expected := bin != nil && !bin.Flavor.UpgradesAtStart() && systemTablesBeforeUpgrade.MatchString(l)
		if expected && strings.Contains(l, "[ERROR]") {
			r.d.Steps[len(r.d.Steps)-1].Note = "the errors about mysql.* tables are the older version's system tables, which the upgrade tool that follows upgrades: an error that stays shows at the restart"
		}
		if strings.Contains(l, "[ERROR]") && !expected {
			r.problem("the target's first start logged an error: "+l,
				"find what the line names on today's server (a table, a tablespace, a setting) and fix it there before the upgrade: rebuild or drop the table, or change the setting in the target's my.cnf")
		}
	}
	if err != nil {
		r.ip.Error = "the target did not start on the copy: " + err.Error()
		r.problem("the target ("+r.ip.Target+") does not start on the datadir", "read the first start's log lines above; fix their cause on today's server, then rehearse again")
		return false
	}
	if !bin.Flavor.UpgradesAtStart() {
		var run sandbox.UpgradeRun
		err := r.step("upgrade tool", true, func() error {
			var err error
			run, err = r.sb.RunUpgradeTool(ctx, bin)
			return err
		})
		r.ip.UpgradeTool, r.ip.UpgradeOutput, r.ip.UpgradeDurationS = run.Tool, run.Output, decimal.Round(run.Duration.Seconds(), 2)
		r.d.Downtime[len(r.d.Downtime)-1].Name = run.Tool
		r.d.Steps[len(r.d.Steps)-1].Name = run.Tool
		r.ip.TablesChecked, r.ip.TablesFailed = upgradeToolTables(run.Output)
		if err != nil {
			r.problem(fmt.Sprintf("%s failed: %v", run.Tool, err),
				fmt.Sprintf("run %s by hand on a copy and read its output (in the JSON report); repair or rebuild (ALTER TABLE ... FORCE) the tables it names on today's version first", run.Tool))
		}
		for _, t := range r.ip.TablesFailed {
			r.problem(fmt.Sprintf("%s reports table %s as failed", run.Tool, t), "run CHECK TABLE on today's version; REPAIR or rebuild it (ALTER TABLE ... FORCE) before the upgrade")
		}
	}
	err = r.step(stepRestart, true, func() error {
		if err := r.sb.ShutdownWithin(ctx, slowShutdownWait); err != nil {
			return err
		}
		var err error
		r.ip.RestartLog, err = r.sb.RestartLogged(ctx)
		r.ip.RestartLog = errorsAndWarnings(r.ip.RestartLog)
		return err
	})
	for _, l := range r.ip.RestartLog {
		if strings.Contains(l, "[ERROR]") {
			r.problem("the upgraded server logged an error at its restart: "+l,
				"the upgrade tool did not fix what the line names: fix it on today's server before the upgrade, or right after the upgrade tool on the target")
		}
	}
	if err != nil {
		r.ip.Error = "the upgraded server did not restart: " + err.Error()
		r.problem("the upgraded server does not restart", "read the restart's log lines above")
		return false
	}
	return true
}

// systemTablesBeforeUpgrade are the errors a MariaDB target logs on its
// first start about the server's own tables of the older version: what
// its upgrade tool is for. They are in the report; an error that stays
// after the upgrade tool shows at the restart, which is a problem.
var systemTablesBeforeUpgrade = regexp.MustCompile(`Incorrect definition of table mysql\.|Column count of mysql\.\S+ is wrong|` +
	`Event Scheduler: An error occurred when initializing system tables|Cannot load from mysql\.|mysql\.\S+ table is damaged|run mysql_upgrade|run mariadb-upgrade`)

// datadirSource returns the usage error of --datadir without --in-place.
func datadirSource(o Options) error {
	if !o.InPlace {
		return fmt.Errorf("%w: "+flagname.Datadir+" is the datadir "+flagname.InPlace+" upgrades: add "+flagname.InPlace, exitcode.ErrUsage)
	}
	if o.SchemaFile != "" || o.Replication != nil {
		return fmt.Errorf("%w: "+flagname.InPlace+" "+flagname.Datadir+" rehearses the datadir's own schemas: leave out "+flagname.SchemaFile+" and "+flagname.Replication, exitcode.ErrUsage)
	}
	if o.Queries.Live() || (o.Queries != nil && o.Queries.SampleRows > 0) {
		return fmt.Errorf("%w: "+flagname.InPlace+" "+flagname.Datadir+" runs "+flagname.Queries+" on the datadir's own rows: give a slow log, general log or file of statements, without "+flagname.SampleRows, exitcode.ErrUsage)
	}
	return nil
}
