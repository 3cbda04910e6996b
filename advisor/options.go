package advisor

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// Options of a job on one server: audit, inspect or bench, also on a
// sandbox or a what-if sandbox (check takes CheckOptions, compare
// CompareOptions).
type Options struct {
	Command     job.Command // audit, inspect or bench
	ToolVersion string
	Conn        server.ConnOptions
	// Workload overrides the class read from status counters ("" = decide from status).
	Workload string
	// Target is the --target version ("" = none).
	Target string
	// ConfigFile is a my.cnf to check against the target ("" = none).
	ConfigFile string
	// ExpectTables projects a setup that creates this many tables (0 = none;
	// audit only: the projection needs measured times).
	ExpectTables int
	// ShowAccounts lets findings name accounts (--show-accounts); otherwise
	// they count them by authentication plugin.
	ShowAccounts bool
	// ServerVariants also measures settings that need a restart on extra
	// sandboxes (only with a sandbox or what-if sandbox).
	ServerVariants bool
	// Sandbox says the server is a throwaway one this run started (SET
	// GLOBAL allowed); set from the server the job runs on.
	Sandbox bool
	// Asked is where the command line asked the job to run, for Validate.
	Asked Where
	Bench server.BenchOptions
	// Warn receives warnings for the user (stderr); nil discards them.
	Warn func(string)
	// Notes are added to the report (e.g. what --ddl-file ignored).
	Notes []string
}

// choices are the options every job reads before it connects.
func (o Options) choices() job.Choices {
	return job.Choices{Workload: o.Workload, Target: o.Target, ConfigFile: o.ConfigFile,
		ExpectTables: o.ExpectTables, ShowAccounts: o.ShowAccounts}
}

// job is what the calibration needs of these options.
func (o Options) job() server.Job {
	return server.Job{ToolVersion: o.ToolVersion, Bench: o.Bench, Warn: o.Warn}
}

// Where is where a job was asked to run: a sandbox it starts (--sandbox),
// a what-if sandbox of the server (--what-if-sandbox); and whether
// connection flags or the sandbox's flags (--basedir, --sandbox-option)
// were given.
type Where struct {
	Sandbox, WhatIf, ConnFlags, SandboxFlags bool
}
