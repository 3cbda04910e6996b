package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// InitMethod is how a datadir is initialised for a flavor and version.
type InitMethod int

// Initialisation methods.
const (
	// InitMariaDBInstallDB runs mariadb-install-db (mysql_install_db in a
	// tarball's scripts/), for every MariaDB version.
	InitMariaDBInstallDB InitMethod = iota + 1
	// InitMySQLInitializeInsecure runs mysqld --initialize-insecure (MySQL
	// and Percona 5.7.6 and later).
	InitMySQLInitializeInsecure
	// InitMySQLInstallDB runs scripts/mysql_install_db (MySQL and Percona
	// 5.5, 5.6 and 5.7 before 5.7.6).
	InitMySQLInstallDB
)

func (m InitMethod) String() string {
	switch m {
	case InitMariaDBInstallDB:
		return "mariadb-install-db"
	case InitMySQLInitializeInsecure:
		return "mysqld --initialize-insecure"
	case InitMySQLInstallDB:
		return "mysql_install_db"
	}
	return fmt.Sprintf("InitMethod(%d)", int(m))
}

// ChooseInit returns the initialisation method for a server flavor.
func ChooseInit(f flavor.Flavor) (InitMethod, error) {
	v := f.Version
	switch {
	case f.IsMariaDB():
		if !v.AtLeast(5, 1, 0) {
			return 0, fmt.Errorf("MariaDB %s is too old for a sandbox: use 5.5 or later", v)
		}
		return InitMariaDBInstallDB, nil
	case f.IsMySQLFamily():
		switch {
		case !v.AtLeast(5, 1, 0):
			return 0, fmt.Errorf("MySQL %s is too old for a sandbox: use 5.5 or later", v)
		case f.InitializesItself():
			return InitMySQLInitializeInsecure, nil
		default:
			return InitMySQLInstallDB, nil
		}
	}
	return 0, fmt.Errorf("unknown server flavor %q", f.Vendor)
}

// installDBFeatures are the optional flags an install script understands.
type installDBFeatures struct {
	authRootMethod bool // --auth-root-authentication-method (MariaDB 10.4+)
	skipTestDB     bool // --skip-test-db (MDEV-12645; not in every old version)
}

// probeInstallDB reads `<script> --help` to learn which optional flags it
// understands: an unknown flag is passed on to mysqld, which then refuses to
// start. When --help fails, the version decides.
func probeInstallDB(ctx context.Context, b *Binary) installDBFeatures {
	feat := installDBFeatures{authRootMethod: b.Flavor.HasAuthRootOption()}
	if b.InstallDB == "" || !b.Flavor.IsMariaDB() {
		return feat
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, b.InstallDB, "--help").CombinedOutput()
	if err != nil && len(out) == 0 {
		return feat
	}
	help := string(out)
	return installDBFeatures{
		authRootMethod: strings.Contains(help, "--auth-root-authentication-method"),
		skipTestDB:     strings.Contains(help, "--skip-test-db"),
	}
}

// initCommand returns the command that initialises the datadir of the
// sandbox in dir. --no-defaults is always the first option; the package
// build's paths (buildArgs) and initArgs (the few server options that must be
// fixed at initialisation, see initTimeOptions) come last, as the install
// scripts pass unknown options on to the server. The sandbox's own tmpdir
// matters here already: a bootstrapping server deletes the #sql* files it
// finds in its tmpdir, so servers sharing /tmp break each other's
// initialisation (seen with parallel sandboxes). Binaries of a package root
// with its own loader run through it; mariadb-install-db, a shell script,
// is given the launchers of writeLaunchers as its --basedir.
func initCommand(b *Binary, m InitMethod, dir string, feat installDBFeatures, initArgs []string) (string, []string, error) {
	datadir := filepath.Join(dir, dataName)
	tmpdir := "--tmpdir=" + filepath.Join(dir, tmpName)
	args := []string{"--no-defaults"}
	var path string
	switch m {
	case InitMariaDBInstallDB, InitMySQLInstallDB:
		if b.InstallDB == "" {
			where := "on PATH or next to " + b.Path
			if b.Basedir != "" {
				where = "in " + b.Basedir + "/scripts, " + b.Basedir + "/bin or " + b.Basedir + "/usr/bin"
			}
			return "", nil, fmt.Errorf("%s %s needs mariadb-install-db or mysql_install_db, none found %s: install the package that ships it (Debian: mariadb-server) or give "+flagname.Basedir+" a complete tarball or package root",
				b.Flavor.Vendor, b.Flavor.Version, where)
		}
		path = b.InstallDB
		switch {
		case b.Loader != "":
			args = append(args, "--basedir="+filepath.Join(dir, launchName))
		case b.Basedir != "":
			args = append(args, "--basedir="+b.ServerDir())
		}
		args = append(args, "--datadir="+datadir, tmpdir)
		if m == InitMariaDBInstallDB {
			if feat.authRootMethod {
				args = append(args, "--auth-root-authentication-method=normal")
			}
			if feat.skipTestDB {
				args = append(args, "--skip-test-db")
			}
		}
	case InitMySQLInitializeInsecure:
		path = b.Path
		args = append(args, "--initialize-insecure")
		if b.Basedir != "" {
			args = append(args, "--basedir="+b.ServerDir())
		}
		args = append(args, "--datadir="+datadir, tmpdir)
	default:
		return "", nil, fmt.Errorf("unknown init method %v", m)
	}
	args = append(args, buildArgs(b, dir)...)
	args = append(args, initArgs...)
	if m == InitMySQLInitializeInsecure {
		path, args = b.command(path, args...)
	}
	return path, args, nil
}

// buildArgs are the options a server needs because of how it was built, for
// the initialisation and the server alike: the message and charset
// directories of a package root (its build has /usr/share/... compiled in),
// and secure_file_priv inside the sandbox (Debian's MySQL build compiles in
// /var/lib/mysql-files and aborts when it is missing; a sandbox must not read
// or write files elsewhere anyway).
func buildArgs(b *Binary, dir string) []string {
	var args []string
	if b.ShareDir != "" {
		args = append(args, "--lc-messages-dir="+b.ShareDir)
		if fileExists(filepath.Join(b.ShareDir, "charsets")) {
			args = append(args, "--character-sets-dir="+filepath.Join(b.ShareDir, "charsets"))
		}
	}
	return append(args, "--secure-file-priv="+filepath.Join(dir, filesName))
}

// writeLaunchers makes <dir>/launch look like a MariaDB install for
// mariadb-install-db --basedir: bin/my_print_defaults, bin/resolveip and
// sbin/mariadbd (and sbin/mysqld) are shell scripts that run the package root's binaries
// through its own loader; share and lib point at the root's.
func writeLaunchers(b *Binary, dir string) error {
	if b.Loader == "" {
		return nil
	}
	launch := filepath.Join(dir, launchName)
	root := filepath.Join(b.Basedir, "usr")
	for _, sub := range []string{"bin", "sbin"} {
		if err := os.MkdirAll(filepath.Join(launch, sub), 0o755); err != nil {
			return err
		}
	}
	for _, link := range []string{"share", "lib"} {
		if err := os.Symlink(filepath.Join(root, link), filepath.Join(launch, link)); err != nil {
			return err
		}
	}
	targets := map[string]string{
		"bin/my_print_defaults": filepath.Join(root, "bin", "my_print_defaults"),
		"bin/resolveip":         filepath.Join(root, "bin", "resolveip"),
		"sbin/mariadbd":         b.Path,
		// MariaDB 10.5's mariadb-install-db looks for sbin/mysqld
		"sbin/mysqld": b.Path,
	}
	for name, target := range targets {
		script := "#!/bin/sh\nexec " + shellQuote(b.Loader) + " --library-path " + shellQuote(b.LibraryDir) + " " + shellQuote(target) + " \"$@\"\n"
		if err := os.WriteFile(filepath.Join(launch, name), []byte(script), 0o755); err != nil {
			return err
		}
	}
	return nil
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// initDatadir runs the initialisation as acct, its output going to logPath,
// bounded by timeout and ctx. The script and the servers it spawns run in
// their own process group, killed as a whole on timeout or cancellation.
func initDatadir(ctx context.Context, path string, args []string, logPath string, timeout time.Duration, acct runAs) error {
	logf, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("creating %s: %w", logPath, err)
	}
	defer logf.Close()
	parent := ctx
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	setOwnProcessGroup(cmd)
	acct.apply(cmd)
	cmd.Cancel = func() error { return killProcessGroup(cmd.Process.Pid) }
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if err == nil {
		return nil
	}
	// Whatever happened, leave none of its processes behind.
	if cmd.Process != nil {
		_ = killProcessGroup(cmd.Process.Pid)
	}
	switch {
	case parent.Err() != nil:
		return fmt.Errorf("%s interrupted: %w", path, parent.Err())
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%s did not finish within %v: %w; the machine or disk may be overloaded: try again when it is less busy. Output:\n%s",
			path, timeout, ctx.Err(), errorWindow(logPath, 10))
	}
	return fmt.Errorf("%s failed: %w; check the server options. Output:\n%s", path, err, errorWindow(logPath, 10))
}
