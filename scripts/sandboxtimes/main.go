// Command sandboxtimes measures how long a sandbox takes to be ready: for
// each server given, -n starts in a row from an empty datadir cache of its
// own (the first initialises the datadir and keeps it; the others copy
// it), each timed from the call of sandbox.Start to the server's answer to
// its first query, then stopped. It prints the first, the median of the
// others, their range, the median of each phase of the others (datadir
// ready, exec to socket bound, socket to first answer: sandbox.StartPhases)
// and the machine's load average.
//
//	go run ./scripts/sandboxtimes -n 10 / $(scripts/servers.sh root mariadb-10.5) \
//	    $(scripts/servers.sh root mysql-9.7) $(scripts/servers.sh root mariadb-11.8)
//
// "/" is the installed server.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

func main() {
	n := flag.Int("n", 10, "starts per server")
	dir := flag.String("dir", "/tmp", "parent of the sandboxes and of the throwaway caches")
	quick := flag.Bool("quick", false, "quick sandboxes (sandbox.Options.Quick), as a schema check starts")
	var options []string
	flag.Func("o", "server option key=value for every sandbox (repeatable), as "+flagname.SandboxOption, func(v string) error {
		options = append(options, v)
		return nil
	})
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: sandboxtimes [-n 10] [-quick] [-o key=value]... BASEDIR... (/ for the installed server)")
		os.Exit(2)
	}
	fmt.Printf("| server | first start (s) | median of starts 2-%d (s) | min-max (s) | datadir / server to socket / to answer, medians (s) | load average |\n|---|---|---|---|---|---|\n", *n)
	for _, basedir := range flag.Args() {
		if err := measure(basedir, *dir, *n, *quick, options); err != nil {
			fmt.Fprintln(os.Stderr, "sandboxtimes:", err)
			os.Exit(1)
		}
	}
}

// measure starts n sandboxes of basedir in a row from a cache of their own.
func measure(basedir, parent string, n int, quick bool, options []string) error {
	cache, err := os.MkdirTemp(parent, "sandboxtimes-cache-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(cache)
	if err := os.Chmod(cache, 0o755); err != nil {
		return err
	}
	var times, datadir, socket, answer []float64
	var name string
	for range n {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		t0 := time.Now()
		sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: basedir, Dir: parent, CacheDir: cache, ServerOptions: options, Quick: quick})
		took := time.Since(t0).Seconds()
		cancel()
		if err != nil {
			return err
		}
		flavor, version := sb.Flavor()
		name = flavor + " " + version
		times = append(times, took)
		ph := sb.Phases()
		datadir = append(datadir, ph.Datadir.Seconds())
		socket = append(socket, ph.Socket.Seconds())
		answer = append(answer, ph.Answer.Seconds())
		if err := sb.Stop(context.Background()); err != nil {
			return err
		}
	}
	rest := slices.Clone(times[1:])
	slices.Sort(rest)
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("| %s | %.2f | %.2f | %.2f-%.2f | %.2f / %.2f / %.2f | %s |\n", name, times[0], median(rest), rest[0], rest[len(rest)-1],
		median(datadir[1:]), median(socket[1:]), median(answer[1:]), strings.Join(strings.Fields(string(load))[:3], " "))
	return nil
}

// median of xs (sorted in place).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sorted := xs
	slices.Sort(sorted)
	m := len(sorted) / 2
	if len(sorted)%2 == 1 {
		return sorted[m]
	}
	return (sorted[m-1] + sorted[m]) / 2
}
