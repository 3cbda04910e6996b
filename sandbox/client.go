package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// clientConfigName is the option file, in the sandbox directory, that gives
// a client program root's account: only the invoking user can read it, so
// the password never appears on a command line or in the environment.
const clientConfigName = "client.cnf"

// ClientPath finds the first of names (e.g. "mariadb-dump", "mysqldump")
// among bin's client programs: next to the installed server and in
// /usr/bin for installed binaries, in the root's usr/bin or the tarball's
// bin otherwise. It returns "" when none is there.
func (b *Binary) ClientPath(names ...string) string {
	var dirs []string
	if b.Basedir == "" {
		dirs = append([]string{filepath.Dir(b.Path)}, searchDirs()...)
		dirs = append(dirs, "/usr/bin")
	} else {
		dirs = []string{filepath.Join(b.Basedir, "usr", "bin"), filepath.Join(b.Basedir, "bin")}
	}
	for _, name := range names {
		for _, d := range dirs {
			if p := filepath.Join(d, name); isExecutable(p) {
				return p
			}
		}
	}
	return ""
}

// RootClient returns the command that runs a client program of bin (a path
// ClientPath found) against the running sandbox as root over its socket,
// with args after the connection options. The program reads root's
// account from an option file in the sandbox directory that only the
// invoking user can read (--defaults-file, so no other option file is
// read); a package root's program runs through the root's loader.
func (s *Sandbox) RootClient(ctx context.Context, bin *Binary, program string, args ...string) (*exec.Cmd, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.removed {
		return nil, fmt.Errorf("sandbox: %s was removed", s.dir)
	}
	cnf := filepath.Join(s.dir, clientConfigName)
	body := "[client]\nuser=root\nsocket=" + s.meta.Socket + "\n"
	if s.password != "" {
		body += "password=" + s.password + "\n"
	}
	if strings.ContainsAny(s.meta.Socket, "\n\r") {
		return nil, fmt.Errorf("sandbox: the socket path %q holds a newline", s.meta.Socket)
	}
	if err := os.WriteFile(cnf, []byte(body), 0o600); err != nil {
		return nil, fmt.Errorf("sandbox: writing the client's option file: %w", err)
	}
	name, cmdArgs := bin.command(program, append([]string{"--defaults-file=" + cnf}, args...)...)
	return exec.CommandContext(ctx, name, cmdArgs...), nil
}

// RandomPassword is a password of the kind the sandbox gives its own
// accounts, for an account a caller creates in a sandbox.
func RandomPassword() (string, error) { return newPassword(24) }

// ClientCommand is the shell command that runs the root's own
// command-line client: mariadb (or mysql) for MariaDB, mysql for MySQL and
// Percona, found as ClientPath finds it, through the root's loader where
// its binaries need one; "" when the root has no client. A user pastes it
// to reach a sandbox of this root with the client of its own version.
func (b *Binary) ClientCommand() string {
	names := []string{"mysql"}
	if b.Flavor.IsMariaDB() {
		names = []string{"mariadb", "mysql"}
	}
	path := b.ClientPath(names...)
	if path == "" {
		return ""
	}
	if b.Basedir == "" {
		if p, err := exec.LookPath(filepath.Base(path)); err == nil && p == path {
			return filepath.Base(path) // the installed client, on PATH
		}
	}
	parts := append(b.Launcher(), path)
	for i, p := range parts {
		if strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%") != "" {
			parts[i] = shellQuote(p)
		}
	}
	return strings.Join(parts, " ")
}
