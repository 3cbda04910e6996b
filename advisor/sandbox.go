package advisor

import (
	"context"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
)

// SandboxStopTimeout bounds stopping and removing a sandbox, on a fresh
// context so it also runs after Ctrl-C.
const SandboxStopTimeout = 60 * time.Second

// RunOnSandbox starts a throwaway server, runs the job against it, and stops
// and removes it afterwards whatever happens (error, Ctrl-C).
func RunOnSandbox(ctx context.Context, o Options, so sandbox.Options) (r *report.Report, err error) {
	inputs, err := readJobInputs(o)
	if err != nil {
		return nil, err
	}
	s, err := startServer(ctx, so, o.Conn)
	defer func() { err = closeAll(err, []*server{s}) }()
	if err != nil {
		return nil, err
	}
	return runOn(ctx, s, o, inputs)
}

// stopSandbox stops and removes a sandbox on a fresh context with its own
// timeout, so it also runs after Ctrl-C.
func stopSandbox(sb *sandbox.Sandbox) error {
	ctx, cancel := context.WithTimeout(context.Background(), SandboxStopTimeout)
	defer cancel()
	if err := sb.Stop(ctx); err != nil {
		return fmt.Errorf("removing the sandbox %s: %w", sb.Dir(), err)
	}
	return nil
}
