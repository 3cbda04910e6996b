package schemacheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// errNoTargetBinary is a schema check without the target's binaries.
var errNoTargetBinary = errors.New("the schema check needs the target's own server")

// ReadFile reads --schema-file; a file the reader refuses is a usage
// error (exit 2) naming file:line, and nothing runs.
func ReadFile(o Options) (*sqlfile.Dump, error) {
	ro := sqlfile.ReadOptions{WithData: o.WithData}
	if o.ServerVersion != "" {
		fl, err := rules.ParseTarget(o.ServerVersion, "")
		if err != nil {
			return nil, fmt.Errorf("%w: --server-version: %w", exitcode.ErrUsage, err)
		}
		ro.Writer = fl
	}
	d, err := sqlfile.ReadDumpFile(o.SchemaFile, ro)
	if err != nil {
		return nil, fmt.Errorf("%w: --schema-file: %w", exitcode.ErrUsage, err)
	}
	return d, nil
}

// CheckOnTarget loads the schema file (or a live server's schema) into a
// sandbox of the target (and of today's version with SourceBasedir) and
// returns what it found (report.SchemaOf makes it the report's schema
// section). Both sandboxes are stopped and removed
// whatever happens.
func CheckOnTarget(ctx context.Context, o Options) (schema *outcome.Schema, err error) {
	var d *sqlfile.Dump
	if o.SchemaFile != "" {
		if d, err = ReadFile(o); err != nil {
			return nil, err
		}
	}
	if o.TargetBasedir == "" && (o.Target == "" || d == nil) {
		return nil, fmt.Errorf("%w: %w: give --target-basedir, a directory with its binaries: an extracted tarball, "+
			"a package root unpacked with scripts/servers.sh fetch mysql-9.7|mariadb-11.8, or / for the installed server; "+
			"every status (refused, runtime, reserved, rewritten, warned) is the target's own answer "+
			"(with --target and --schema-file alone, the knowledge base checks the sql_mode each object was created with)", exitcode.ErrUsage, errNoTargetBinary)
	}
	if o.TargetBasedir == "" {
		return knowledgeOnly(d, o.Target)
	}
	began := time.Now()
	var servers []*server.Server
	defer func() { err = server.CloseAll(err, servers) }()
	sc := Servers{}
	if d == nil {
		live, err := server.Open(ctx, *o.Live)
		servers = append(servers, live)
		if err != nil {
			return nil, err
		}
		if sc.Live, err = live.DB().Conn(ctx); err != nil {
			return nil, err
		}
		defer sc.Live.Close()
		if d, err = ReadLive(ctx, sc.Live, o.Schemas, live.Inspection().Address); err != nil {
			return nil, fmt.Errorf("%w: reading the schema: %w", exitcode.ErrUsage, err)
		}
	}
	var groups *Grouping
	if !o.NoGroup && o.WhileLoaded == nil { // the query rehearsal needs every schema loaded
		d, groups = GroupDump(d)
	}
	target, today, err := startBoth(ctx, o.TargetBasedir, o.SourceBasedir, o.Log)
	servers = append(servers, target, today)
	if err != nil {
		return nil, err
	}
	schemas := SchemaNames(d)
	if sc.Target, err = target.AppConn(ctx, schemas); err != nil {
		return nil, err
	}
	defer sc.Target.Close()
	if sc.TargetAdmin, err = target.DB().Conn(ctx); err != nil {
		return nil, err
	}
	defer sc.TargetAdmin.Close()
	if today != nil {
		if sc.Today, err = today.AppConn(ctx, schemas); err != nil {
			return nil, err
		}
		defer sc.Today.Close()
		if sc.TodayAdmin, err = today.DB().Conn(ctx); err != nil {
			return nil, err
		}
		defer sc.TodayAdmin.Close()
	}
	objects, notes, err := Check(ctx, sc, d)
	if err != nil {
		return nil, err
	}
	ran, err := runContained(ctx, sc.Target, d, objects)
	if err != nil {
		return nil, err
	}
	notes = append(append(notes, loaderNote), ran...)
	accounts, accountNotes := dumpAccounts(d, target.Inspection().Flavor)
	objects, notes = append(objects, accounts...), append(notes, accountNotes...)
	schema = Section(d, target, today, sc.Live != nil, objects, notes)
	groups.Apply(schema)
	schema.Duration = time.Since(began)
	if o.WhileLoaded != nil {
		if err := whileLoaded(ctx, o, sc, d, objects, target, today); err != nil {
			return nil, err
		}
	}
	return schema, nil
}

// startBoth starts the target's sandbox and, with sourceBasedir, today's,
// at the same time, both quick (sandbox.Options.Quick: nothing of a schema
// check is measured). Whatever started is returned (nil otherwise), also
// with an error, for the caller to close.
func startBoth(ctx context.Context, targetBasedir, sourceBasedir string, log io.Writer) (target, today *server.Server, err error) {
	opts := []sandbox.Options{{Basedir: targetBasedir, Log: log, Quick: true}}
	if sourceBasedir != "" {
		opts = append(opts, sandbox.Options{Basedir: sourceBasedir, Log: log, Quick: true})
	}
	started, errs := server.StartAll(ctx, opts, server.ConnOptions{})
	if errs[0] != nil {
		err = fmt.Errorf("the target (--target-basedir %s): %w", targetBasedir, errs[0])
	}
	if sourceBasedir == "" {
		return started[0], nil, err
	}
	if errs[1] != nil {
		err = errors.Join(err, fmt.Errorf("today's version (--source-basedir %s): %w", sourceBasedir, errs[1]))
	}
	return started[0], started[1], err
}

// knowledgeOnly is the schema check without the target's binaries: what
// the knowledge base can answer, and what it cannot, said.
func knowledgeOnly(d *sqlfile.Dump, target string) (*outcome.Schema, error) {
	fl, err := rules.ParseTarget(target, d.Writer.Vendor)
	if err != nil {
		return nil, fmt.Errorf("%w: --target: %w", exitcode.ErrUsage, err)
	}
	accounts, accountNotes := dumpAccounts(d, fl)
	return &outcome.Schema{Source: d.File, Target: fl.String() + " (knowledge base only: no server ran)",
		Objects: append(knowledgeCheck(d, fl), accounts...), SetAside: d.SetAside,
		Notes: append([]string{"only the sql_mode stored with each routine, trigger, event and view was checked, against the knowledge base; " +
			needsTarget + " needs the target's own server: give --target-basedir (scripts/servers.sh fetch mysql-9.7|mariadb-11.8, an extracted tarball, or / for the installed server)"}, accountNotes...)}, nil
}

// Section is what the check found of d's objects on target (and today),
// with the notes that say how: the file's writer, what was set aside, what
// today's version could not tell.
func Section(d *sqlfile.Dump, target, today *server.Server, live bool, objects []outcome.Object, notes []string) *outcome.Schema {
	s := &outcome.Schema{Source: d.File, Target: target.Inspection().Flavor.String() + " (sandbox)", Objects: objects,
		SetAside: d.SetAside, Notes: append(append(append([]string{}, d.Notes...), setAsideNotes(d)...), notes...)}
	if !d.Writer.Version.IsZero() {
		s.Notes = append([]string{"the file was written by " + d.Writer.String() + ": its executable comments were read as that server runs them"}, s.Notes...)
	}
	switch {
	case today != nil:
		s.Today = today.Inspection().Flavor.String() + " (sandbox)"
	case live:
		s.Notes = append(s.Notes, "definitions compared with the live server's own (read only); no server of today's version loaded the schema (give --source-basedir): a load problem today's version has too is blamed on the target")
	default:
		s.Notes = append(s.Notes, "no server of today's version ran the same load (give --source-basedir): a problem today's version has too is blamed on the target")
	}
	return s
}

// maxSetAsideNamed bounds the set-aside statements named one by one.
const maxSetAsideNamed = 20

// setAsideNotes names the statements the check did not run, with their
// file:line and why (the server's own schemas have one note of their own).
func setAsideNotes(d *sqlfile.Dump) []string {
	var out []string
	rest := 0
	for _, s := range d.Steps {
		if s.Kind != sqlfile.StepSetAside || strings.HasPrefix(s.Reason, "the server's own schema") {
			continue
		}
		if len(out) == maxSetAsideNamed {
			rest++
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s set aside, not run: %s", s.Source(d.File), s.What, s.Reason))
	}
	if rest > 0 {
		out = append(out, fmt.Sprintf("%d more statements set aside, not run (counted under \"read and not loaded\")", rest))
	}
	return out
}
