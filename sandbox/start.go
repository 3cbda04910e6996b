package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

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
	s := &Sandbox{dir: dir, log: o.Log, startTimeout: o.StartTimeout, acct: acct, quick: o.Quick, fromDatadir: o.FromDatadir != ""}
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
			return nil, 0, fmt.Errorf("sandbox: port %d on 127.0.0.1 is not free (%w): choose another "+flagname.Port+", or leave it out for a free one", o.Port, err)
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
		return "", fmt.Errorf("sandbox: the server runs as %s, which cannot reach %s (stopped at %s): give "+flagname.Dir+" a directory every user can traverse, such as /tmp", acct.name, parent, where)
	}
	dir, err := os.MkdirTemp(parent, dirPrefix)
	if err != nil {
		return "", fmt.Errorf("sandbox: creating the sandbox directory in %s: %w; give "+flagname.Dir+" a writable directory", parent, err)
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
		pw, err := makePassword(s.dir, s.acct)
		if err != nil {
			return err
		}
		s.password = pw
	}
	if o.FromDatadir != "" {
		return s.copyDatadir(o.FromDatadir)
	}
	return s.makeDatadir(ctx, o, bin, method, extra)
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

// portAttempts is how often Start tries new free ports when another
// process takes the chosen one first.
const portAttempts = 3

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
		Args:          serverArgs(bin, s.dir, port, s.password != "", s.quick, s.extraArgs(extra)),
		PIDFile:       filepath.Join(s.dir, pidName),
		ErrorLog:      filepath.Join(s.dir, errorLogName),
		Created:       began,
	}
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
