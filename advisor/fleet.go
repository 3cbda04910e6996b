package advisor

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

// ReadHostsFile reads one DSN or host[:port] per line; blank lines and
// '#' comments are skipped.
func ReadHostsFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: reading --hosts: %w", ErrUsage, err)
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
		if _, err := hostConn(ConnOptions{}, entry); err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %w", ErrUsage, path, line, err)
		}
		hosts = append(hosts, entry)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: reading --hosts: %w", ErrUsage, err)
	}
	if len(hosts) == 0 {
		return nil, fmt.Errorf("%w: %s lists no hosts", ErrUsage, path)
	}
	return hosts, nil
}

// hostConn applies one hosts-file entry to the shared connection settings:
// a DSN replaces them (flags still override its user and password), a
// host[:port] sets host and port.
func hostConn(base ConnOptions, entry string) (ConnOptions, error) {
	o := base
	if strings.ContainsAny(entry, "@()/") {
		o.DSN, o.Host, o.Port, o.Socket = entry, "", 0, ""
		_, err := o.DriverConfig()
		return o, err
	}
	host, port := entry, 0
	if h, p, err := net.SplitHostPort(entry); err == nil {
		n, perr := strconv.Atoi(p)
		if perr != nil || n <= 0 || n > 65535 {
			return o, fmt.Errorf("bad port in %q", entry)
		}
		host, port = h, n
	}
	if host == "" {
		return o, fmt.Errorf("empty host in %q", entry)
	}
	o.Host, o.Port, o.Socket, o.DSN = host, port, "", ""
	return o, nil
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
	conn, err := hostConn(base.Conn, host)
	if err != nil {
		return report.HostResult{Host: host, Err: err, Duration: time.Since(start)}
	}
	o.Conn = conn
	r, err := Run(ctx, o)
	return report.HostResult{Host: host, Report: r, Err: err, Duration: time.Since(start)}
}
