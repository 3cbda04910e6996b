package advisor

import (
	"context"
	"errors"
	"fmt"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
)

// SandboxStopTimeout bounds stopping and removing a sandbox, on a fresh
// context so it also runs after Ctrl-C.
const SandboxStopTimeout = 60 * time.Second

// RunOnSandbox starts a throwaway server, runs the job against it, and stops
// and removes it afterwards whatever happens (error, Ctrl-C).
func RunOnSandbox(ctx context.Context, o Options, so sandbox.Options) (report *report.Report, err error) {
	sb, err := sandbox.Start(ctx, so)
	if err != nil {
		return nil, fmt.Errorf("starting the sandbox server: %w", err)
	}
	defer func() { err = errors.Join(err, stopSandbox(sb)) }()
	o.Conn = ConnOptions{DSN: sb.DSN(), ConnectTimeout: o.Conn.ConnectTimeout}
	o.Sandbox, o.sandboxOptions = true, &so
	return Run(ctx, o)
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
