package advisor

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
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
	markSandboxOptions(s.in, so.ServerOptions)
	return runOn(ctx, s, o, inputs)
}

// markSandboxOptions gives the settings of --sandbox-option the origin
// "sandbox-option": a sandbox has none of the user's option files, so such a
// value stands for how the audited server runs (an old version's default,
// say), not for a pin in an option file (--config checks the real ones).
func markSandboxOptions(in *inspection, options []string) {
	for _, o := range options {
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(o, "--"), "loose-"), "=")
		name = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(name), "-", "_"))
		if st, ok := in.Variables[name]; ok && st.Origin == rules.OriginConfig {
			st.Origin = rules.OriginSandbox
			in.Variables[name] = st
		}
	}
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
