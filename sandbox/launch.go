package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// launch starts the server from s.meta, records its pid in sandbox.json and
// waits until it is ready. On failure the process is killed and reaped, and
// the error quotes what the server logged during this attempt.
func (s *Sandbox) launch(ctx context.Context) error {
	// A server killed with SIGKILL leaves its socket and pid file behind.
	_ = os.Remove(s.meta.Socket)
	_ = os.Remove(s.meta.PIDFile)
	logStart := fileSize(s.meta.ErrorLog)
	t0 := time.Now()
	p, err := startServer(s.meta.Launcher, s.meta.Binary, s.meta.Args, s.meta.ErrorLog, s.acct)
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	s.proc = p
	s.meta.PID = p.pid
	s.meta.Started = t0
	if err := writeMetadata(s.dir, s.meta); err != nil {
		s.killLocked()
		return fmt.Errorf("sandbox: %w", err)
	}
	err = waitReady(ctx, p, s.dsnConfig(time.Second), s.meta.PIDFile, s.startTimeout)
	if err == nil {
		s.phases.ready(s.meta.Socket, t0)
		return nil
	}
	s.killLocked()
	hint := ""
	if errors.Is(err, errServerExited) {
		hint = "; check the " + flagname.SandboxOption + " values and the messages below"
		if s.acct.dropped {
			hint += " (the server runs as the account " + s.acct.name + ": files an option names must be readable by it)"
		}
	}
	return fmt.Errorf("sandbox: %s %s did not start after %v: %w%s\nerror log (%s):\n%s",
		s.meta.Flavor, s.meta.Version, time.Since(t0).Round(time.Millisecond), err, hint,
		s.meta.ErrorLog, logExcerptFrom(s.meta.ErrorLog, logStart, 20))
}

// killWait bounds the wait for the kernel to reap a SIGKILLed server.
const killWait = 10 * time.Second

// killLocked SIGKILLs the server's process group and waits (bounded) until it
// is reaped. The caller holds s.mu or owns s exclusively.
func (s *Sandbox) killLocked() error {
	p := s.proc
	if p == nil {
		return nil
	}
	if p.exited() {
		s.proc = nil
		return nil
	}
	if p.done == nil && !isServerProcess(p.pid, s.meta.Datadir, s.meta.PIDFile) {
		s.proc = nil // the pid now belongs to someone else
		return nil
	}
	if err := killGroup(p.pid); err != nil {
		return fmt.Errorf("sandbox: killing server pid %d: %w", p.pid, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), killWait)
	defer cancel()
	if !p.waitExit(ctx) {
		return fmt.Errorf("sandbox: server pid %d still exists %v after SIGKILL (stuck in the kernel?); check `ps -o stat,wchan -p %d`", p.pid, killWait, p.pid)
	}
	s.proc = nil
	return nil
}
