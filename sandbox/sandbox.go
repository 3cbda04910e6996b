package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"
)

const (
	// shutdownGrace is how long Shutdown waits after SIGTERM before SIGKILL.
	shutdownGrace = 30 * time.Second
	// killWait bounds the wait for the kernel to reap a SIGKILLed server.
	killWait = 10 * time.Second
	// portAttempts is how often Start tries new free ports when another
	// process takes the chosen one first.
	portAttempts = 3
	// readyPoll is how often a starting server is asked whether it is ready.
	readyPoll = 10 * time.Millisecond
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
	// phases is where the time of the last start went.
	phases StartPhases
}

// Start initialises a fresh datadir in a new directory under opts.Dir, starts
// the server, and waits (bounded by opts.StartTimeout and ctx) until it
// answers a query as root. On failure nothing is left behind: the process is
// killed, the directory removed (unless opts.KeepOnFailure), and the error
// quotes the server's error log. The error wraps ErrNoServer when no server
// binary is installed.
func Start(ctx context.Context, opts Options) (*Sandbox, error) {
	if err := platformSupported(); err != nil {
		return nil, err
	}
	began := time.Now()
	o, extra, err := opts.normalize()
	if err != nil {
		return nil, err
	}
	acct, err := serverAccount()
	if err != nil {
		return nil, err
	}
	bin, method, err := chooseServer(ctx, o)
	if err != nil {
		return nil, err
	}
	if bin, err = acct.reachable(ctx, bin, o.CacheDir); err != nil {
		return nil, err
	}
	dir, err := makeSandboxDir(o.Dir, acct)
	if err != nil {
		return nil, err
	}
	s := &Sandbox{dir: dir, log: o.Log, startTimeout: o.StartTimeout, acct: acct, quick: o.Quick}
	ok := false
	defer func() {
		if !ok {
			s.abort(o.KeepOnFailure)
		}
	}()
	if err := s.initialise(ctx, o, bin, method, extra); err != nil {
		return nil, err
	}
	s.phases.Datadir = time.Since(began)
	if err := s.launchOnFreePort(ctx, o, bin, method, extra, began); err != nil {
		return nil, err
	}
	ok = true
	s.logf("started %s %s (pid %d, as %s) at %s in %v", bin.Flavor.Vendor, bin.Flavor.Raw, s.meta.PID, acct.name, s.address(), time.Since(began).Round(time.Millisecond))
	return s, nil
}

// chooseServer checks what can be checked before anything is created and
// finds the server binary and how to initialise its datadir.
func chooseServer(ctx context.Context, o Options) (*Binary, InitMethod, error) {
	// Worst case of os.MkdirTemp's random suffix: 10 digits.
	if err := checkSocketPath(filepath.Join(o.Dir, dirPrefix+"0123456789", socketName)); err != nil {
		return nil, 0, err
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, fmt.Errorf("sandbox: not started: %w", err)
	}
	bin, err := Detect(ctx, o.Basedir)
	if err != nil {
		return nil, 0, err
	}
	method, err := ChooseInit(bin.Flavor)
	if err != nil {
		return nil, 0, fmt.Errorf("sandbox: %s: %w", bin.Path, err)
	}
	if o.Networking && o.Port != 0 {
		if err := portFree(o.Port); err != nil {
			return nil, 0, fmt.Errorf("sandbox: port %d on 127.0.0.1 is not free (%w): choose another --port, or leave it out for a free one", o.Port, err)
		}
	}
	return bin, method, nil
}

// makeSandboxDir creates the sandbox's own directory under parent, one
// the account the server runs as can reach and write in.
func makeSandboxDir(parent string, acct runAs) (string, error) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("sandbox: creating %s: %w", parent, err)
	}
	if ok, where := acct.canReach(parent); !ok {
		return "", fmt.Errorf("sandbox: the server runs as %s, which cannot reach %s (stopped at %s): give --dir a directory every user can traverse, such as /tmp", acct.name, parent, where)
	}
	dir, err := os.MkdirTemp(parent, dirPrefix)
	if err != nil {
		return "", fmt.Errorf("sandbox: creating the sandbox directory in %s: %w; give --dir a writable directory", parent, err)
	}
	if err := acct.shareDir(dir); err != nil {
		_ = os.RemoveAll(dir)
		return "", fmt.Errorf("sandbox: giving %s to %s: %w", dir, acct.name, err)
	}
	return dir, nil
}

// initialise creates the sandbox's directories and files, and its datadir:
// a copy of the cached one of this binary, made on first use.
func (s *Sandbox) initialise(ctx context.Context, o Options, bin *Binary, method InitMethod, extra []string) error {
	if err := checkSocketPath(filepath.Join(s.dir, socketName)); err != nil {
		return err
	}
	for _, d := range []string{tmpName, filesName} {
		if err := os.Mkdir(filepath.Join(s.dir, d), 0o700); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		if err := s.acct.own(filepath.Join(s.dir, d)); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
	}
	if err := linkPlugins(bin, s.dir); err != nil {
		return fmt.Errorf("sandbox: the plugin directory: %w", err)
	}
	if err := createOwned(filepath.Join(s.dir, errorLogName), s.acct); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if makesOwnCertificate(bin) {
		if err := writeCertificate(s.dir, s.acct); err != nil {
			return fmt.Errorf("sandbox: the server's TLS certificate: %w", err)
		}
	}
	if o.Networking {
		if err := s.makePassword(); err != nil {
			return err
		}
	}
	return s.makeDatadir(ctx, o, bin, method, extra)
}

// makeDatadir copies the cached datadir of bin, or, when there is none
// (or it came from another build of the binary), initialises one and keeps
// it in the cache. Two processes starting sandboxes of one binary at once
// take turns on the entry's lock: one initialises, the other copies.
func (s *Sandbox) makeDatadir(ctx context.Context, o Options, bin *Binary, method InitMethod, extra []string) error {
	datadir := filepath.Join(s.dir, dataName)
	cache, err := newDatadirCache(o.CacheDir, bin, method, initArgs(extra))
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	for _, exclusive := range []bool{false, true} {
		unlock, err := cache.lock(ctx, exclusive)
		if err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		if cache.valid() {
			t0 := time.Now()
			src, err := cache.copyTo(datadir, s.quick)
			unlock()
			if err == nil {
				err = s.acct.ownTree(datadir)
			}
			if err != nil {
				return fmt.Errorf("sandbox: %w", err)
			}
			s.logf("datadir copied from the cache %s in %v", src, time.Since(t0).Round(time.Millisecond))
			return nil
		}
		if !exclusive {
			unlock()
			continue
		}
		t0 := time.Now()
		err = s.initDatadir(ctx, o, bin, method, extra)
		if err == nil {
			if serr := cache.save(datadir, bin.Flavor.Raw, time.Since(t0)); serr != nil {
				s.logf("not cached: %v", serr) // this sandbox still runs
			}
		}
		unlock()
		return err
	}
	return nil
}

// initDatadir initialises the sandbox's datadir with the binary's own
// method, as the account the server runs as.
func (s *Sandbox) initDatadir(ctx context.Context, o Options, bin *Binary, method InitMethod, extra []string) error {
	if err := writeLaunchers(bin, s.dir); err != nil {
		return fmt.Errorf("sandbox: writing the launchers of %s: %w", bin.Basedir, err)
	}
	path, args, err := initCommand(bin, method, s.dir, probeInstallDB(ctx, bin), initArgs(extra))
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	s.logf("initialising %s %s datadir in %s (%s, as %s)", bin.Flavor.Vendor, bin.Flavor.Raw, s.dir, method, s.acct.name)
	t0 := time.Now()
	if err := initDatadir(ctx, path, args, filepath.Join(s.dir, installLog), o.StartTimeout, s.acct); err != nil {
		return fmt.Errorf("sandbox: initialising the datadir with %s: %w", method, err)
	}
	s.logf("datadir initialised in %v", time.Since(t0).Round(time.Millisecond))
	return nil
}

// createOwned creates an empty file for the server to write (its error
// log: the tool opens it too, for the server's stdout and stderr).
func createOwned(path string, acct runAs) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	return acct.own(path)
}

// launchOnFreePort starts the server; when it picked the port itself and
// another process took that port meanwhile, it tries another one.
func (s *Sandbox) launchOnFreePort(ctx context.Context, o Options, bin *Binary, method InitMethod, extra []string, began time.Time) error {
	for attempt := 1; ; attempt++ {
		port := o.Port
		if o.Networking && port == 0 {
			var err error
			if port, err = freePort(); err != nil {
				return fmt.Errorf("sandbox: %w", err)
			}
		}
		s.meta = s.metadata(bin, method, port, extra, began)
		logStart := fileSize(s.meta.ErrorLog)
		err := s.launch(ctx)
		if err == nil {
			return nil
		}
		if o.Networking && o.Port == 0 && attempt < portAttempts &&
			strings.Contains(logSince(s.meta.ErrorLog, logStart), "already in use") {
			s.logf("port %d was taken meanwhile; trying another", port)
			continue
		}
		return err
	}
}

// metadata describes the sandbox as it is about to be launched.
func (s *Sandbox) metadata(bin *Binary, method InitMethod, port int, extra []string, began time.Time) Metadata {
	return Metadata{
		Socket:        filepath.Join(s.dir, socketName),
		Port:          port,
		Datadir:       filepath.Join(s.dir, dataName),
		Basedir:       bin.Basedir,
		Binary:        bin.Path,
		Launcher:      bin.Launcher(),
		Flavor:        bin.Flavor.Vendor,
		Version:       bin.Flavor.Raw,
		VersionOutput: bin.VersionOutput,
		InitMethod:    method.String(),
		Args:          serverArgs(bin, s.dir, port, s.password != "", s.quick, extra),
		PIDFile:       filepath.Join(s.dir, pidName),
		ErrorLog:      filepath.Join(s.dir, errorLogName),
		Created:       began,
	}
}

// serverArgs are the server's arguments; --no-defaults must come first. With
// a password, --init-file sets it before the server accepts connections.
// Every file the server writes is inside the sandbox directory: datadir,
// tmpdir, logs (error, general, slow), secure_file_priv; its plugin_dir is
// the sandbox's read-only directory of links to its bundled plugins; the
// event scheduler is off (an option in extra turns it on). A quick sandbox
// adds quickArgs; extra comes last, so that it wins.
func serverArgs(b *Binary, dir string, port int, password, quick bool, extra []string) []string {
	args := []string{"--no-defaults"}
	if b.Basedir != "" {
		args = append(args, "--basedir="+b.ServerDir())
	}
	args = append(args,
		"--datadir="+filepath.Join(dir, dataName),
		"--socket="+filepath.Join(dir, socketName),
		"--pid-file="+filepath.Join(dir, pidName),
		"--log-error="+filepath.Join(dir, errorLogName),
		// Not /tmp: a starting server deletes the #sql* files in its tmpdir,
		// including those of other servers sharing it.
		"--tmpdir="+filepath.Join(dir, tmpName),
		"--general-log-file="+filepath.Join(dir, generalLogName),
		"--slow-query-log-file="+filepath.Join(dir, slowLogName),
		"--plugin-dir="+filepath.Join(dir, pluginName),
		"--event-scheduler=OFF",
	)
	if port > 0 {
		args = append(args, "--port="+strconv.Itoa(port), "--bind-address=127.0.0.1")
	} else {
		args = append(args, "--skip-networking")
	}
	if b.Flavor.HasXPlugin() {
		// The X plugin would listen on 33060 and /tmp/mysqlx.sock: two
		// sandboxes (or a sandbox and a real server) would collide.
		args = append(args, "--loose-mysqlx=OFF")
	}
	if password {
		args = append(args, "--init-file="+filepath.Join(dir, passwordSQL))
	}
	args = append(args, certificateArgs(b, dir)...)
	args = append(args, buildArgs(b, dir)...)
	if quick {
		args = append(args, quickArgs(b)...)
	}
	return append(args, extra...)
}

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
		s.recordReady(t0)
		return nil
	}
	s.killLocked()
	hint := ""
	if errors.Is(err, errServerExited) {
		hint = "; check the --sandbox-option values and the messages below"
		if s.acct.dropped {
			hint += " (the server runs as the account " + s.acct.name + ": files an option names must be readable by it)"
		}
	}
	return fmt.Errorf("sandbox: %s %s did not start after %v: %w%s\nerror log (%s):\n%s",
		s.meta.Flavor, s.meta.Version, time.Since(t0).Round(time.Millisecond), err, hint,
		s.meta.ErrorLog, logExcerptFrom(s.meta.ErrorLog, logStart, 20))
}

// abort cleans up after a failed Start: kill the process, remove the directory.
func (s *Sandbox) abort(keep bool) {
	s.killLocked()
	if keep {
		s.logf("start failed; kept %s for inspection", s.dir)
		return
	}
	_ = removeSandboxDir(s.dir)
	s.removed = true
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
