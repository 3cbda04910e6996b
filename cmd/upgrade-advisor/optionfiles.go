package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

// programGroup is this tool's own option-file group, read with [client].
const programGroup = "upgrade-advisor"

// connFlags are the connection flags resolveConn reads, with their names
// in option files (and in the settings merged from files and environment).
var connFlags = []struct{ flag, key string }{
	{"host", "host"}, {"port", "port"}, {"user", "user"}, {"password", "password"}, {"socket", "socket"},
	{"ssl-mode", "ssl_mode"}, {"ssl-ca", "ssl_ca"}, {"ssl-cert", "ssl_cert"}, {"ssl-key", "ssl_key"},
	{"connect-timeout", "connect_timeout"},
}

// envConn reads the mysql client's environment variables.
func envConn() map[string]string {
	out := map[string]string{}
	for key, env := range map[string]string{"host": "MYSQL_HOST", "port": "MYSQL_TCP_PORT", "socket": "MYSQL_UNIX_PORT", "password": "MYSQL_PWD"} {
		if v, ok := os.LookupEnv(env); ok {
			out[key] = v
		}
	}
	return out
}

// defaultOptionFiles lists the files the mysql client reads, in order; later
// files win. extra (--defaults-extra-file) comes before ~/.my.cnf, as in mysql.
func defaultOptionFiles(extra string) []string {
	files := []string{"/etc/my.cnf", "/etc/mysql/my.cnf"}
	if extra != "" {
		files = append(files, extra)
	}
	if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".my.cnf"))
	}
	return files
}

// optionFileConn reads the [client] and [upgrade-advisor] groups of the
// option files. A missing default file is skipped; a file named with
// --defaults-file or --defaults-extra-file must exist.
func optionFileConn(c *cli.Context) (map[string]string, error) {
	out := map[string]string{}
	if c.Bool("no-defaults") {
		return out, nil
	}
	files, required := defaultOptionFiles(c.String("defaults-extra-file")), map[string]bool{c.String("defaults-extra-file"): true}
	if f := c.String("defaults-file"); f != "" {
		files, required = []string{f}, map[string]bool{f: true}
	}
	for _, path := range files {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) && !required[path] {
			continue
		}
		options, err := advisor.ClientOptionsOf(path, programGroup)
		if err != nil {
			return nil, fmt.Errorf("reading option file: %w (use --no-defaults to ignore option files)", err)
		}
		maps.Copy(out, options)
	}
	return out, nil
}

// resolveConn merges, lowest precedence first: environment, option files,
// flags given on the command line, as the mysql client does.
func resolveConn(c *cli.Context) (advisor.ConnOptions, error) {
	fromFiles, err := optionFileConn(c)
	if err != nil {
		return advisor.ConnOptions{}, err
	}
	fromFlags := map[string]string{}
	for _, f := range connFlags {
		if c.IsSet(f.flag) {
			fromFlags[f.key] = fmt.Sprint(c.Value(f.flag))
		}
	}
	if c.IsSet("password") {
		fmt.Fprintln(c.App.ErrWriter, "Warning: Using a password on the command line interface can be insecure.")
	}
	env := envConn()
	if dsn := c.String("dsn"); dsn != "" {
		env, fromFiles = withoutWhatTheDSNSays(dsn, env), withoutWhatTheDSNSays(dsn, fromFiles)
	}
	merged := mergeSettings(env, fromFiles, fromFlags)
	if c.Bool("password-prompt") {
		pw, err := promptPassword(c)
		if err != nil {
			return advisor.ConnOptions{}, err
		}
		merged["password"] = pw
	}
	o, err := connFromSettings(merged)
	if err != nil {
		return o, err
	}
	o.DSN = c.String("dsn")
	return o, nil
}

// withoutWhatTheDSNSays drops from the environment's or an option file's
// settings what --dsn says itself: its address always (a DSN names its
// server), its user and password when it gives them. Flags given on the
// command line still override the DSN.
func withoutWhatTheDSNSays(dsn string, settings map[string]string) map[string]string {
	out := maps.Clone(settings)
	for _, key := range []string{"host", "port", "socket"} {
		delete(out, key)
	}
	if parsed, err := mysql.ParseDSN(dsn); err == nil {
		if parsed.User != "" {
			delete(out, "user")
		}
		if parsed.Passwd != "" {
			delete(out, "password")
		}
	}
	return out
}

// mergeSettings layers maps; later layers win.
func mergeSettings(layers ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, l := range layers {
		for k, v := range l {
			out[k] = v
		}
	}
	return out
}

// connFromSettings builds connection options from merged settings.
func connFromSettings(s map[string]string) (advisor.ConnOptions, error) {
	o := advisor.ConnOptions{Host: s["host"], User: s["user"], Password: s["password"], Socket: s["socket"],
		TLS: advisor.TLSOptions{Mode: s["ssl_mode"], CA: s["ssl_ca"], Cert: s["ssl_cert"], Key: s["ssl_key"]}}
	if p := s["port"]; p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 || n > 65535 {
			return o, fmt.Errorf("%w: port %q: give a number from 1 to 65535", exitcode.ErrUsage, p)
		}
		o.Port = n
	}
	if t := s["connect_timeout"]; t != "" {
		d, err := parseTimeout(t)
		if err != nil {
			return o, err
		}
		o.ConnectTimeout = d
	}
	return o, nil
}

// parseTimeout accepts Go durations (10s) and plain seconds (10), as
// option files write connect_timeout.
func parseTimeout(s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%w: connect timeout %q: give seconds (10) or a duration (10s)", exitcode.ErrUsage, s)
	}
	return d, nil
}
