package server

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// defaultBench is what the command line gives without calibration flags.
func defaultBench() BenchOptions {
	return BenchOptions{Tables: bench.DefaultTables, Budget: bench.DefaultBudget, Precision: bench.DefaultPrecision,
		LockWaitTimeout: DefaultLockWaitTimeout, Footprint: footprint.Options{MaxThreadsRunning: footprint.DefaultMaxThreadsRunning, LoadWait: footprint.DefaultLoadWait}}
}

func manyTables(n int) bench.Workload {
	var w bench.Workload
	for i := range n {
		w.Creates = append(w.Creates, bench.Statement{SQL: "CREATE TABLE t (i INT)", Table: fmt.Sprint("t", i)},
			bench.Statement{SQL: "CREATE INDEX i ON t (i)"})
	}
	return w
}

func TestValidateBenchOptions(t *testing.T) {
	tests := []struct {
		desc   string
		change func(*BenchOptions)
		want   string // "" when valid
	}{
		{"defaults", func(*BenchOptions) {}, ""},
		{"classic protocol size", func(b *BenchOptions) { b.Tables = 1000 }, ""},
		{"largest table count", func(b *BenchOptions) { b.Tables = maxTables }, ""},
		{"exact rounds", func(b *BenchOptions) { b.Rounds = 10 }, ""},
		{"no tables", func(b *BenchOptions) { b.Tables = 0 }, "--tables 0"},
		{"negative tables", func(b *BenchOptions) { b.Tables = -3 }, "--tables -3"},
		{"too many tables", func(b *BenchOptions) { b.Tables = maxTables + 1 }, "give 1 to 5000"},
		{"zero budget", func(b *BenchOptions) { b.Budget = 0 }, "--budget 0s"},
		{"negative budget", func(b *BenchOptions) { b.Budget = -time.Second }, "--budget -1s"},
		{"negative rounds", func(b *BenchOptions) { b.Rounds = -1 }, "--rounds -1"},
		{"too many rounds", func(b *BenchOptions) { b.Rounds = maxRounds + 1 }, "--rounds 1001"},
		{"precision zero", func(b *BenchOptions) { b.Precision = 0 }, "--precision 0"},
		{"precision as a percentage", func(b *BenchOptions) { b.Precision = 5 }, "--precision 5"},
		{"lock wait below a second", func(b *BenchOptions) { b.LockWaitTimeout = 500 * time.Millisecond }, "--lock-wait-timeout 500ms"},
		{"no threads allowed", func(b *BenchOptions) { b.Footprint.MaxThreadsRunning = 0 }, "--max-threads-running 0"},
		{"no load wait", func(b *BenchOptions) { b.Footprint.LoadWait = 0 }, "--load-wait 0s"},
		{"DDL file within the limit", func(b *BenchOptions) { b.Workload = manyTables(maxTables) }, ""},
		{"DDL file beyond the limit", func(b *BenchOptions) { b.Workload = manyTables(maxTables + 1) }, "--ddl-file creates 5001 tables"},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			b := defaultBench()
			tc.change(&b)
			err := b.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("valid options refused: %v", err)
				}
				return
			}
			if !errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a usage error containing %q", err, tc.want)
			}
		})
	}
}
