package advisor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/bench/ddlfile"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// SchemaCheckOptions configure the check of an application's schema on the
// target's own server.
type SchemaCheckOptions struct {
	SchemaFile string
	// Live, without SchemaFile, is the server to read the schema from
	// (read-only), and Schemas the schemas to read (all but the server's
	// own when empty).
	Live     *ConnOptions
	Schemas  []string
	WithData bool
	// TargetBasedir holds the target's binaries (a tarball, an unpacked
	// package root, or "/" for the installed server).
	TargetBasedir string
	// SourceBasedir holds today's binaries: the same load runs there.
	SourceBasedir string
	// ServerVersion is today's version, for a file that does not say which
	// server wrote it.
	ServerVersion string
	// Target is the target version (--target): without TargetBasedir, the
	// knowledge base answers what it can for it.
	Target string
}

// ErrNoTargetBinary is a schema check without the target's binaries.
var ErrNoTargetBinary = errors.New("the schema check needs the target's own server")

// ReadSchemaFile reads --schema-file; a file the reader refuses is a usage
// error (exit 2) naming file:line, and nothing runs.
func ReadSchemaFile(o SchemaCheckOptions) (*ddlfile.Dump, error) {
	ro := ddlfile.ReadOptions{WithData: o.WithData}
	if o.ServerVersion != "" {
		fl, err := rules.ParseTarget(o.ServerVersion, "")
		if err != nil {
			return nil, fmt.Errorf("%w: --server-version: %w", ErrUsage, err)
		}
		ro.Writer = fl
	}
	d, err := ddlfile.ReadDumpFile(o.SchemaFile, ro)
	if err != nil {
		return nil, fmt.Errorf("%w: --schema-file: %w", ErrUsage, err)
	}
	return d, nil
}

// CheckSchemaOnTarget loads the schema file into a sandbox of the target
// (and of today's version with SourceBasedir) and adds the schema section
// to r. Both sandboxes are stopped and removed whatever happens.
func CheckSchemaOnTarget(ctx context.Context, r *report.Report, o SchemaCheckOptions) (err error) {
	var d *ddlfile.Dump
	if o.SchemaFile != "" {
		if d, err = ReadSchemaFile(o); err != nil {
			return err
		}
	}
	if o.TargetBasedir == "" && (o.Target == "" || d == nil) {
		return fmt.Errorf("%w: %w: give --target-basedir, a directory with its binaries: an extracted tarball, "+
			"a package root unpacked with scripts/servers.sh fetch mysql-9.7|mariadb-11.8, or / for the installed server; "+
			"every status (refused, runtime, reserved, rewritten, warned) is the target's own answer "+
			"(with --target and --schema-file alone, the knowledge base checks the sql_mode each object was created with)", ErrUsage, ErrNoTargetBinary)
	}
	if o.TargetBasedir == "" {
		return knowledgeOnly(r, d, o.Target)
	}
	began := time.Now()
	var servers []*server
	defer func() { err = closeAll(err, servers) }()
	sc := schemacheck.Servers{}
	if d == nil {
		live, err := openServer(ctx, *o.Live)
		servers = append(servers, live)
		if err != nil {
			return err
		}
		if sc.Live, err = live.db.Conn(ctx); err != nil {
			return err
		}
		defer sc.Live.Close()
		if d, err = schemacheck.ReadLive(ctx, sc.Live, o.Schemas, live.in.Address); err != nil {
			return fmt.Errorf("%w: reading the schema: %w", ErrUsage, err)
		}
	}
	target, err := startServer(ctx, sandbox.Options{Basedir: o.TargetBasedir}, ConnOptions{})
	servers = append(servers, target)
	if err != nil {
		return fmt.Errorf("the target (--target-basedir %s): %w", o.TargetBasedir, err)
	}
	if sc.Target, err = target.db.Conn(ctx); err != nil {
		return err
	}
	defer sc.Target.Close()
	var today *server
	if o.SourceBasedir != "" {
		today, err = startServer(ctx, sandbox.Options{Basedir: o.SourceBasedir}, ConnOptions{})
		servers = append(servers, today)
		if err != nil {
			return fmt.Errorf("today's version (--source-basedir %s): %w", o.SourceBasedir, err)
		}
		if sc.Today, err = today.db.Conn(ctx); err != nil {
			return err
		}
		defer sc.Today.Close()
	}
	objects, notes, err := schemacheck.Check(ctx, sc, d)
	if err != nil {
		return err
	}
	r.Schema = schemaSection(d, target, today, sc.Live != nil, objects, notes)
	r.Schema.DurationS = time.Since(began).Seconds()
	return nil
}

// knowledgeOnly is the schema check without the target's binaries: what
// the knowledge base can answer, and what it cannot, said.
func knowledgeOnly(r *report.Report, d *ddlfile.Dump, target string) error {
	fl, err := rules.ParseTarget(target, d.Writer.Vendor)
	if err != nil {
		return fmt.Errorf("%w: --target: %w", ErrUsage, err)
	}
	r.Schema = &report.Schema{Source: d.File, Target: fl.String() + " (knowledge base only: no server ran)",
		Objects: schemacheck.KnowledgeCheck(d, fl), SetAside: d.SetAside,
		Notes: []string{"only the sql_mode stored with each routine, trigger, event and view was checked, against the knowledge base; " +
			schemacheck.NeedsTarget + " needs the target's own server: give --target-basedir (scripts/servers.sh fetch mysql-9.7|mariadb-11.8, an extracted tarball, or / for the installed server)"}}
	return nil
}

// schemaSection builds the report's schema section.
func schemaSection(d *ddlfile.Dump, target, today *server, live bool, objects []report.SchemaObject, notes []string) *report.Schema {
	s := &report.Schema{Source: d.File, Target: target.in.Flavor.String() + " (sandbox)", Objects: objects,
		SetAside: d.SetAside, Notes: notes}
	if !d.Writer.Version.IsZero() {
		s.Notes = append([]string{"the file was written by " + d.Writer.String() + ": its executable comments were read as that server runs them"}, s.Notes...)
	}
	switch {
	case today != nil:
		s.Today = today.in.Flavor.String() + " (sandbox)"
	case live:
		s.Notes = append(s.Notes, "definitions compared with the live server's own (read only); no server of today's version loaded the schema (give --source-basedir): a load problem today's version has too is blamed on the target")
	default:
		s.Notes = append(s.Notes, "no server of today's version ran the same load (give --source-basedir): a problem today's version has too is blamed on the target")
	}
	return s
}

// NewSchemaReport is the report of a schema check that reads no saved
// server files: the schema section is its content.
func NewSchemaReport(toolVersion, schemaFile string) *report.Report {
	return &report.Report{SchemaVersion: report.SchemaVersion, Command: string(CommandCheck),
		Tool:     report.ToolInfo{Name: "upgrade-advisor", Version: toolVersion},
		Server:   report.ServerInfo{Address: schemaFile},
		Settings: map[string]report.SettingInfo{}, Findings: []report.FindingInfo{}}
}
