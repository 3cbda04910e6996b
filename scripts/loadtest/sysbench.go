package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

//go:embed traffic.lua
var trafficScript []byte

// trafficDB is the schema sysbench's tables live in.
const trafficDB = "sbtest"

// traffic runs sysbench against one server.
type traffic struct {
	socket  string
	tables  int
	rows    int
	threads int
	script  string // traffic.lua written to a temp dir
}

// newTraffic writes traffic.lua beside the sandbox; cleanup removes it.
func newTraffic(dir, socket string, tables, rows, threads int) (*traffic, error) {
	if _, err := exec.LookPath("sysbench"); err != nil {
		return nil, fmt.Errorf("sysbench not found on PATH: apt-get install sysbench (Debian 12 ships 1.0.20)")
	}
	script := filepath.Join(dir, "loadtest-traffic.lua")
	if err := os.WriteFile(script, trafficScript, 0o644); err != nil {
		return nil, err
	}
	return &traffic{socket: socket, tables: tables, rows: rows, threads: threads, script: script}, nil
}

func (t *traffic) common() []string {
	return []string{
		"--db-driver=mysql", "--mysql-socket=" + t.socket, "--mysql-user=root", "--mysql-db=" + trafficDB,
		"--tables=" + strconv.Itoa(t.tables), "--table-size=" + strconv.Itoa(t.rows), "--threads=" + strconv.Itoa(t.threads),
	}
}

// prepare creates and fills sysbench's tables (the schema must exist).
func (t *traffic) prepare(ctx context.Context) error {
	args := append(t.common(), "oltp_read_write", "prepare")
	if out, err := exec.CommandContext(ctx, "sysbench", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("sysbench prepare: %w: %s", err, tail(string(out), 15))
	}
	return nil
}

// trafficRun is one sysbench run: its report intervals as they arrived.
type trafficRun struct {
	started   time.Time
	shape     histogramShape
	intervals []interval
}

// run drives oltp_read_write for seconds at rate transactions/s (0: as fast
// as it goes) and collects one report per second. Debian 12's sysbench
// 1.0.20 (LuaJIT) now and then dies of a signal of its own (SIGABRT,
// seen once in CI against MySQL 9.7 right after "Threads started!"): a
// run that sysbench itself aborted, not this run's context, is run once
// more.
func (t *traffic) run(ctx context.Context, seconds, rate int) (*trafficRun, error) {
	r, err := t.runOnce(ctx, seconds, rate)
	var ee *exec.ExitError
	if err != nil && ctx.Err() == nil && errors.As(err, &ee) && ee.ExitCode() == -1 {
		return t.runOnce(ctx, seconds, rate)
	}
	return r, err
}

// runOnce is one sysbench run.
func (t *traffic) runOnce(ctx context.Context, seconds, rate int) (*trafficRun, error) {
	args := append(t.common(), "--time="+strconv.Itoa(seconds), "--rate="+strconv.Itoa(rate),
		"--report-interval=1", "--percentile=95", t.script, "run")
	cmd := exec.CommandContext(ctx, "sysbench", args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	r := &trafficRun{started: time.Now()}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("sysbench: %w", err)
	}
	rest, readErr := r.read(stdout)
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("sysbench run stopped: %w: %s%s", err, tail(rest, 15), tail(stderr.String(), 15))
	}
	if readErr != nil {
		return nil, readErr
	}
	if len(r.intervals) == 0 {
		return nil, fmt.Errorf("sysbench printed no interval report: %s", tail(rest, 15))
	}
	return r, nil
}

// read parses the report lines as they arrive and returns the other output.
func (r *trafficRun) read(out io.Reader) (string, error) {
	var rest strings.Builder
	var firstErr error
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		// traffic.lua writes each report line whole, but sysbench's own
		// output may have left an unfinished line before it.
		if i := strings.Index(line, "LOADTEST_"); i >= 0 {
			rest.WriteString(line[:i])
			line = line[i:]
		} else {
			rest.WriteString(line + "\n")
		}
		if err := r.parseLine(line, time.Now()); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return rest.String(), errors.Join(firstErr, sc.Err())
}

func (r *trafficRun) parseLine(line string, arrived time.Time) error {
	switch {
	case strings.HasPrefix(line, "LOADTEST_HISTOGRAM "):
		shape, err := parseHistogramHeader(line)
		r.shape = shape
		return err
	case strings.HasPrefix(line, "LOADTEST_INTERVAL "):
		if r.shape.size == 0 {
			return fmt.Errorf("sysbench interval report before the histogram header: %q", line)
		}
		iv, err := parseInterval(line, r.shape, arrived)
		if err != nil {
			return err
		}
		if err := r.shape.checkInterval(iv); err != nil {
			return err
		}
		r.intervals = append(r.intervals, iv)
	}
	return nil
}

func (r *trafficRun) all() trafficStats { return summarise(r.shape, r.intervals) }

func (r *trafficRun) window(from, to time.Time) trafficStats {
	return summarise(r.shape, inWindow(r.intervals, from, to))
}

func (r *trafficRun) outside(from, to time.Time) trafficStats {
	return summarise(r.shape, outsideWindow(r.intervals, from, to))
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
