package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// config is one load test.
type config struct {
	binary       string
	basedir      string
	tables, rows int
	threads      int
	probeSeconds int
	rateFraction float64
	rate         int
	seconds      int
	leadIn       int
	toggle       time.Duration // hold the audit every other period (0: never)
	auditArgs    []string
	poll         time.Duration
	log          io.Writer
}

// result is everything the load test measured.
type result struct {
	Server   string       `json:"server"`
	Traffic  trafficSetup `json:"traffic"`
	Capacity trafficStats `json:"capacity"`
	Alone    trafficStats `json:"alone"`
	// Beside is the traffic while the audit's scratch schema existed;
	// Outside the same run's seconds that did not overlap that window (a
	// control taken under the same machine noise); BesideRun the whole run.
	Beside    trafficStats `json:"beside_audit"`
	Outside   trafficStats `json:"beside_audit_outside_rounds"`
	BesideRun trafficStats `json:"beside_audit_whole_run"`
	// With -toggle: the seconds of the audit's window in which it ran and
	// those in which its pause file held it, alternating every ToggleS.
	ToggleS     float64      `json:"toggle_s,omitempty"`
	Phases      []phase      `json:"toggle_phases,omitempty"`
	Running     trafficStats `json:"toggled_audit_running"`
	HeldByPause trafficStats `json:"toggled_audit_held"`
	AuditIdle   *auditResult `json:"audit_idle"`
	AuditLoad   *auditResult `json:"audit_under_load"`
	AuditArgs   []string     `json:"audit_args"`
	// MachineLoad is the 1-minute load average when each phase started: the
	// noise the figures were taken under (other work on the same cores).
	MachineLoad []phaseLoad `json:"machine_load"`
}

type phaseLoad struct {
	Phase   string  `json:"phase"`
	LoadAvg float64 `json:"loadavg_1m"`
}

// notePhase records the machine's load average as a phase starts.
func (r *result) notePhase(phase string) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return
	}
	if v, err := strconv.ParseFloat(f[0], 64); err == nil {
		r.MachineLoad = append(r.MachineLoad, phaseLoad{phase, v})
	}
}

type trafficSetup struct {
	Test    string `json:"test"`
	Tables  int    `json:"tables"`
	Rows    int    `json:"rows_per_table"`
	Threads int    `json:"threads"`
	Rate    int    `json:"rate_tps"`
	Seconds int    `json:"seconds"`
}

func run(ctx context.Context, c config) (*result, error) {
	sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: c.basedir, Log: c.log})
	if err != nil {
		return nil, err
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		if err := sb.Stop(stopCtx); err != nil {
			fmt.Fprintf(c.log, "loadtest: stopping the sandbox: %v (remove it with: upgrade-advisor sandbox stop %s)\n", err, sb.Dir())
		}
	}()
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(2)
	flavor, version := sb.Flavor()
	res := &result{Server: flavor + " " + version, AuditArgs: c.auditArgs}
	tr, err := prepareTraffic(ctx, c, sb, db)
	if err != nil {
		return nil, err
	}
	return res, measure(ctx, c, tr, sb.Socket(), db, res)
}

func prepareTraffic(ctx context.Context, c config, sb *sandbox.Sandbox, db *sql.DB) (*traffic, error) {
	if _, err := stmt.Exec(ctx, db, "CREATE DATABASE "+trafficDB); err != nil {
		return nil, err
	}
	tr, err := newTraffic(sb.Dir(), sb.Socket(), c.tables, c.rows, c.threads)
	if err != nil {
		return nil, err
	}
	c.logf("preparing sysbench oltp_read_write: %d tables x %d rows ...", c.tables, c.rows)
	return tr, tr.prepare(ctx)
}

// measure runs the probe, the idle audit, the traffic alone and the traffic
// beside an audit, in that order.
func measure(ctx context.Context, c config, tr *traffic, socket string, db *sql.DB, res *result) error {
	c.logf("capacity probe: unbounded rate for %d s ...", c.probeSeconds)
	res.notePhase("capacity probe")
	probe, err := tr.run(ctx, c.probeSeconds, 0)
	if err != nil {
		return err
	}
	res.Capacity = probe.all()
	rate := c.rate
	if rate <= 0 {
		rate = max(1, int(math.Round(res.Capacity.TPS*c.rateFraction)))
	}
	c.logf("capacity %.0f tps; audit on the idle server ...", res.Capacity.TPS)
	res.notePhase("audit idle")
	if res.AuditIdle, err = runAudit(ctx, c.binary, socket, db, c.auditArgs, c.poll); err != nil {
		return err
	}
	// The run beside the audit must outlast it: give it twice the idle
	// audit's time between a lead-in and a lead-out, and the run alone the
	// same length.
	seconds := max(c.seconds, 2*c.leadIn+int(math.Ceil(2*res.AuditIdle.WallS)))
	res.Traffic = trafficSetup{Test: "oltp_read_write", Tables: c.tables, Rows: c.rows, Threads: c.threads, Rate: rate, Seconds: seconds}
	c.logf("traffic alone: %d tps for %d s ...", rate, seconds)
	res.notePhase("traffic alone")
	alone, err := tr.run(ctx, seconds, rate)
	if err != nil {
		return err
	}
	res.Alone = alone.all()
	c.logf("traffic beside an audit started after %d s ...", c.leadIn)
	res.notePhase("traffic beside the audit")
	return besideAudit(ctx, c, tr, socket, db, res, seconds, rate)
}

func besideAudit(ctx context.Context, c config, tr *traffic, socket string, db *sql.DB, res *result, seconds, rate int) error {
	type outcome struct {
		run *trafficRun
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		r, err := tr.run(ctx, seconds, rate)
		done <- outcome{r, err}
	}()
	select {
	case <-ctx.Done():
		<-done
		return ctx.Err()
	case <-time.After(time.Duration(c.leadIn) * time.Second):
	}
	audit, phases, auditErr := auditToggled(ctx, c, socket, db)
	traffic := <-done
	if auditErr != nil {
		return auditErr
	}
	if traffic.err != nil {
		return traffic.err
	}
	res.AuditLoad = audit
	res.BesideRun = traffic.run.all()
	if w := audit.Window; w != nil {
		res.Beside = traffic.run.window(w.From, w.To)
		res.Outside = traffic.run.outside(w.From, w.To)
		if len(phases) > 0 {
			res.ToggleS, res.Phases = c.toggle.Seconds(), phases
			res.Running = summarise(traffic.run.shape, inPhases(traffic.run.intervals, phases, false, w.From, w.To))
			res.HeldByPause = summarise(traffic.run.shape, inPhases(traffic.run.intervals, phases, true, w.From, w.To))
		}
		if last := traffic.run.intervals[len(traffic.run.intervals)-1].end; w.To.After(last) {
			c.logf("warning: the audit's calibration outlasted the traffic (raise -time): the window is cut short")
		}
	}
	return nil
}

// auditToggled runs the audit beside the traffic; with -toggle it gives the
// audit a pause file and holds it every other period, returning the phases.
func auditToggled(ctx context.Context, c config, socket string, db *sql.DB) (*auditResult, []phase, error) {
	if c.toggle <= 0 {
		a, err := runAudit(ctx, c.binary, socket, db, c.auditArgs, c.poll)
		return a, nil, err
	}
	dir, err := os.MkdirTemp("", "loadtest-toggle-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	file := dir + "/pause"
	args := append(append([]string{}, c.auditArgs...), flagname.PauseFile, file)
	togCtx, stopToggle := context.WithCancel(ctx)
	type toggled struct {
		phases []phase
		err    error
	}
	done := make(chan toggled, 1)
	go func() {
		p, err := togglePauseFile(togCtx, file, c.toggle)
		done <- toggled{p, err}
	}()
	a, err := runAudit(ctx, c.binary, socket, db, args, c.poll)
	stopToggle()
	t := <-done
	if err == nil {
		err = t.err
	}
	return a, t.phases, err
}

func (c config) logf(format string, args ...any) {
	if c.log != nil {
		fmt.Fprintf(c.log, "loadtest: "+format+"\n", args...)
	}
}
