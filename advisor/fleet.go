package advisor

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// HostResult is one server's outcome in a fleet run.
type HostResult struct {
	Host     string
	Report   *Report
	Err      error
	Duration time.Duration
}

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
func RunFleet(ctx context.Context, base Options, hosts []string, concurrency int) []HostResult {
	if concurrency < 1 {
		concurrency = 1
	}
	results := make([]HostResult, len(hosts))
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

func runHost(ctx context.Context, base Options, host string) HostResult {
	start := time.Now()
	o := base
	o.Bench.Progress = nil
	if base.Warn != nil {
		o.Warn = func(msg string) { base.Warn(host + ": " + msg) }
	}
	conn, err := hostConn(base.Conn, host)
	if err != nil {
		return HostResult{Host: host, Err: err, Duration: time.Since(start)}
	}
	o.Conn = conn
	r, err := Run(ctx, o)
	return HostResult{Host: host, Report: r, Err: err, Duration: time.Since(start)}
}

// FleetWorst is the exit-code view of a fleet: how many hosts failed, and
// the worst finding severity of the others.
func FleetWorst(results []HostResult) (failed int, worst rules.Severity, any bool) {
	for _, r := range results {
		if r.Err != nil {
			failed++
			continue
		}
		if w, ok := r.Report.Worst(); ok && (!any || w > worst) {
			worst, any = w, true
		}
	}
	return failed, worst, any
}

// RenderFleetText prints the summary table and each failure.
func RenderFleetText(w io.Writer, results []HostResult) error {
	fmt.Fprintf(w, "%-28s %-22s %-10s %-9s %-30s %s\n", "host", "server", "workload", "worst", "file_per_table_off speedup", "time")
	failed := 0
	for _, r := range results {
		if r.Err != nil {
			failed++
			fmt.Fprintf(w, "%-28s %-22s %-10s %-9s %-30s %.1fs\n", r.Host, "FAILED", "-", "error", "-", r.Duration.Seconds())
			continue
		}
		fmt.Fprintf(w, "%-28s %-22s %-10s %-9s %-30s %.1fs\n", r.Host, flavorName(r.Report.Server.Flavor)+" "+r.Report.Server.Version,
			r.Report.Workload.Class, worstLabel(r.Report), keySpeedup(r.Report), r.Duration.Seconds())
	}
	fmt.Fprintf(w, "\n%d host(s): %d ok, %d failed\n", len(results), len(results)-failed, failed)
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(w, "[!!] %s: %v\n", r.Host, r.Err)
		}
	}
	return nil
}

// RenderFleetJSONLines prints one JSON object per host: {"host", "report"}
// or {"host", "error"}.
func RenderFleetJSONLines(w io.Writer, results []HostResult) error {
	enc := json.NewEncoder(w)
	for _, r := range results {
		line := struct {
			Host      string  `json:"host"`
			DurationS float64 `json:"duration_s"`
			Report    *Report `json:"report,omitempty"`
			Error     string  `json:"error,omitempty"`
		}{Host: r.Host, DurationS: round(r.Duration.Seconds(), 2), Report: r.Report}
		if r.Err != nil {
			line.Error = r.Err.Error()
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}

func worstLabel(r *Report) string {
	if w, ok := r.Worst(); ok {
		return w.String()
	}
	return "none"
}

// keySpeedup is the file_per_table_off speedup with its interval, or why not.
func keySpeedup(r *Report) string {
	if r.Benchmark == nil {
		return "not measured (inspect)"
	}
	for _, v := range r.Benchmark.Variants {
		if v.Name != "file_per_table_off" {
			continue
		}
		if !v.Measured {
			return "not measured"
		}
		return v.Speedup.String()
	}
	return "-"
}
