// Package sandbox starts and stops throwaway MySQL/MariaDB servers from
// installed binaries, an extracted tarball or an unpacked package root, for the calibration
// benchmark (`--sandbox`), for `upgrade-advisor sandbox start|stop|list`, and
// for integration tests.
//
// # What a sandbox is
//
// Start creates a directory <Options.Dir>/upgrade-advisor-sandbox-NNNN that
// holds everything of one server, so that two sandboxes never collide:
//
//	data/          the datadir: a copy of the binary's cached one (see The datadir cache),
//	               or of Options.FromDatadir
//	tmp/           the server's tmpdir (a shared /tmp lets servers delete each other's files)
//	mysql.sock     the unix socket (kept short: socket paths are limited to 107 bytes)
//	mysqld.pid     the server's pid file
//	error.log      the server's error log (--log-error); server stdout/stderr go there too
//	general.log    general_log_file, and
//	slow.log       slow_query_log_file (both off, as by default)
//	files/         secure_file_priv (LOAD DATA, SELECT INTO OUTFILE stay inside the sandbox)
//	plugin/        plugin_dir: read-only links to the server's bundled plugin libraries
//	server-*.pem   MariaDB 11.4+: the server's own TLS certificate and key
//	sandbox.json   metadata: pid, socket, port, datadir, binary, launcher, version, args, times
//	root-password  with networking only: root's random password (0600), and
//	root-password.sql  the --init-file that sets it
//	install.log    output of the datadir initialisation (first sandbox of a binary)
//	launch/        package roots with a loader: launchers for mariadb-install-db
//
// The server binary is found in Options.Basedir (--basedir) or, when Basedir
// is empty, on PATH and in /usr/sbin, /usr/local/sbin, /usr/local/mysql/bin
// and /usr/libexec. A basedir is either an extracted tarball (bin/mysqld or
// bin/mariadbd) or an unpacked package root (usr/sbin/mysqld or
// usr/sbin/mariadbd, usr/share/mysql or usr/share/mariadb), as
// package serverfetch makes from Debian's packages. When such a root carries
// its own dynamic loader (usr/lib/<triplet>/ld-linux*.so*, because its
// binaries need a newer libc than the system's), every binary of the root
// runs as `<loader> --library-path <its lib dir> <binary> ...`, and
// mariadb-install-db, a shell script, gets a --basedir of launchers that do
// the same for the my_print_defaults, resolveip and mariadbd it calls. Its
// flavor and version come from `mariadbd --version`. The datadir is
// initialised as dbdeployer does:
//
//	MariaDB            mariadb-install-db (scripts/mysql_install_db in a tarball)
//	                   --auth-root-authentication-method=normal (10.4+) --skip-test-db
//	MySQL 5.7.6+       mysqld --initialize-insecure
//	MySQL 5.5 - 5.7.5  scripts/mysql_install_db
//
// In every case root@localhost has no password, and `--no-defaults` is the
// first option of every command so that /etc/mysql/my.cnf, ~/.my.cnf and
// friends never leak into a sandbox. Options.ServerOptions (--sandbox-option)
// are given to the server; only the few that are fixed when the datadir is
// created (innodb_page_size, lower_case_table_names, ...: initTimeOptions) go
// to the initialisation too, as any other option can break it (sql_mode with
// ANSI_QUOTES breaks mariadb-install-db).
//
// Nothing else is changed from the compiled defaults: the point of a sandbox
// is to measure the defaults (innodb_file_per_table, innodb_stats_persistent,
// flush settings, binary log) of the version at hand. The only additions are
// the paths above (tmpdir, the logs, plugin_dir, secure_file_priv), the
// event scheduler off (a ServerOptions entry turns it on), a package root's
// --lc-messages-dir and --character-sets-dir (its build has /usr/share/...
// compiled in), networking (--skip-networking by default, or
// --port/--bind-address=127.0.0.1 with Options.Networking) and, on MySQL 8.0+,
// --loose-mysqlx=OFF so that the X plugin does not grab port 33060 and
// /tmp/mysqlx.sock.
//
// The one exception is a quick sandbox (Options.Quick), for a job that
// measures nothing on it (the schema check): InnoDB reads through the page
// cache and does not fsync each commit or page flush, the doublewrite
// buffer is off and, on MySQL, so are the performance schema and all but
// one rollback segment (quickArgs). None of it changes what the server
// accepts or answers; the binary log keeps its default, as it does.
// Sandboxes that are measured (calibration, a rehearsal's) are never quick.
//
// # Passwords
//
// A socket-only sandbox has root without a password. With Networking, where
// any local user can reach 127.0.0.1, root gets a random password, set by the
// server from an --init-file before it accepts connections, kept 0600 in
// root-password, and part of DSN() (also for a handle from Open or Load);
// `sandbox start` prints it with the connection line, and nothing else does.
//
// # Contained
//
// A sandbox holds SQL the tool did not write (a dump, a live schema, logged
// queries), so nothing in it may reach outside its directory. No sandbox
// server runs as root: started by root, the server and the datadir's
// initialisation run as the system account SystemUser ("upgrade-advisor",
// created with useradd on first use: a group of its own, no home, no
// shell), with the credentials set before exec (no --user, nothing of the
// server runs as root). The sandbox directory is root's, group
// upgrade-advisor, mode 1770: the server writes its files there but cannot
// replace the tool's (sandbox.json, the password). Server files that account
// cannot read (a package root under root's mode-700 home) are hard-linked
// (copied across filesystems) into the cache once per basedir and build;
// root's home keeps its mode. Started by anyone else, the server runs as
// that user. Every path the server writes to is in its directory;
// plugin_dir is a read-only directory of links to the bundled plugins, so
// INSTALL PLUGIN and CREATE FUNCTION ... SONAME can load those and nothing
// written by SELECT ... INTO DUMPFILE (which lands in files/). The event
// scheduler is off. AppDSN gives the account the application's SQL runs
// with (AppUser): every right on the granted schemas, and beyond them only
// the session-only rights the application's statements need (its session's
// variables, SHOW of the replication state).
//
// # The datadir cache
//
// The first sandbox of a binary initialises its datadir and keeps a copy
// under CacheDir (DefaultCacheDir: /var/cache/upgrade-advisor/sandbox for
// root, ~/.cache/upgrade-advisor/sandbox otherwise), keyed by the binary's
// path and the initialisation options, stamped with its size, modification
// time and version (another build replaces the entry). Every later sandbox
// of it copies that datadir, leaving holes where it has them (most of a
// fresh datadir), owned by the server's account; MySQL's auto.cnf is left
// out so each server has its own UUID. The entry holds the datadir twice:
// data/ as the initialisation left it (MariaDB 10.8+ writes its 96 MB redo
// log in full), and quick/ with every block of zeros a hole, which both
// kinds copy: a quick sandbox keeps the holes, a measured one has its files
// allocated to their full size again (fallocate), as its own would be
// (entries of the format before quick/ are rebuilt). A lock per entry lets two processes
// start sandboxes of one binary at once: one initialises, the other waits
// and copies. ListCache and ClearCache (`sandbox cache [--clear]`) show and
// remove the entries. Stop kills the server: its datadir is removed anyway.
//
// # Lifetime
//
// The server runs in its own process group, so a Ctrl-C in the terminal
// reaches the tool but not the server, and the tool can stop it cleanly. Its
// output goes to files, not pipes, so it outlives the program that started it
// when nobody calls Stop: that is what `sandbox start` does. Open(dir)
// re-attaches to such a server from another process: the server is known by
// the pid it started (sandbox.json), checked to be alive with a command line
// holding the sandbox's --datadir and --pid-file, never by its program name
// (through a loader argv[0] is ld-linux). A process counts as alive while any
// of its threads is (the main thread can exit before those that shut InnoDB
// down). Stop then kills it (its datadir is removed anyway; Shutdown stops it
// cleanly and keeps the directory), returns once the process has exited,
// and only then removes the directory. List shows the sandboxes under a
// parent directory.
//
// Every wait is bounded: start-up by Options.StartTimeout (60 s by default)
// and by the context, shutdown by 30 s after which the process group is
// killed. When a start fails the process is killed, the directory removed,
// and the error quotes the error log, so a bad option such as
// innodb_no_such_option=1 fails in well under a second with the server's own
// "unknown variable" line.
//
// Fault tests use Kill (SIGKILL, the directory stays: a crash) and Restart
// (the same server on the same datadir, after Kill or Shutdown).
//
// # Platforms
//
// Sandboxes run on Linux and macOS (process groups and signals live in
// process_unix.go). On Windows the package builds, and Start, Detect, Load
// and List return ErrUnsupportedPlatform before anything runs.
//
// # Typical use
//
//	sb, err := sandbox.Start(ctx, sandbox.Options{ServerOptions: []string{"innodb_file_per_table=0"}})
//	if err != nil {
//		return err
//	}
//	defer sb.Stop(context.Background())
//	db, err := sql.Open("mysql", sb.DSN())
//
// Tests should use the helpers in package sandboxtest, which skip when no
// server binary is installed (fail under CI=true), honour
// UPGRADE_ADVISOR_TEST_DSN, and run a subtest per real server (EachServer).
//
// # Reading order
//
// Each file uses names of the files listed before it only, never of those
// after it (scripts/filecycles finds no cycle among them):
//
//	platform.go       ErrUnsupportedPlatform
//	process_unix.go   process groups and signals (process_windows.go: stubs)
//	runas_unix.go     the account the server runs as, file locks (runas_windows.go: stubs)
//	sandboxdir.go     the names inside a sandbox directory, its socket path's limit, its removal
//	cachedir.go       where the cache is (DefaultCacheDir), the names inside it
//	logs.go           reading logs: tails, excerpts, what a start added
//	binaries.go       Binary: a server binary and how to run it
//	version.go        --version: ParseVersionOutput, the output remembered per build
//	detect.go         finding the binary: FindServer, Detect
//	machine.go        the one list of machine-specific settings: IsMachineSetting
//	options.go        Options, ValidateServerOption, the options fixed at initialisation
//	validate.go       ValidateOptions: which options the binary refuses
//	init.go           initialising a datadir: InitMethod, its command, the launchers
//	quick.go          the options of a quick sandbox
//	tls.go            the server's own certificate (MariaDB 11.4+)
//	plugins.go        plugin_dir: links to the bundled plugins
//	serverargs.go     the server's arguments
//	sparse.go         block copies that leave blocks of zeros out
//	copy_linux.go     data extents, fallocate, reflinks, free space (copy_other.go: none of them)
//	copy.go           copyTree, copyFile
//	cacheentry.go     what a cache entry records: the build it was made from
//	cache.go          the datadir cache: its lock, saving an entry, copying it
//	cachelist.go      ListCache, ClearCache
//	reach.go          server files linked (or copied) where the server's account can read them
//	password.go       root's password and the --init-file that sets it
//	appaccount.go     the application account (AppUser) on a server
//	process.go        the server process: its start, liveness, readiness, ports
//	metadata.go       Metadata: sandbox.json
//	phases.go         StartPhases
//	sandbox.go        the Sandbox type and its accessors
//	launch.go         launching the server from the metadata, killing it
//	datadir.go        a sandbox's datadir: copied from the cache, or initialised
//	fromdatadir.go    a sandbox on a copy of a datadir it did not make (Options.FromDatadir): PlanDatadirCopy
//	copydone.go       CopyDone: how that copy went
//	start.go          Start
//	lifecycle.go      Shutdown, Remove, Stop, Kill, Restart
//	attach.go         Load, Open, List
//	appdsn.go         AppDSN
//	client.go         client programs: ClientPath, RootClient
//	upgrade.go        UpgradeTo, RunUpgradeTool, RestartLogged
package sandbox
