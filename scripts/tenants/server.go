package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// withSandbox starts a fresh quick sandbox of basedir, runs fn with it and
// the command that runs one of the root's own client programs, and stops it.
func withSandbox(basedir string, o options, fn func(sb *sandbox.Sandbox, client func(program string, args ...string) *exec.Cmd) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	bin, err := sandbox.Detect(ctx, basedir)
	if err != nil {
		return err
	}
	sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: basedir, Quick: true, Dir: o.dir, ServerOptions: o.serverOptions})
	if err != nil {
		return err
	}
	defer sb.Stop(context.Background())
	client := func(program string, args ...string) *exec.Cmd {
		args = append([]string{"--no-defaults", "-S", sb.Socket(), "-uroot"}, args...)
		path := filepath.Join(basedir, "usr", "bin", program)
		if basedir == "/" || basedir == "" {
			path = program
		}
		if l := bin.Launcher(); len(l) > 0 {
			return exec.Command(l[0], append(append(l[1:], path), args...)...)
		}
		return exec.Command(path, args...)
	}
	return fn(sb, client)
}

// clientName is the root's client and dump programs.
func clientName(basedir string) (client, dumper string) {
	if _, err := os.Stat(filepath.Join(basedir, "usr", "bin", "mysqldump")); err == nil {
		return "mysql", "mysqldump"
	}
	return "mariadb", "mariadb-dump"
}

// load runs the client on file; errors of the file's statements are
// returned as the client printed them (--force goes on after each).
func load(client func(string, ...string) *exec.Cmd, program, file string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	cmd := client(program, "--force")
	cmd.Stdin = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	if err != nil && stderr.Len() == 0 {
		return "", fmt.Errorf("%s: %w", program, err)
	}
	return stderr.String(), nil
}

// dump loads the install script and writes the root's own dump of it.
func dump(basedir, in, out string, o options) error {
	program, dumper := clientName(basedir)
	return withSandbox(basedir, o, func(sb *sandbox.Sandbox, client func(string, ...string) *exec.Cmd) error {
		if errs, err := load(client, program, in); err != nil || errs != "" {
			return fmt.Errorf("loading %s: %v %s", in, err, errs)
		}
		schemas, err := client(program, "-N", "-e", "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'tenant%' ORDER BY 1").Output()
		if err != nil {
			return fmt.Errorf("listing the tenants: %w", err)
		}
		args := []string{"--no-data", "--routines", "--events", "--databases"}
		if dumper == "mysqldump" {
			args = append([]string{"--set-gtid-purged=OFF"}, args...)
		}
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		cmd := client(dumper, append(args, strings.Fields(string(schemas))...)...)
		cmd.Stdout, cmd.Stderr = f, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w", dumper, err)
		}
		return f.Close()
	})
}

// clientLoad times the root's own client loading file into a fresh sandbox.
func clientLoad(basedir, file string, o options) (float64, error) {
	program, _ := clientName(basedir)
	var secs float64
	err := withSandbox(basedir, o, func(sb *sandbox.Sandbox, client func(string, ...string) *exec.Cmd) error {
		began := time.Now()
		_, err := load(client, program, file)
		secs = time.Since(began).Seconds()
		return err
	})
	return secs, err
}
