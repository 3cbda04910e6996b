// Command sandboxtimes measures how long a sandbox takes to be ready: for
// each server given, -n starts in a row from an empty datadir cache of its
// own (the first initialises the datadir and keeps it; the others copy
// it), each timed from the call of sandbox.Start to the server's answer to
// its first query, then stopped. It prints the first, the median of the
// others, their range, and the machine's load average.
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

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

func main() {
	n := flag.Int("n", 10, "starts per server")
	dir := flag.String("dir", "/tmp", "parent of the sandboxes and of the throwaway caches")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: sandboxtimes [-n 10] BASEDIR... (/ for the installed server)")
		os.Exit(2)
	}
	fmt.Printf("| server | first start (s) | median of starts 2-%d (s) | min-max (s) | load average |\n|---|---|---|---|---|\n", *n)
	for _, basedir := range flag.Args() {
		if err := measure(basedir, *dir, *n); err != nil {
			fmt.Fprintln(os.Stderr, "sandboxtimes:", err)
			os.Exit(1)
		}
	}
}

// measure starts n sandboxes of basedir in a row from a cache of their own.
func measure(basedir, parent string, n int) error {
	cache, err := os.MkdirTemp(parent, "sandboxtimes-cache-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(cache)
	if err := os.Chmod(cache, 0o755); err != nil {
		return err
	}
	var times []float64
	var name string
	for range n {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		t0 := time.Now()
		sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: basedir, Dir: parent, CacheDir: cache})
		took := time.Since(t0).Seconds()
		cancel()
		if err != nil {
			return err
		}
		flavor, version := sb.Flavor()
		name = flavor + " " + version
		times = append(times, took)
		if err := sb.Stop(context.Background()); err != nil {
			return err
		}
	}
	rest := slices.Clone(times[1:])
	slices.Sort(rest)
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("| %s | %.2f | %.2f | %.2f-%.2f | %s |\n", name, times[0], median(rest), rest[0], rest[len(rest)-1],
		strings.Join(strings.Fields(string(load))[:3], " "))
	return nil
}

func median(sorted []float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	m := len(sorted) / 2
	if len(sorted)%2 == 1 {
		return sorted[m]
	}
	return (sorted[m-1] + sorted[m]) / 2
}
