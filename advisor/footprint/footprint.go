package footprint

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// Options bound what the calibration does to a live server (--pace,
// --pause-file, --abort-file, --max-threads-running, --load-wait,
// --max-history-length, --max-pending-fsyncs). The zero value is the
// default: auto pace, no files, the default limits.
type Options struct {
	Pace Pace
	// PauseFile holds the calibration between statements while it exists;
	// AbortFile stops it (cleanup done, exit 2) once it exists.
	PauseFile, AbortFile string
	// MaxThreadsRunning pauses the calibration while the server is busier
	// (0: the default); LoadWait is how long it waits before giving up.
	MaxThreadsRunning int
	LoadWait          time.Duration
	// MaxHistoryLength and MaxPendingFsyncs: 0 is the default limit, a
	// negative value turns the check off.
	MaxHistoryLength, MaxPendingFsyncs int64
}

// sampleEvery is how often the server's signals are read during the rounds.
const sampleEvery = time.Second

// pauseFileCause is the cause of a pause the operator's --pause-file made,
// told apart from the throttle's waits on the server's signals.
const pauseFileCause = "pause file"

// Conduct is the calibration's conduct toward the server it runs on: it
// reads the server's load every second between statements, paces the
// calibration while the server is busy, holds it while a signal is above
// its limit or the pause file exists, stops it when the abort file exists,
// and records all of it for the report. Its hooks run in bench's
// AfterStatement and BeforeVariant, outside the timed statements.
type Conduct struct {
	db    *sql.DB
	pace  Pace
	guard loadGuard
	warn  func(string)
	files operatorFiles

	last   serverSignals
	lastAt time.Time
	// noMetrics: INNODB_METRICS could not be read once; not asked again.
	noMetrics bool
	own       int64 // statements of this tool since the last reading
	busy      bool

	stats loadStats
}

// loadStats accumulates what the readings and the hooks saw.
type loadStats struct {
	readings                   int
	questionsSum, questionsMax float64
	runningSum                 float64
	runningMax                 int64
	historyMax, fsyncsMax      int64
	replicas                   int
	ratioMax                   float64
	paced                      time.Duration
	pauses                     map[string]*Pause
	pauseOrder                 []string
}

// New reads the server twice, half a second apart, so that the
// first statements are already paced on a busy server, and counts the
// replicas.
func New(ctx context.Context, db *sql.DB, o Options, warn func(string)) (*Conduct, error) {
	if warn == nil {
		warn = func(string) {}
	}
	f := &Conduct{db: db, pace: o.Pace, guard: newLoadGuard(o), warn: warn,
		files: operatorFiles{pause: o.PauseFile, abort: o.AbortFile}}
	f.stats = loadStats{historyMax: -1, fsyncsMax: -1, pauses: map[string]*Pause{}}
	f.stats.replicas = countReplicas(ctx, db)
	if err := f.rebase(ctx); err != nil {
		return nil, err
	}
	if err := sleepCtx(ctx, sampleEvery/2); err != nil {
		return nil, err
	}
	if err := f.read(ctx); err != nil {
		return nil, err
	}
	if f.busy && !f.pace.Fixed {
		f.warn(fmt.Sprintf("the server is busy (%s): the calibration paces itself at %gx its statements' time ("+flagname.Pace+" off to not pace)", f.describeLast(), AutoPaceRatio))
	}
	return f, nil
}

// beforeVariant is bench's BeforeVariant hook: the operator files and the
// throttle, before each block of statements.
func (f *Conduct) beforeVariant(ctx context.Context) error {
	return f.between(ctx, 0)
}

// afterStatement is bench's AfterStatement hook: n statements ran in took.
func (f *Conduct) afterStatement(ctx context.Context, n int, took time.Duration) error {
	f.own += int64(n)
	return f.between(ctx, took)
}

// between runs between two statements: abort and pause files, a reading
// of the server (every sampleEvery) with the throttle, then the pace.
func (f *Conduct) between(ctx context.Context, took time.Duration) error {
	if err := f.operatorHold(ctx); err != nil {
		return err
	}
	if time.Since(f.lastAt) >= sampleEvery {
		if err := f.read(ctx); err != nil {
			return err
		}
		if err := f.throttle(ctx); err != nil {
			return err
		}
	}
	ratio := f.pace.ratio(f.busy)
	if ratio <= 0 || took <= 0 {
		return nil
	}
	f.stats.ratioMax = max(f.stats.ratioMax, ratio)
	sleep := time.Duration(ratio * float64(took))
	f.stats.paced += sleep
	return sleepCtx(ctx, sleep)
}

// signals takes one reading of the server's load signals.
func (f *Conduct) signals(ctx context.Context) (serverSignals, error) {
	s, err := readSignals(ctx, f.db, !f.noMetrics)
	f.noMetrics = f.noMetrics || s.metricsUnreadable
	return s, err
}

// read takes a reading and updates the busy state and the statistics.
func (f *Conduct) read(ctx context.Context) error {
	s, err := f.signals(ctx)
	if err != nil {
		return err
	}
	now := time.Now()
	secs := now.Sub(f.lastAt).Seconds()
	// Questions counts every client's statements, this tool's too: its
	// calibration statements and its readings (this one included).
	others := float64(s.Questions-f.last.Questions-f.own-s.statements) / secs
	others = max(others, 0)
	running := max(s.ThreadsRunning-1, 0) // less the reading's own thread
	f.busy = isBusy(others, running)
	st := &f.stats
	st.readings++
	st.questionsSum += others
	st.questionsMax = max(st.questionsMax, others)
	st.runningSum += float64(running)
	st.runningMax = max(st.runningMax, running)
	st.historyMax = max(st.historyMax, s.HistoryLength)
	st.fsyncsMax = max(st.fsyncsMax, s.PendingFsyncs)
	f.last, f.lastAt, f.own = s, now, 0
	return nil
}

// throttle holds the run while a signal is above its limit, reading the
// server every loadPoll, and gives up after --load-wait.
func (f *Conduct) throttle(ctx context.Context) error {
	cause, why := f.guard.limitHit(f.last)
	if why == "" {
		return nil
	}
	first, start := why, time.Now()
	f.warn(fmt.Sprintf("server busy (%s): calibration paused, aborting after %s", why, f.guard.wait))
	defer func() { f.recordPause(cause, first, time.Since(start)) }()
	for why != "" {
		if time.Since(start) > f.guard.wait {
			return f.guard.gaveUp(why)
		}
		if err := sleepCtx(ctx, loadPoll); err != nil {
			return err
		}
		if err := f.operatorHold(ctx); err != nil {
			return err
		}
		if err := f.read(ctx); err != nil {
			return err
		}
		why = f.guard.overLimit(f.last)
	}
	return nil
}

// operatorHold stops on the abort file and waits while the pause file
// exists.
func (f *Conduct) operatorHold(ctx context.Context) error {
	if err := f.files.checkAbort(); err != nil {
		return err
	}
	if !f.files.paused() {
		return nil
	}
	start := time.Now()
	f.warn(fmt.Sprintf("paused: %s exists ("+flagname.PauseFile+"); remove it to resume", f.files.pause))
	defer func() { f.recordPause(pauseFileCause, flagname.PauseFile+" "+f.files.pause, time.Since(start)) }()
	for f.files.paused() {
		if err := sleepCtx(ctx, pausePoll); err != nil {
			return err
		}
		if err := f.files.checkAbort(); err != nil {
			return err
		}
	}
	return f.rebase(ctx) // the pause is no load reading: start a fresh interval
}

// rebase takes a reading that only starts the next interval.
func (f *Conduct) rebase(ctx context.Context) error {
	s, err := f.signals(ctx)
	if err != nil {
		return err
	}
	f.last, f.lastAt, f.own = s, time.Now(), 0
	return nil
}

func (f *Conduct) recordPause(cause, detail string, d time.Duration) {
	p, ok := f.stats.pauses[cause]
	if !ok {
		p = &Pause{Cause: cause, Detail: detail}
		f.stats.pauses[cause] = p
		f.stats.pauseOrder = append(f.stats.pauseOrder, cause)
	}
	p.Count++
	p.Seconds += d.Seconds()
}

func (f *Conduct) describeLast() string {
	st := f.stats
	return fmt.Sprintf("other sessions' statements %.0f/s, Threads_running %d", st.questionsMax, st.runningMax)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Attach installs the footprint's hooks in a calibration's configuration.
func (f *Conduct) Attach(cfg *bench.Config) {
	cfg.BeforeVariant = f.beforeVariant
	cfg.AfterStatement = f.afterStatement
}
