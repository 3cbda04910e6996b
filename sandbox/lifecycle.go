package sandbox

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// shutdownGrace is how long Shutdown waits after SIGTERM before SIGKILL.
const shutdownGrace = 30 * time.Second

// Shutdown stops the server and keeps the directory: SIGTERM, then up to 30 s
// (less if ctx ends first) for a clean shutdown, then SIGKILL of its process
// group. It returns nil once the process is gone, however it went; calling it
// again, or on a server that is not running, does nothing.
func (s *Sandbox) Shutdown(ctx context.Context) error {
	return s.ShutdownWithin(ctx, shutdownGrace)
}

// ShutdownWithin is Shutdown waiting up to grace before SIGKILL: a slow
// shutdown (innodb_fast_shutdown=0) of a large datadir takes minutes.
func (s *Sandbox) ShutdownWithin(ctx context.Context, grace time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.runningLocked() {
		s.proc = nil
		return nil
	}
	p := s.proc
	t0 := time.Now()
	if err := terminate(p.pid); err != nil {
		return fmt.Errorf("sandbox: signalling server pid %d: %w; are you the user that started it?", p.pid, err)
	}
	graceCtx, cancel := context.WithTimeout(ctx, grace)
	gone := p.waitExit(graceCtx)
	cancel()
	if !gone {
		why := fmt.Sprintf("did not shut down within %v", grace)
		if ctx.Err() != nil {
			why = "shutdown interrupted (" + ctx.Err().Error() + ")"
		}
		s.logf("server pid %d %s; killing it", p.pid, why)
		if err := s.killLocked(); err != nil {
			return err
		}
	}
	s.proc = nil
	s.logf("stopped server pid %d in %v", p.pid, time.Since(t0).Round(time.Millisecond))
	return nil
}

// Remove deletes the sandbox directory (datadir, logs, metadata). The server
// must not be running: call Shutdown or Kill first, or use Stop. Removing
// twice does nothing.
func (s *Sandbox) Remove() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.removed {
		return nil
	}
	if s.runningLocked() {
		return fmt.Errorf("sandbox: server pid %d is still running in %s: call Shutdown or Stop first", s.proc.pid, s.dir)
	}
	if !strings.HasPrefix(filepath.Base(s.dir), dirPrefix) {
		return fmt.Errorf("sandbox: refusing to remove %s: not named %s*; remove it by hand", s.dir, dirPrefix)
	}
	if err := removeSandboxDir(s.dir); err != nil {
		return fmt.Errorf("sandbox: removing %s: %w", s.dir, err)
	}
	s.removed = true
	s.logf("removed %s", s.dir)
	return nil
}

// Stop ends the server and removes the directory. The datadir is about to
// be deleted, so a clean shutdown would keep nothing: the server's process
// group is killed (milliseconds, where a shutdown takes a second or more on
// MySQL 8+). Use Shutdown to keep a datadir. It is idempotent.
// ctx is not consulted: a sandbox is stopped also after a Ctrl-C.
func (s *Sandbox) Stop(_ context.Context) error {
	if err := s.Kill(); err != nil {
		return err
	}
	return s.Remove()
}

// Kill sends SIGKILL to the server's process group, as a crash would, and
// waits (at most 10 s) until the kernel has reaped it. The directory stays,
// so Restart can bring the same server back. Killing a server that is not
// running does nothing.
func (s *Sandbox) Kill() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.killLocked(); err != nil {
		return err
	}
	s.logf("killed server pid %d", s.meta.PID)
	return nil
}

// Restart starts the server again on the same datadir, with the same
// arguments, socket and port, after Kill or Shutdown (InnoDB recovers after a
// kill), and waits until it is ready, bounded by the start timeout and ctx.
// On failure the new process is killed and the directory kept.
func (s *Sandbox) Restart(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.removed {
		return fmt.Errorf("sandbox: %s was removed: start a new sandbox", s.dir)
	}
	if s.runningLocked() {
		return fmt.Errorf("sandbox: server pid %d is still running: call Kill or Shutdown before Restart", s.proc.pid)
	}
	if s.meta.Port > 0 {
		if err := portFree(s.meta.Port); err != nil {
			return fmt.Errorf("sandbox: port %d is no longer free (%w): stop what uses it, or start a new sandbox", s.meta.Port, err)
		}
	}
	t0 := time.Now()
	if err := s.launch(ctx); err != nil {
		return err
	}
	s.logf("restarted server (pid %d) in %v", s.meta.PID, time.Since(t0).Round(time.Millisecond))
	return nil
}
