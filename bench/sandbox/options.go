package sandbox

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DefaultStartTimeout bounds datadir initialisation and server start-up when
// Options.StartTimeout is zero.
const DefaultStartTimeout = 60 * time.Second

// Options configure Start. The zero value starts the installed server with
// networking off in a directory under os.TempDir().
type Options struct {
	// Basedir is an extracted MySQL/MariaDB tarball (bin/mariadbd or
	// bin/mysqld, scripts/mysql_install_db or bin/mariadb-install-db). Empty
	// means the installed binaries: PATH, /usr/sbin, /usr/local/mysql/bin.
	Basedir string
	// Dir is the parent of the sandbox directory; default os.TempDir(). Keep
	// it short: the socket lives in the sandbox directory and unix socket
	// paths are limited to 107 bytes.
	Dir string
	// ServerOptions are extra server options as "key=value" (or a bare "key"
	// for a boolean), passed as --key=value to the datadir initialisation and
	// to the server, e.g. "innodb_file_per_table=0". Keys are made of
	// [A-Za-z0-9_-]; a leading "--" is accepted. Options the sandbox manages
	// itself (datadir, socket, port, user, ...) are refused.
	ServerOptions []string
	// Networking makes the server listen on 127.0.0.1 at Port, or at a free
	// port chosen by the package when Port is 0. The default is
	// --skip-networking: unix socket only.
	Networking bool
	// Port for Networking; 0 chooses a free one. Setting it without
	// Networking is an error.
	Port int
	// StartTimeout bounds each of datadir initialisation and server start-up
	// (also for Restart). Default DefaultStartTimeout.
	StartTimeout time.Duration
	// Log, when set, receives one progress line per step ("initialising
	// datadir ...", "started ... in 1.2s").
	Log io.Writer
	// KeepOnFailure keeps the sandbox directory (datadir, logs) when Start
	// fails, for inspection. The server process is killed anyway.
	KeepOnFailure bool
}

// reservedOptions are set by the package; giving them in ServerOptions would
// break the sandbox (or leak a config file into it). Keys are normalised:
// lower case, '_' as '-'.
var reservedOptions = map[string]string{
	"no-defaults":                     "the sandbox always passes --no-defaults first",
	"defaults-file":                   "the sandbox never reads option files; pass the options themselves",
	"defaults-extra-file":             "the sandbox never reads option files; pass the options themselves",
	"defaults-group-suffix":           "the sandbox never reads option files",
	"print-defaults":                  "not a server option",
	"basedir":                         "use Options.Basedir",
	"datadir":                         "the datadir is <sandbox dir>/data",
	"socket":                          "the socket is <sandbox dir>/mysql.sock",
	"pid-file":                        "the pid file is <sandbox dir>/mysqld.pid",
	"log-error":                       "the error log is <sandbox dir>/error.log",
	"port":                            "use Options.Networking and Options.Port",
	"bind-address":                    "use Options.Networking (the sandbox listens on 127.0.0.1 only)",
	"skip-networking":                 "networking is off unless Options.Networking is set",
	"networking":                      "use Options.Networking",
	"tmpdir":                          "the tmpdir is <sandbox dir>/tmp",
	"user":                            "the sandbox passes --user=root when run as root",
	"initialize":                      "the sandbox initialises the datadir itself",
	"initialize-insecure":             "the sandbox initialises the datadir itself",
	"bootstrap":                       "the sandbox initialises the datadir itself",
	"daemonize":                       "the sandbox supervises the server process itself",
	"version":                         "not a server option",
	"help":                            "not a server option",
	"verbose":                         "not a server option",
	"auth-root-authentication-method": "root always has no password in a sandbox",
}

// ValidateServerOption checks one Options.ServerOptions entry: "key=value" or
// "key", key made of [A-Za-z0-9_-], no newline or NUL anywhere, and not an
// option the sandbox manages itself. It returns the argument to pass, e.g.
// "--innodb_file_per_table=0".
func ValidateServerOption(opt string) (string, error) {
	if strings.ContainsAny(opt, "\n\r\x00") {
		return "", fmt.Errorf("server option %q contains a newline or NUL: give one option per entry", opt)
	}
	body := strings.TrimPrefix(opt, "--")
	key, _, _ := strings.Cut(body, "=")
	if key == "" {
		return "", fmt.Errorf("server option %q has no name: use key=value, e.g. innodb_file_per_table=0", opt)
	}
	if strings.HasPrefix(key, "-") {
		return "", fmt.Errorf("server option %q: give it as key=value without dashes, e.g. innodb_file_per_table=0", opt)
	}
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return "", fmt.Errorf("server option %q: name %q may only contain letters, digits, '_' and '-'", opt, key)
		}
	}
	// Compare without the loose- prefix and the boolean prefixes, so that
	// e.g. loose-datadir or skip-log-error are refused too.
	norm := strings.TrimPrefix(strings.ReplaceAll(strings.ToLower(key), "_", "-"), "loose-")
	base := norm
	for _, prefix := range []string{"skip-", "enable-", "disable-"} {
		base = strings.TrimPrefix(base, prefix)
	}
	for _, k := range []string{norm, base} {
		if r, ok := reservedOptions[k]; ok {
			return "", fmt.Errorf("server option %q is managed by the sandbox: %s", opt, r)
		}
	}
	return "--" + body, nil
}

// normalize validates o and fills in defaults. The returned ServerOptions are
// the arguments to pass ("--key=value").
func (o Options) normalize() (Options, []string, error) {
	var args []string
	for _, opt := range o.ServerOptions {
		a, err := ValidateServerOption(opt)
		if err != nil {
			return o, nil, fmt.Errorf("sandbox: %w", err)
		}
		args = append(args, a)
	}
	if o.Port < 0 || o.Port > 65535 {
		return o, nil, fmt.Errorf("sandbox: port %d is out of range 1-65535 (0 picks a free port)", o.Port)
	}
	if o.Port != 0 && !o.Networking {
		return o, nil, fmt.Errorf("sandbox: Port %d given without Networking: set Networking to listen on 127.0.0.1", o.Port)
	}
	if o.StartTimeout < 0 {
		return o, nil, fmt.Errorf("sandbox: negative StartTimeout %v", o.StartTimeout)
	}
	if o.StartTimeout == 0 {
		o.StartTimeout = DefaultStartTimeout
	}
	if o.Dir == "" {
		o.Dir = os.TempDir()
	}
	abs, err := filepath.Abs(o.Dir)
	if err != nil {
		return o, nil, fmt.Errorf("sandbox: directory %q: %w", o.Dir, err)
	}
	o.Dir = abs
	return o, args, nil
}
