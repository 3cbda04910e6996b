package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// upgradeBinName is the directory of the launchers an upgrade tool of a
// package root finds its client programs in.
const upgradeBinName = "upgrade-bin"

// UpgradeTo starts the stopped sandbox's datadir with another server
// binary (the basedir of a newer version, "" or "/" for the installed
// one), with options (the target's server options), as a package upgrade
// does; it waits until the server answers, and returns the binary and the
// error-log lines the first start wrote. On failure the process is killed,
// the directory kept (Remove or Stop clean it up), and the error quotes the
// log.
func (s *Sandbox) UpgradeTo(ctx context.Context, basedir string, options []string) (*Binary, []string, error) {
	extra, err := optionArgs(options)
	if err != nil {
		return nil, nil, err
	}
	bin, err := Detect(ctx, basedir)
	if err != nil {
		return nil, nil, err
	}
	if bin, err = s.acct.reachable(ctx, bin, DefaultCacheDir()); err != nil {
		return nil, nil, err
	}
	if err := linkPlugins(bin, s.dir); err != nil {
		return nil, nil, fmt.Errorf("sandbox: the plugin directory: %w", err)
	}
	if makesOwnCertificate(bin) {
		if err := writeCertificate(s.dir, s.acct); err != nil {
			return nil, nil, fmt.Errorf("sandbox: the server's TLS certificate: %w", err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.removed || s.runningLocked() {
		return nil, nil, fmt.Errorf("sandbox: %s must be shut down (and not removed) before another binary starts on it", s.dir)
	}
	m := s.meta
	m.Basedir, m.Binary, m.Launcher = bin.Basedir, bin.Path, bin.Launcher()
	m.Flavor, m.Version, m.VersionOutput = bin.Flavor.Vendor, bin.Flavor.Raw, bin.VersionOutput
	m.Args = serverArgs(bin, s.dir, m.Port, s.password != "", s.quick, s.extraArgs(extra))
	s.meta = m
	logStart := fileSize(m.ErrorLog)
	if err := s.launch(ctx); err != nil {
		return bin, logLinesFrom(m.ErrorLog, logStart), err
	}
	s.logf("started %s %s (pid %d) on the datadir of the previous version", bin.Flavor.Vendor, bin.Flavor.Raw, s.meta.PID)
	return bin, logLinesFrom(m.ErrorLog, logStart), nil
}

// optionArgs turns "key=value" options into server arguments, as Start does.
func optionArgs(options []string) ([]string, error) {
	_, extra, err := Options{ServerOptions: options}.normalize()
	return extra, err
}

// UpgradeRun is what a server's upgrade tool did.
type UpgradeRun struct {
	// Tool is the program run (mariadb-upgrade, mysql_upgrade).
	Tool     string
	Output   string
	Duration time.Duration
}

// ErrNoUpgradeTool is returned (wrapped) when bin has no upgrade tool.
var ErrNoUpgradeTool = errors.New("no mariadb-upgrade or mysql_upgrade found")

// RunUpgradeTool runs bin's own upgrade tool (mariadb-upgrade, or
// mysql_upgrade for MySQL before 8.0.16) against the running sandbox, as
// root over its socket. A package root's tool runs through the root's
// loader and finds its client programs (mariadb, mariadb-check) as
// launchers that use the loader too.
func (s *Sandbox) RunUpgradeTool(ctx context.Context, bin *Binary) (UpgradeRun, error) {
	tool := findUpgradeTool(bin)
	if tool == "" {
		return UpgradeRun{}, fmt.Errorf("sandbox: %w for %s %s", ErrNoUpgradeTool, bin.Flavor.Vendor, bin.Flavor.Raw)
	}
	args := []string{"--no-defaults", "--socket=" + s.meta.Socket, "--user=root"}
	if s.password != "" {
		args = append(args, "--password="+s.password)
	}
	name, cmdArgs := tool, args
	if bin.Loader != "" {
		bindir, err := writeClientLaunchers(bin, s.dir, filepath.Dir(tool))
		if err != nil {
			return UpgradeRun{}, fmt.Errorf("sandbox: %w", err)
		}
		// --argv0: the tool looks for its clients next to its argv[0].
		name = bin.Loader
		cmdArgs = append([]string{"--argv0", filepath.Join(bindir, filepath.Base(tool)), "--library-path", bin.LibraryDir, tool}, args...)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	t0 := time.Now()
	out, err := exec.CommandContext(ctx, name, cmdArgs...).CombinedOutput()
	run := UpgradeRun{Tool: filepath.Base(tool), Output: string(out), Duration: time.Since(t0)}
	if err != nil {
		return run, fmt.Errorf("sandbox: %s failed: %w; its output is in the report", run.Tool, err)
	}
	return run, nil
}

// findUpgradeTool looks for the upgrade tool next to bin's server.
func findUpgradeTool(bin *Binary) string {
	var dirs []string
	switch {
	case bin.Basedir == "":
		dirs = append([]string{filepath.Dir(bin.Path)}, searchDirs()...)
		dirs = append(dirs, "/usr/bin")
	default:
		dirs = []string{filepath.Join(bin.Basedir, "usr", "bin"), filepath.Join(bin.Basedir, "bin")}
	}
	for _, d := range dirs {
		for _, name := range []string{"mariadb-upgrade", "mysql_upgrade"} {
			if p := filepath.Join(d, name); isExecutable(p) {
				return p
			}
		}
	}
	return ""
}

// writeClientLaunchers writes <dir>/upgrade-bin with a launcher per program
// of bindir (the root's usr/bin), each running it through the root's loader.
func writeClientLaunchers(bin *Binary, dir, bindir string) (string, error) {
	out := filepath.Join(dir, upgradeBinName)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	entries, err := os.ReadDir(bindir)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		target := filepath.Join(bindir, e.Name())
		if !isExecutable(target) {
			continue
		}
		script := "#!/bin/sh\nexec " + shellQuote(bin.Loader) + " --library-path " + shellQuote(bin.LibraryDir) + " " + shellQuote(target) + " \"$@\"\n"
		if err := os.WriteFile(filepath.Join(out, e.Name()), []byte(script), 0o755); err != nil {
			return "", err
		}
	}
	return out, nil
}

// RestartLogged is Restart, returning the error-log lines of this start.
func (s *Sandbox) RestartLogged(ctx context.Context) ([]string, error) {
	offset := fileSize(s.meta.ErrorLog)
	err := s.Restart(ctx)
	return logLinesFrom(s.meta.ErrorLog, offset), err
}
