package advisor

import (
	"errors"
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
