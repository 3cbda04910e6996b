package sandbox

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Sandbox is a throwaway server started by Start, or re-attached by Open or
// Load. Its methods are safe for concurrent use.
type Sandbox struct {
	mu           sync.Mutex
	dir          string
	meta         Metadata
	proc         *proc // nil when no server process is known to run
	log          io.Writer
	startTimeout time.Duration
	removed      bool
	password     string // root's password with networking, "" otherwise
	// acct is the operating-system account the server runs as.
	acct runAs
	// app is the application's account, once made (AppDSN).
	app *appAccount
	// quick: started with Options.Quick.
	quick bool
	// copied is how the copy of Options.FromDatadir went.
	copied CopyDone
	// fromDatadir: the datadir is a copy of one the sandbox did not make.
	fromDatadir bool
	// phases is where the time of the last start went.
	phases StartPhases
}

// Dir is the sandbox directory.
func (s *Sandbox) Dir() string { return s.dir }

// Socket is the server's unix socket path.
func (s *Sandbox) Socket() string { return s.meta.Socket }

// Port is the TCP port on 127.0.0.1, or 0 when networking is off.
func (s *Sandbox) Port() int { return s.meta.Port }

// Datadir is the server's datadir.
func (s *Sandbox) Datadir() string { return s.meta.Datadir }

// DSN is a go-sql-driver/mysql DSN for root over the unix socket, or over
// TCP to 127.0.0.1 when networking is on (then with root's password), with
// timeout=5s.
func (s *Sandbox) DSN() string { return s.dsnConfig(5 * time.Second).FormatDSN() }

func (s *Sandbox) dsnConfig(timeout time.Duration) *mysql.Config {
	cfg := dsn(s.meta.Socket, s.meta.Port, timeout)
	cfg.Passwd = s.password
	return cfg
}

// Password is root's password, "" for a socket-only sandbox. Print it only
// where the user asked for it (`sandbox start`).
func (s *Sandbox) Password() string { return s.password }

// Flavor returns the server flavor ("mariadb", "mysql", "percona") and its
// version string as the server reports it (e.g. "10.11.19-MariaDB-0+deb12u1").
func (s *Sandbox) Flavor() (flavor, version string) { return string(s.meta.Flavor), s.meta.Version }

// PID is the server's process id (the last one, if it is not running).
func (s *Sandbox) PID() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.meta.PID
}

// Metadata returns a copy of the sandbox's metadata (sandbox.json).
func (s *Sandbox) Metadata() Metadata {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.meta
	m.Args = append([]string(nil), m.Args...)
	return m
}

// SetLog sets where progress lines go (nil: nowhere), e.g. for a sandbox
// re-attached with Open.
func (s *Sandbox) SetLog(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = w
}

// Running reports whether the server process is alive.
func (s *Sandbox) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.runningLocked()
}

func (s *Sandbox) runningLocked() bool {
	if s.proc == nil || s.proc.exited() {
		return false
	}
	return s.proc.done != nil || isServerProcess(s.proc.pid, s.meta.Datadir, s.meta.PIDFile)
}

// ErrorLogPath is the server's error log.
func (s *Sandbox) ErrorLogPath() string { return s.meta.ErrorLog }

// ErrorLogTail returns the last n lines of the server's error log ("" when
// it cannot be read, e.g. after Remove).
func (s *Sandbox) ErrorLogTail(n int) string { return logTail(s.meta.ErrorLog, n) }

// Phases returns where the time of the sandbox's last start went; zero
// for a sandbox re-attached with Open or Load.
func (s *Sandbox) Phases() StartPhases {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.phases
}

func (s *Sandbox) address() string {
	if s.meta.Port > 0 {
		return "127.0.0.1:" + strconv.Itoa(s.meta.Port)
	}
	return s.meta.Socket
}

func (s *Sandbox) logf(format string, args ...any) {
	if s.log != nil {
		fmt.Fprintf(s.log, "sandbox: "+format+"\n", args...)
	}
}
