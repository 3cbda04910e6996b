// Command loadtest measures what upgrade-advisor's audit does to live traffic
// beside it, and what that traffic does to the audit's measurement.
//
// On a throwaway sandbox it runs sysbench oltp_read_write: first a short
// capacity probe at an unbounded rate, then a fixed --rate of a fraction of
// that capacity, alone and with `upgrade-advisor audit --allow-set-global`
// running beside it. It reports the traffic's transactions per second, p95
// and p99 latency and errors, alone and during the audit's calibration (the
// span in which its scratch schema existed), and the audit's speedups under
// load against the same server idle. Latency percentiles come from sysbench's
// own histogram, read per second (traffic.lua), so any window can be
// summarised exactly as sysbench would.
//
// Run it with scripts/loadtest.sh; the Go test in this directory is its short
// form.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

func main() {
	var c config
	flag.StringVar(&c.binary, "binary", "", "upgrade-advisor binary to audit with (required; scripts/loadtest.sh builds it)")
	flag.StringVar(&c.basedir, "basedir", "", "server root for the sandbox (default: the installed server)")
	flag.IntVar(&c.tables, "tables", 2, "sysbench tables")
	flag.IntVar(&c.rows, "rows", 20000, "rows per sysbench table")
	flag.IntVar(&c.threads, "threads", 4, "sysbench threads")
	flag.IntVar(&c.probeSeconds, "probe", 10, "seconds of the unbounded capacity probe")
	flag.Float64Var(&c.rateFraction, "rate-fraction", 0.5, "fixed rate as a fraction of the probed capacity")
	flag.IntVar(&c.rate, "rate", 0, "fixed rate in transactions/s (overrides -rate-fraction)")
	flag.IntVar(&c.seconds, "time", 60, "seconds of each fixed-rate run (raised to cover the audit beside it)")
	flag.IntVar(&c.leadIn, "lead-in", 5, "seconds of traffic before the audit starts")
	flag.DurationVar(&c.toggle, "toggle", 0, "hold the audit through its "+flagname.PauseFile+" every other period (e.g. 20s), to compare the traffic's seconds with the audit running and held within one run (0: never)")
	auditArgs := flag.String("audit-args", "", "extra audit options, space-separated (default: none; e.g. \""+flagname.Budget+" 15s\")")
	jsonOut := flag.String("json", "", "also write the results as JSON to this file")
	flag.Parse()
	c.auditArgs = strings.Fields(*auditArgs)
	c.poll = 200 * time.Millisecond
	c.log = os.Stderr
	if c.binary == "" {
		fmt.Fprintln(os.Stderr, "loadtest: -binary is required: go build -o /tmp/upgrade-advisor ./cmd/upgrade-advisor")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := run(ctx, c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		stop()
		os.Exit(1)
	}
	printText(os.Stdout, res)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(res, "", "  ")
		if err := os.WriteFile(*jsonOut, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			stop()
			os.Exit(1)
		}
	}
}
