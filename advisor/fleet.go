package advisor

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// ReadHostsFile reads one DSN or host[:port] per line; blank lines and
// '#' comments are skipped.
func ReadHostsFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: reading "+flagname.Hosts+": %w", exitcode.ErrUsage, err)
	}
	defer f.Close()
	var hosts []string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		entry := strings.TrimSpace(sc.Text())
		if i := strings.Index(entry, " #"); i >= 0 {
			entry = strings.TrimSpace(entry[:i])
		}
		if entry == "" || strings.HasPrefix(entry, "#") {
			continue
		}
		if _, err := (server.ConnOptions{}).ForHost(entry); err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %w", exitcode.ErrUsage, path, line, err)
		}
		hosts = append(hosts, entry)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: reading "+flagname.Hosts+": %w", exitcode.ErrUsage, err)
	}
	if len(hosts) == 0 {
		return nil, fmt.Errorf("%w: %s lists no hosts", exitcode.ErrUsage, path)
	}
	return hosts, nil
}

// RunFleet runs the job against every host with at most concurrency at
// once; one host's failure does not stop the others.
func RunFleet(ctx context.Context, base Options, hosts []string, concurrency int) []report.HostResult {
	if concurrency < 1 {
		concurrency = 1
	}
	results := make([]report.HostResult, len(hosts))
	sem := make(chan struct{}, concurrency)
	var wg sync.WaitGroup
	for i, h := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = runHost(ctx, base, h)
		}()
	}
	wg.Wait()
	return results
}

func runHost(ctx context.Context, base Options, host string) report.HostResult {
	start := time.Now()
	o := base
	o.Bench.Progress = nil
	if base.Warn != nil {
		o.Warn = func(msg string) { base.Warn(host + ": " + msg) }
	}
	conn, err := base.Conn.ForHost(host)
	if err != nil {
		return report.HostResult{Host: host, Err: err, Duration: time.Since(start)}
	}
	o.Conn = conn
	r, err := Run(ctx, o)
	return report.HostResult{Host: host, Report: r, Err: err, Duration: time.Since(start)}
}
