package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

// runJob runs audit, inspect or bench and prints the report.
func runJob(c *cli.Context, command advisor.Command) error {
	if err := noArgs(c); err != nil {
		return err
	}
	failOn := report.NeverFail() // bench has no --fail-on
	if command.FailsOnFindings() {
		var err error
		if failOn, err = report.ParseFailOn(c.String("fail-on")); err != nil {
			return err
		}
	}
	format, err := outputFormat(c)
	if err != nil {
		return err
	}
	opts, err := jobOptions(c, command)
	if err != nil {
		return err
	}
	if c.String("hosts") != "" {
		return runFleet(c, opts, format, failOn)
	}
	r, err := runOne(c, command, opts)
	clearProgress(c)
	if err != nil {
		return err
	}
	if err := render(c, r, format); err != nil {
		return err
	}
	return failOnFindings(r, failOn, command)
}

// jobOptions reads the flags of a job into advisor options; --ddl-file is
// parsed (and refused) here, before anything connects.
func jobOptions(c *cli.Context, command advisor.Command) (advisor.Options, error) {
	var err error
	opts := advisor.Options{
		Command: command, ToolVersion: version, Workload: c.String("workload"), Target: c.String("target"),
		ConfigFile: c.String("config"), ExpectTables: c.Int("expect-tables"), ShowAccounts: c.Bool("show-accounts"),
		Warn: func(msg string) { fmt.Fprintf(c.App.ErrWriter, "Warning: %s\n", msg) },
	}
	if !command.Measures() {
		return opts, advisor.ValidateJob(opts)
	}
	opts.Bench = benchOptions(c)
	opts.Bench.Progress = newProgress(c).update
	if opts.Bench.Footprint, err = footprintOptions(c, opts.Bench.Footprint); err != nil {
		return opts, err
	}
	notes, err := calibrationWorkload(c, &opts.Bench)
	if err != nil {
		return opts, err
	}
	opts.Notes = append(opts.Notes, notes...)
	opts.ServerVariants = c.Bool("server-variants")
	opts.Asked = advisor.Where{Sandbox: c.Bool("sandbox"), WhatIf: c.Bool("what-if-sandbox"), ConnFlags: anyConnFlag(c),
		SandboxFlags: c.IsSet("basedir") || c.IsSet("sandbox-option")}
	if err := advisor.ValidateJob(opts); err != nil {
		return opts, err
	}
	return opts, nil
}

// runOne runs the job against a sandbox, a what-if sandbox or the server
// the connection options name.
func runOne(c *cli.Context, command advisor.Command, opts advisor.Options) (*report.Report, error) {
	sandboxOpts := advisor.SandboxOptions{Log: progressLog(c), Basedir: c.String("basedir"), ServerOptions: c.StringSlice("sandbox-option")}
	if command.Measures() && c.Bool("sandbox") {
		opts.Conn.ConnectTimeout = c.Duration("connect-timeout")
		return advisor.RunOnSandbox(c.Context, opts, sandboxOpts)
	}
	conn, err := resolveConn(c)
	if err != nil {
		return nil, err
	}
	opts.Conn = conn
	if command.Measures() && c.Bool("what-if-sandbox") {
		return advisor.RunWhatIf(c.Context, opts, sandboxOpts)
	}
	return advisor.Run(c.Context, opts)
}

// failOnFindings turns findings at or above --fail-on into exit code 1.
func failOnFindings(r *report.Report, failOn report.FailOn, command advisor.Command) error {
	if worst, fails := failOn.Fails(r.Worst()); fails && command.FailsOnFindings() {
		return findingsError{worst: worst}
	}
	return nil
}

func anyConnFlag(c *cli.Context) bool {
	for _, f := range []string{"host", "port", "user", "password", "socket", "dsn"} {
		if c.IsSet(f) {
			return true
		}
	}
	return false
}

// reportChoices reads what every reporting command without positional
// arguments takes: --fail-on and --format.
func reportChoices(c *cli.Context) (report.FailOn, report.Format, error) {
	if err := noArgs(c); err != nil {
		return report.FailOn{}, 0, err
	}
	failOn, err := report.ParseFailOn(c.String("fail-on"))
	if err != nil {
		return report.FailOn{}, 0, err
	}
	format, err := outputFormat(c)
	return failOn, format, err
}

// outputFormat validates --format.
func outputFormat(c *cli.Context) (report.Format, error) {
	f, err := report.ParseFormat(c.String("format"))
	if err != nil {
		return f, fmt.Errorf("%w: --format: %w", exitcode.ErrUsage, err)
	}
	return f, nil
}

func render(c *cli.Context, r *report.Report, format report.Format) error {
	if err := writeOutputFiles(c, r.MyCnf, r); err != nil {
		return err
	}
	return report.Write(c.App.Writer, r, format, textStyle(c))
}

// textStyle is how --color and --verbose ask the report to be written.
func textStyle(c *cli.Context) report.TextStyle {
	return report.TextStyle{Color: useColor(c), Verbose: c.Bool("verbose")}
}

// writeOutputFiles writes --mycnf-out (the my.cnf) and --html (the report
// in HTML) when they are given.
func writeOutputFiles(c *cli.Context, mycnf string, r report.Document) error {
	if path := c.String("mycnf-out"); path != "" {
		if err := os.WriteFile(path, []byte(mycnf), 0o644); err != nil {
			return fmt.Errorf("writing --mycnf-out: %w", err)
		}
	}
	path := c.String("html")
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing --html: %w", err)
	}
	if err := report.Write(f, r, report.HTML, report.TextStyle{Verbose: c.Bool("verbose")}); err != nil {
		f.Close()
		return fmt.Errorf("writing --html: %w", err)
	}
	return f.Close()
}
