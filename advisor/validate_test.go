package advisor

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

func TestValidateJob(t *testing.T) {
	if err := ValidateJob(Options{Command: job.CommandInspect, ExpectTables: -1}); !errors.Is(err, exitcode.ErrUsage) {
		t.Errorf("negative --expect-tables: got %v", err)
	}
	if err := ValidateJob(Options{Command: job.CommandInspect}); err != nil {
		t.Errorf("inspect has no calibration flags to check: %v", err)
	}
	if err := ValidateJob(Options{Command: job.CommandAudit, ExpectTables: 1000, Bench: server.BenchOptions{Tables: 100, Budget: time.Minute, Precision: 0.05, LockWaitTimeout: time.Second, Footprint: footprint.Options{MaxThreadsRunning: 1, LoadWait: time.Second}}}); err != nil {
		t.Errorf("defaults refused: %v", err)
	}
	if err := ValidateJob(Options{Command: "bench", Bench: server.BenchOptions{}}); !errors.Is(err, exitcode.ErrUsage) {
		t.Errorf("bench with zero flags: got %v", err)
	}
}

// TestValidateJobSaysWhereItRuns: the rules between --sandbox,
// --what-if-sandbox, --server-variants, the sandbox's flags and the
// connection flags are the job's, each a usage error naming the flags.
func TestValidateJobSaysWhereItRuns(t *testing.T) {
	bench := server.BenchOptions{Tables: 100, Budget: time.Minute, Precision: 0.05, LockWaitTimeout: time.Second,
		Footprint: footprint.Options{MaxThreadsRunning: 1, LoadWait: time.Second}}
	tests := []struct {
		name     string
		variants bool
		asked    Where
		want     string
	}{
		{"a live server", false, Where{ConnFlags: true}, ""},
		{"a sandbox with its flags", true, Where{Sandbox: true, SandboxFlags: true}, ""},
		{"a what-if sandbox of a live server", true, Where{WhatIf: true, ConnFlags: true}, ""},
		{"variants on a live server", true, Where{ConnFlags: true}, "--server-variants restarts servers"},
		{"both sandboxes", false, Where{Sandbox: true, WhatIf: true}, "exclude each other"},
		{"a sandbox and a server", false, Where{Sandbox: true, ConnFlags: true}, "leave out the connection flags"},
		{"sandbox flags without a sandbox", false, Where{SandboxFlags: true}, "--basedir and --sandbox-option describe the sandbox"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateJob(Options{Command: job.CommandAudit, Bench: bench, ServerVariants: tt.variants, Asked: tt.asked})
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("ValidateJob: %v, want nil", err)
			case tt.want != "" && (!errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("ValidateJob: %v, want a usage error saying %q", err, tt.want)
			}
		})
	}
}
