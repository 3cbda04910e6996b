// Package flagname is the one table of the command line's flag names: the
// flag definitions of cmd/upgrade-advisor take their names from it, and
// every message that names a flag of the tool takes it from here, so that
// a rename is one edit. A message uses the constant as it is written on
// the command line ("give " + flagname.SampleRows + " 1 or more"); a
// definition takes Bare of it. The options of other programs the tool runs
// or names (mysqld's --datadir, mysqldump's --single-transaction) are not
// the tool's flags and stay where they are used.
// cmd/upgrade-advisor's TestEveryFlagNameIsDefined holds the table and the
// definitions to each other.
package flagname

import "strings"

// The flags, as written on the command line. -h, -P, -S, -u, -p, -D, -o
// and -q are the short aliases of --host, --port, --socket, --user,
// --password, --database, --format and --quiet.
const (
	AbortFile         = "--abort-file"
	AllowBinlog       = "--allow-binlog"
	AllowSetGlobal    = "--allow-set-global"
	Basedir           = "--basedir"
	BinlogFormat      = "--binlog-format"
	Budget            = "--budget"
	CacheDir          = "--cache-dir"
	Clear             = "--clear"
	Color             = "--color"
	Concurrency       = "--concurrency"
	Config            = "--config"
	ConnectTimeout    = "--connect-timeout"
	Database          = "--database"
	Datadir           = "--datadir"
	DDLFile           = "--ddl-file"
	DefaultsExtraFile = "--defaults-extra-file"
	DefaultsFile      = "--defaults-file"
	Dir               = "--dir"
	DropFound         = "--drop-found"
	DSN               = "--dsn"
	ExpectTables      = "--expect-tables"
	FailOn            = "--fail-on"
	Format            = "--format"
	Help              = "--help"
	Host              = "--host"
	Hosts             = "--hosts"
	HTML              = "--html"
	InPlace           = "--in-place"
	Keyring           = "--keyring"
	LoadWait          = "--load-wait"
	LockWaitTimeout   = "--lock-wait-timeout"
	MaterialMS        = "--material-ms"
	MaterialPercent   = "--material-percent"
	MaxHistoryLength  = "--max-history-length"
	MaxPendingFsyncs  = "--max-pending-fsyncs"
	MaxThreadsRunning = "--max-threads-running"
	Mirror            = "--mirror"
	MycnfOut          = "--mycnf-out"
	Name              = "--name"
	Networking        = "--networking"
	NoDefaults        = "--no-defaults"
	NoGroup           = "--no-group"
	Option            = "--option"
	Pace              = "--pace"
	Password          = "--password"
	PasswordPrompt    = "--password-prompt"
	PauseFile         = "--pause-file"
	Port              = "--port"
	Precision         = "--precision"
	Queries           = "--queries"
	QueriesFormat     = "--queries-format"
	QueryBudget       = "--query-budget"
	QueryClasses      = "--query-classes"
	QueryTimeout      = "--query-timeout"
	Quiet             = "--quiet"
	Replication       = "--replication"
	ReplicationGTID   = "--replication-gtid"
	ReplicationSeed   = "--replication-seed"
	ReplicationWait   = "--replication-wait"
	Rounds            = "--rounds"
	SampleRows        = "--sample-rows"
	Sandbox           = "--sandbox"
	SandboxOption     = "--sandbox-option"
	SchemaFile        = "--schema-file"
	Schemas           = "--schemas"
	ScratchSchema     = "--scratch-schema"
	Server            = "--server"
	ServerVariants    = "--server-variants"
	ServerVersion     = "--server-version"
	SHA256            = "--sha256"
	ShowAccounts      = "--show-accounts"
	SlowerThan        = "--slower-than"
	Socket            = "--socket"
	Source            = "--source"
	SourceBasedir     = "--source-basedir"
	SourceOption      = "--source-option"
	SSLCA             = "--ssl-ca"
	SSLCert           = "--ssl-cert"
	SSLKey            = "--ssl-key"
	SSLMode           = "--ssl-mode"
	Status            = "--status"
	Tables            = "--tables"
	Tarball           = "--tarball"
	Target            = "--target"
	TargetBasedir     = "--target-basedir"
	TargetOption      = "--target-option"
	User              = "--user"
	Variables         = "--variables"
	Verbose           = "--verbose"
	Version           = "--version"
	WhatIfSandbox     = "--what-if-sandbox"
	WithData          = "--with-data"
	Workload          = "--workload"
)

// Bare is flag's name as its definition takes it: "sample-rows" for
// SampleRows.
func Bare(flag string) string {
	return strings.TrimPrefix(flag, "--")
}
