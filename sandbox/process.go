package sandbox

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// proc is a running (or finished) server process. For a child of this
// process, done is closed once it has been reaped; for a server re-attached
// with Open, done is nil and liveness is polled.
type proc struct {
	pid     int
	done    chan struct{}
	waitErr error // valid after done is closed
}

// startServer starts the server as acct in its own process group with
// stdout and stderr appended to logPath (files, not pipes: the server may
// outlive us).
// With a launcher (a package root's loader and its --library-path) the
// server runs through it.
func startServer(launcher []string, path string, args []string, logPath string, acct runAs) (*proc, error) {
	logf, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", logPath, err)
	}
	defer logf.Close()
	name := path
	if len(launcher) > 0 {
		name, args = launcher[0], append(append(append([]string(nil), launcher[1:]...), path), args...)
	}
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	// Own process group: a Ctrl-C in the terminal does not reach the server,
	// and Kill can signal the whole group.
	setOwnProcessGroup(cmd)
	acct.apply(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	p := &proc{pid: cmd.Process.Pid, done: make(chan struct{})}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// exited reports whether the process is gone.
func (p *proc) exited() bool {
	if p.done != nil {
		select {
		case <-p.done:
			return true
		default:
			return false
		}
	}
	return !pidAlive(p.pid)
}

// waitExit waits until the process is gone or ctx is done, and reports
// whether it is gone.
func (p *proc) waitExit(ctx context.Context) bool {
	if p.done != nil {
		select {
		case <-p.done:
			return true
		case <-ctx.Done():
			return p.exited()
		}
	}
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		if !pidAlive(p.pid) {
			return true
		}
		select {
		case <-ctx.Done():
			return !pidAlive(p.pid)
		case <-t.C:
		}
	}
}

// exitStatus describes how a child exited, for messages.
func (p *proc) exitStatus() string {
	if p.done == nil {
		return "exited"
	}
	select {
	case <-p.done:
	default:
		return "running"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return ee.ProcessState.String()
	}
	if p.waitErr != nil {
		return p.waitErr.Error()
	}
	return "exit status 0"
}

// pidAlive reports whether process pid exists and has a live thread. A
// server's main thread may exit before its other threads have finished
// shutting down: /proc/<pid>/stat then shows a zombie while the server still
// writes to its datadir, so every thread (/proc/<pid>/task) is looked at.
func pidAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if !pidExists(pid) {
		return false
	}
	_, ok := liveTask(pid)
	return ok
}

// liveTask returns the /proc directory of a thread of pid that is not a
// zombie, and whether there is one. When /proc cannot be read the process
// counts as alive (kill(0) said it exists).
func liveTask(pid int) (string, bool) {
	base := filepath.Join("/proc", strconv.Itoa(pid))
	tasks, err := os.ReadDir(filepath.Join(base, "task"))
	if err != nil {
		return base, !os.IsNotExist(err)
	}
	for _, t := range tasks {
		dir := filepath.Join(base, "task", t.Name())
		stat, err := os.ReadFile(filepath.Join(dir, "stat"))
		if err != nil {
			continue
		}
		// Format: pid (comm) state ...; comm may contain spaces and parentheses.
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] != 'Z' && stat[i+2] != 'X' {
			return dir, true
		}
	}
	return "", false
}

// isServerProcess reports whether pid is alive and is the server of a
// sandbox: its command line holds the sandbox's --datadir and --pid-file
// (which the initialisation never gets), so that a recycled pid is never
// signalled. The program name is not looked at: through a package root's
// loader argv[0] is ld-linux, not mysqld. The command line is read from a
// live thread, as the main thread's is empty once it has exited.
func isServerProcess(pid int, datadir, pidFile string) bool {
	if pid <= 0 {
		return false
	}
	dir, ok := liveTask(pid)
	if !ok || dir == "" {
		return false
	}
	raw, err := os.ReadFile(filepath.Join(dir, "cmdline"))
	if err != nil || len(raw) == 0 {
		return false
	}
	var hasData, hasPID bool
	for _, a := range strings.Split(strings.TrimRight(string(raw), "\x00"), "\x00") {
		hasData = hasData || a == "--datadir="+datadir
		hasPID = hasPID || pidFile == "" || a == "--pid-file="+pidFile
	}
	return hasData && hasPID
}

// dsn builds the go-sql-driver DSN of a sandbox: root without password over
// the unix socket, or over TCP to 127.0.0.1:port.
func dsn(socket string, port int, timeout time.Duration) *mysql.Config {
	cfg := mysql.NewConfig()
	cfg.User = "root"
	if port > 0 {
		cfg.Net, cfg.Addr = "tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	} else {
		cfg.Net, cfg.Addr = "unix", socket
	}
	cfg.Timeout = timeout
	return cfg
}

// readyPoll is how often a starting server is asked whether it is ready.
const readyPoll = 10 * time.Millisecond

// errServerExited is returned by waitReady when the server process exits.
var errServerExited = errors.New("server exited during start-up")

// waitReady polls until the server answers on its socket or port and is the
// server we started (its @@pid_file is ours), the process exits, timeout
// passes, or ctx is done.
func waitReady(ctx context.Context, p *proc, cfg *mysql.Config, pidFile string, timeout time.Duration) error {
	parent := ctx
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	cfg.ReadTimeout = 5 * time.Second
	cfg.Logger = &mysql.NopLogger{} // "bad connection" noise while it starts
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return fmt.Errorf("DSN: %w", err)
	}
	db := sql.OpenDB(connector)
	defer db.Close()
	db.SetMaxIdleConns(0)

	var lastErr error
	tick := time.NewTicker(readyPoll)
	defer tick.Stop()
	for {
		if p.exited() {
			return fmt.Errorf("%w (%s)", errServerExited, p.exitStatus())
		}
		attempt, cancelAttempt := context.WithTimeout(ctx, 5*time.Second)
		var got string
		lastErr = stmt.QueryRow(attempt, db, "SELECT @@pid_file").Scan(&got)
		cancelAttempt()
		if lastErr == nil {
			if filepath.Clean(got) == filepath.Clean(pidFile) {
				return nil
			}
			return fmt.Errorf("another server answered on %s (its pid file is %s): choose another port", cfg.Addr, got)
		}
		select {
		case <-ctx.Done():
			if p.exited() {
				return fmt.Errorf("%w (%s)", errServerExited, p.exitStatus())
			}
			if parent.Err() == nil {
				return fmt.Errorf("server not ready within %v (last error: %v): %w; the machine may be overloaded: try again when it is less busy",
					timeout, lastErr, ctx.Err())
			}
			return fmt.Errorf("waiting for the server: %w", parent.Err())
		case <-p.doneChan():
		case <-tick.C:
		}
	}
}

// doneChan is p.done, or a nil channel (never ready) for re-attached processes.
func (p *proc) doneChan() <-chan struct{} { return p.done }

// Ports handed out by this process, so that two sandboxes started at once in
// one process never get the same one even if the kernel offers it twice.
var (
	portsMu   sync.Mutex
	portsUsed = map[int]bool{}
)

// freePort picks a free TCP port on 127.0.0.1 by listening on port 0.
func freePort() (int, error) {
	portsMu.Lock()
	defer portsMu.Unlock()
	var lastErr error
	for range 20 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			lastErr = err
			continue
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if !portsUsed[port] {
			portsUsed[port] = true
			return port, nil
		}
	}
	if lastErr == nil {
		lastErr = errors.New("the kernel kept offering ports already in use")
	}
	return 0, fmt.Errorf("finding a free port on 127.0.0.1: %w; give "+flagname.Port+" with "+flagname.Networking, lastErr)
}

// portFree reports whether 127.0.0.1:port can be bound now.
func portFree(port int) error {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return err
	}
	return l.Close()
}
