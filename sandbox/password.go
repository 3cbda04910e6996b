package sandbox

import (
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A sandbox with networking listens on 127.0.0.1, where any local user can
// connect, so its root account gets a random password: written 0600 to
// <dir>/root-password (read back by Load, so that another process's DSN has
// it) and set by the server itself from <dir>/root-password.sql, given as
// --init-file, before it accepts its first connection. A socket-only sandbox
// keeps root without a password: its directory is private to the user who
// started it. The password is part of DSN() and of nothing else the package
// prints or logs.

// passwordAlphabet avoids characters that need quoting in SQL, shells or DSNs.
const passwordAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"

// newPassword returns n random characters of passwordAlphabet.
func newPassword(n int) (string, error) {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	for i, b := range buf {
		// 256 is not a multiple of the alphabet's size: the bias is
		// negligible for a throwaway local password of 24 characters.
		buf[i] = passwordAlphabet[int(b)%len(passwordAlphabet)]
	}
	return string(buf), nil
}

// makePassword creates root's password in the sandbox directory dir and
// the --init-file that sets it on every root account a server may have
// created, readable by acct, the account the server runs as; it returns
// the password.
func makePassword(dir string, acct runAs) (string, error) {
	pw, err := newPassword(24)
	if err != nil {
		return "", fmt.Errorf("sandbox: generating root's password: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, passwordName), []byte(pw+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("sandbox: writing root's password: %w", err)
	}
	initFile := filepath.Join(dir, passwordSQL)
	if err := os.WriteFile(initFile, []byte(passwordStatements(pw, hostname())), 0o600); err != nil {
		return "", fmt.Errorf("sandbox: writing root's password: %w", err)
	}
	// The server reads its --init-file as the account it runs as.
	if err := acct.shareFile(initFile); err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	return pw, nil
}

// passwordStatements sets pw on every root account a server may have
// created (root@localhost, 127.0.0.1, ::1 and the machine's name: which exist
// depends on the server and its version, hence IF EXISTS) and drops the
// anonymous accounts older MariaDB install scripts create, which would let
// anyone in without a password.
func passwordStatements(pw, hostname string) string {
	hosts := []string{"localhost", "127.0.0.1", "::1"}
	if hostname != "" && !strings.ContainsAny(hostname, "'\\") {
		hosts = append(hosts, hostname)
	}
	var statements []string
	for _, host := range hosts {
		statements = append(statements, fmt.Sprintf("ALTER USER IF EXISTS 'root'@'%s' IDENTIFIED BY '%s'", host, pw))
	}
	for _, host := range hosts {
		statements = append(statements, fmt.Sprintf("DROP USER IF EXISTS ''@'%s'", host))
	}
	return stmt.Script(statements...)
}

// readPassword reads root's password of the sandbox in dir ("" when it has
// none: no networking).
func readPassword(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, passwordName))
	switch {
	case os.IsNotExist(err):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("reading root's password of %s: %w", dir, err)
	}
	return strings.TrimSpace(string(data)), nil
}

func hostname() string {
	h, _ := os.Hostname()
	return h
}
