package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// auditResult is what the load test reads from `audit --format json`, plus
// what it saw of the run from the server.
type auditResult struct {
	WallS        float64        `json:"wall_s"`
	ExitCode     int            `json:"exit_code"`
	CalibrationS float64        `json:"calibration_s"` // the report's benchmark.duration_s
	Rounds       int            `json:"rounds"`
	StopReason   string         `json:"stop_reason"`
	Variants     []variantRatio `json:"variants"`
	Window       *window        `json:"window,omitempty"` // nil when the scratch schema was never seen
	LeftBehind   []string       `json:"left_behind"`      // scratch schemas still there afterwards
	// Load is the report's own "load" section (what the audit saw of the
	// server and how it paced itself), as the audit wrote it.
	Load json.RawMessage `json:"load,omitempty"`
}

type variantRatio struct {
	Name      string  `json:"name"`
	Speedup   float64 `json:"speedup"`
	Low       float64 `json:"ci_low"`
	High      float64 `json:"ci_high"`
	CreateP50 float64 `json:"create_p50_ms"`
}

// window is when the audit's scratch schema existed (its calibration rounds,
// warm-up included) and what the server's own counters said meanwhile.
type window struct {
	From              time.Time `json:"from"`
	To                time.Time `json:"to"`
	Seconds           float64   `json:"seconds"`
	QuestionsPerS     float64   `json:"questions_per_s"`
	ThreadsRunningAvg float64   `json:"threads_running_avg"`
	ThreadsRunningMax int       `json:"threads_running_max"`
}

// auditJSON is the part of the report's JSON the load test reads.
type auditJSON struct {
	Load      json.RawMessage `json:"load"`
	Benchmark *struct {
		Rounds     int     `json:"rounds"`
		StopReason string  `json:"stop_reason"`
		DurationS  float64 `json:"duration_s"`
		Variants   []struct {
			Name     string `json:"name"`
			Measured bool   `json:"measured"`
			CreateMs struct {
				P50 float64 `json:"p50"`
			} `json:"create_ms"`
			Speedup *struct {
				Ratio float64 `json:"ratio"`
				Low   float64 `json:"ci_low"`
				High  float64 `json:"ci_high"`
			} `json:"speedup"`
		} `json:"variants"`
	} `json:"benchmark"`
}

// runAudit runs `upgrade-advisor audit --format json` on the socket while
// watching the server for its scratch schema every poll.
func runAudit(ctx context.Context, binary, socket string, db *sql.DB, extra []string, poll time.Duration) (*auditResult, error) {
	args := append([]string{"audit", flagname.NoDefaults, "-S", socket, "-u", "root", flagname.AllowSetGlobal, flagname.Format, "json"}, extra...)
	cmd := exec.CommandContext(ctx, binary, args...)
	// On Ctrl-C the audit gets an interrupt and cleans up; it is killed only
	// if it has not finished 60 s later.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGINT) }
	cmd.WaitDelay = 60 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	before, err := readGlobals(ctx, db)
	if err != nil {
		return nil, err
	}
	watchCtx, stopWatch := context.WithCancel(ctx)
	watched := make(chan *window, 1)
	began := time.Now()
	if err := cmd.Start(); err != nil {
		stopWatch()
		return nil, fmt.Errorf("audit: %w", err)
	}
	go func() { watched <- watchScratch(watchCtx, db, poll) }()
	err = cmd.Wait()
	wall := time.Since(began)
	stopWatch()
	w := <-watched
	res := &auditResult{WallS: wall.Seconds(), Window: w}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		res.ExitCode = 1 // findings at or above --fail-on: the report is complete
	case err != nil:
		return nil, fmt.Errorf("audit %s: %w: %s", strings.Join(args, " "), err, tail(stderr.String(), 15))
	}
	if err := res.readReport(stdout.Bytes()); err != nil {
		return nil, err
	}
	if res.LeftBehind, err = leftBehind(ctx, db, before); err != nil {
		return nil, err
	}
	return res, nil
}

func (res *auditResult) readReport(b []byte) error {
	var r auditJSON
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("audit "+flagname.Format+" json: %w: %s", err, tail(string(b), 5))
	}
	if r.Benchmark == nil {
		return fmt.Errorf("audit " + flagname.Format + " json has no benchmark section: did the calibration run?")
	}
	res.CalibrationS, res.Rounds, res.StopReason = r.Benchmark.DurationS, r.Benchmark.Rounds, r.Benchmark.StopReason
	res.Load = r.Load
	for _, v := range r.Benchmark.Variants {
		if !v.Measured || v.Speedup == nil {
			continue
		}
		res.Variants = append(res.Variants, variantRatio{Name: v.Name, Speedup: v.Speedup.Ratio,
			Low: v.Speedup.Low, High: v.Speedup.High, CreateP50: v.CreateMs.P50})
	}
	return nil
}

func (res *auditResult) variant(name string) *variantRatio {
	for i := range res.Variants {
		if res.Variants[i].Name == name {
			return &res.Variants[i]
		}
	}
	return nil
}

// watchScratch polls for a scratch schema until ctx ends and returns the
// span it was seen in, with the server's Questions rate and Threads_running
// over that span (nil if never seen). Poll errors are ignored: the server is
// busy, and a missed poll only blurs the window's edges.
func watchScratch(ctx context.Context, db *sql.DB, poll time.Duration) *window {
	var w *window
	var firstQ, lastQ int64
	var runningSum, samples int
	tick := time.NewTicker(poll)
	defer tick.Stop()
	for {
		names, err := bench.ListScratchSchemas(ctx, db)
		if err == nil && len(names) > 0 {
			now := time.Now()
			q, running, serr := serverLoad(ctx, db)
			if w == nil {
				w = &window{From: now}
				firstQ = q
			}
			w.To = now
			if serr == nil {
				lastQ = q
				runningSum += running
				samples++
				w.ThreadsRunningMax = max(w.ThreadsRunningMax, running)
			}
		}
		select {
		case <-ctx.Done():
			if w != nil {
				w.Seconds = w.To.Sub(w.From).Seconds()
				if w.Seconds > 0 {
					w.QuestionsPerS = float64(lastQ-firstQ) / w.Seconds
				}
				if samples > 0 {
					w.ThreadsRunningAvg = float64(runningSum) / float64(samples)
				}
			}
			return w
		case <-tick.C:
		}
	}
}

// serverLoad reads the server's Questions counter and Threads_running.
func serverLoad(ctx context.Context, db *sql.DB) (questions int64, running int, err error) {
	status, err := stmt.ReadPairs(ctx, db, "SHOW GLOBAL STATUS WHERE Variable_name IN ('Questions', 'Threads_running')")
	if err != nil {
		return 0, 0, err
	}
	questions, _ = strconv.ParseInt(status["questions"], 10, 64)
	n, _ := strconv.ParseInt(status["threads_running"], 10, 64)
	return questions, int(n), nil
}

// touchedGlobals are the globals an audit may change with --allow-set-global.
var touchedGlobals = []string{"innodb_file_per_table", "innodb_stats_persistent"}

func readGlobals(ctx context.Context, db *sql.DB) (map[string]string, error) {
	return stmt.ReadGlobals(ctx, db, touchedGlobals)
}

// leftBehind lists the scratch schemas that remain and the globals that
// differ from before the audit.
func leftBehind(ctx context.Context, db *sql.DB, before map[string]string) ([]string, error) {
	left, err := bench.ListScratchSchemas(ctx, db)
	if err != nil {
		return nil, err
	}
	if left == nil {
		left = []string{} // "left_behind": [] in the JSON, not null
	}
	after, err := readGlobals(ctx, db)
	if err != nil {
		return nil, err
	}
	for _, name := range touchedGlobals {
		if before[name] != after[name] {
			left = append(left, fmt.Sprintf("global %s %s -> %s", name, before[name], after[name]))
		}
	}
	return left, nil
}
