package sandbox

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// DefaultStartTimeout bounds datadir initialisation and server start-up when
// Options.StartTimeout is zero.
const DefaultStartTimeout = 60 * time.Second

// Options configure Start. The zero value starts the installed server with
// networking off in a directory under os.TempDir().
type Options struct {
	// Basedir (--basedir) is an extracted MySQL/MariaDB tarball (bin/mariadbd
	// or bin/mysqld, scripts/mysql_install_db or bin/mariadb-install-db), or
	// an unpacked package root (usr/sbin/mariadbd or usr/sbin/mysqld, with its
	// own loader in usr/lib/<triplet> when it has one). Empty means the
	// installed binaries: PATH, /usr/sbin, /usr/local/mysql/bin.
	Basedir string
	// Dir is the parent of the sandbox directory; default os.TempDir(). Keep
	// it short: the socket lives in the sandbox directory and unix socket
	// paths are limited to 107 bytes.
	Dir string
	// ServerOptions are extra server options as "key=value" (or a bare "key"
	// for a boolean), passed as --key=value to the server, e.g.
	// "innodb_file_per_table=0" (--sandbox-option, --option on the command
	// line). The few that are fixed when the datadir is created
	// (initTimeOptions) go to the initialisation too. Keys are made of
	// [A-Za-z0-9_-]; a leading "--" is accepted. Options the sandbox manages
	// itself (datadir, socket, port, user, ...) are refused.
	ServerOptions []string
	// Networking makes the server listen on 127.0.0.1 at Port, or at a free
	// port chosen by the package when Port is 0, and gives root a random
	// password (see Sandbox.Password; DSN includes it). The default is
	// --skip-networking: unix socket only, root without a password.
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
	// Quick starts a sandbox nobody measures (a schema check) faster and
	// makes its DDL faster: no fsync per commit, reads through the page
	// cache, and on MySQL no performance schema and one rollback segment
	// (quickArgs). Never for a sandbox whose timings are measured or
	// reported (a rehearsal's, the calibration's): they run the version's
	// defaults. ServerOptions still win over these.
	Quick bool
	// FromDatadir, when set, is a datadir to start on instead of a fresh
	// one: a cold copy, a snapshot or a prepared physical backup. It is
	// only read; the sandbox runs on its own copy (reflinked where the
	// filesystem can). Replication does not start on it (skip-slave-start)
	// and Networking is needed: root gets the sandbox's password at start.
	FromDatadir string
	// CacheDir holds the initialised datadir of each server binary (and,
	// for root, server files the sandbox account can read); default
	// DefaultCacheDir.
	CacheDir string
}

// initTimeOptions are the server options that only take effect when the
// datadir is created, so they are given to the initialisation as well as to
// the server: the page size, the case of table names, the system tablespace
// and (on old servers) the redo and undo logs' files. Every other option
// shapes the running server only and goes to its start alone: an option that
// is fine for a server can break the bootstrap (sql_mode=ANSI_QUOTES breaks
// mariadb-install-db's SQL). Keys are normalised: lower case, '_' as '-'.
var initTimeOptions = map[string]bool{
	"innodb-page-size":          true,
	"lower-case-table-names":    true,
	"innodb-data-file-path":     true,
	"innodb-log-file-size":      true, // MySQL < 5.6.8 refuses a size other than the datadir's
	"innodb-log-files-in-group": true,
	"innodb-undo-tablespaces":   true, // MySQL 5.7: fixed at initialisation
}

// initArgs keeps the arguments ("--key=value") that name an initTimeOptions key.
func initArgs(args []string) []string {
	var out []string
	for _, a := range args {
		key, _, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		key = strings.TrimPrefix(strings.ReplaceAll(strings.ToLower(key), "_", "-"), "loose-")
		if initTimeOptions[key] {
			out = append(out, a)
		}
	}
	return out
}

// reservedOptions are set by the package; giving them in ServerOptions would
// break the sandbox (or leak a config file into it): the machine settings
// the sandbox sets itself (machineSettings) and the options below. Keys are
// normalised: lower case, '_' as '-'.
var reservedOptions = withMachineSettings(map[string]string{
	"no-defaults":                     "the sandbox always passes --no-defaults first",
	"defaults-file":                   "the sandbox never reads option files; pass the options themselves",
	"defaults-extra-file":             "the sandbox never reads option files; pass the options themselves",
	"defaults-group-suffix":           "the sandbox never reads option files",
	"print-defaults":                  "not a server option",
	"grant-tables":                    "the application's SQL runs with an account of limited rights: the grant tables must stay on",
	"initialize":                      "the sandbox initialises the datadir itself",
	"initialize-insecure":             "the sandbox initialises the datadir itself",
	"bootstrap":                       "the sandbox initialises the datadir itself",
	"daemonize":                       "the sandbox supervises the server process itself",
	"version":                         "not a server option",
	"help":                            "not a server option",
	"verbose":                         "not a server option",
	"auth-root-authentication-method": "the sandbox sets root's authentication itself",
})

// ValidateServerOption checks one Options.ServerOptions entry: "key=value" or
// "key", key made of [A-Za-z0-9_-], no newline or NUL anywhere, and not an
// option the sandbox manages itself. It returns the argument to pass, e.g.
// "--innodb_file_per_table=0".
func ValidateServerOption(opt string) (string, error) {
	if strings.ContainsAny(opt, "\n\r\x00") {
		return "", fmt.Errorf(flagname.SandboxOption+" %q contains a newline or NUL: give one option per entry", opt)
	}
	body := strings.TrimPrefix(opt, "--")
	key, _, _ := strings.Cut(body, "=")
	if key == "" {
		return "", fmt.Errorf(flagname.SandboxOption+" %q has no name: use key=value, e.g. innodb_file_per_table=0", opt)
	}
	if strings.HasPrefix(key, "-") {
		return "", fmt.Errorf(flagname.SandboxOption+" %q: give it as key=value without dashes, e.g. innodb_file_per_table=0", opt)
	}
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return "", fmt.Errorf(flagname.SandboxOption+" %q: name %q may only contain letters, digits, '_' and '-'", opt, key)
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
			return "", fmt.Errorf(flagname.SandboxOption+" %q is managed by the sandbox: %s", opt, r)
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
		return o, nil, fmt.Errorf("sandbox: "+flagname.Port+" %d given without "+flagname.Networking+": add "+flagname.Networking+" to listen on 127.0.0.1", o.Port)
	}
	if o.FromDatadir != "" && !o.Networking {
		return o, nil, fmt.Errorf("sandbox: a sandbox on a copied datadir needs Networking: root's password is set at its start")
	}
	if o.StartTimeout < 0 {
		return o, nil, fmt.Errorf("sandbox: negative start timeout %v", o.StartTimeout)
	}
	if o.StartTimeout == 0 {
		o.StartTimeout = DefaultStartTimeout
	}
	if o.Dir == "" {
		o.Dir = os.TempDir()
	}
	if o.CacheDir == "" {
		o.CacheDir = DefaultCacheDir()
	}
	abs, err := filepath.Abs(o.Dir)
	if err != nil {
		return o, nil, fmt.Errorf("sandbox: directory %q: %w", o.Dir, err)
	}
	o.Dir = abs
	return o, args, nil
}
