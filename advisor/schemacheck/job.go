package schemacheck

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
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
	ro, err := readOptions(o)
	if err != nil {
		return nil, err
	}
	d, err := sqlfile.ReadDumpFile(o.SchemaFile, ro)
	if err != nil {
		return nil, fmt.Errorf("%w: "+flagname.SchemaFile+": %w", exitcode.ErrUsage, tooLarge(err))
	}
	return d, nil
}

// CheckOnTarget loads the schema file (or a live server's schema) into a
// sandbox of the target (and of today's version with SourceBasedir) and
// returns what it found (report.SchemaOf makes it the report's schema
// section). Both sandboxes are stopped and removed
// whatever happens.
func CheckOnTarget(ctx context.Context, o Options) (*outcome.Schema, error) {
	var d *sqlfile.Dump
	var groups *Grouping
	var err error
	if o.SchemaFile != "" && o.TargetBasedir != "" {
		if o.Client, err = TargetClient(ctx, o.TargetBasedir); err != nil {
			return nil, err
		}
	}
	switch {
	case o.SchemaFile != "" && o.TargetBasedir != "" && grouped(o):
		d, groups, err = ReadGroupedFile(o)
	case o.SchemaFile != "":
		d, err = ReadFile(o)
	}
	if err != nil {
		return nil, err
	}
	if o.TargetBasedir == "" && (o.Target == "" || d == nil) {
		return nil, fmt.Errorf("%w: %w: give "+flagname.TargetBasedir+", a directory with its binaries: an extracted tarball, "+
			"a package root ("+flagname.Target+" mysql-9.7|mariadb-11.8|... fetches one by name: upgrade-advisor servers fetch), or / for the installed server; "+
			"every status (refused, runtime, reserved, rewritten, warned) is the target's own answer "+
			"(with "+flagname.Target+" and "+flagname.SchemaFile+" alone, the knowledge base checks the sql_mode each object was created with)", exitcode.ErrUsage, errNoTargetBinary)
	}
	if o.TargetBasedir == "" {
		return knowledgeOnly(d, o.Target)
	}
	return checkOnSandboxes(ctx, o, d, groups)
}

// grouped reports whether the check loads one schema of each group of the
// same definition: unless --no-group, and not for the query rehearsal,
// which needs every schema loaded.
func grouped(o Options) bool { return !o.NoGroup && o.WhileLoaded == nil }

// checkOnSandboxes is CheckOnTarget with the target's binaries: d (a
// file's, already grouped when groups is set), or without it the schema of
// the live server o.Live, grouped here, loaded on the sandboxes, then
// o.WhileLoaded run on them. Every server it opened or started is closed
// (the sandboxes stopped and removed) whatever happens.
func checkOnSandboxes(ctx context.Context, o Options, d *sqlfile.Dump, groups *Grouping) (schema *outcome.Schema, err error) {
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
		if grouped(o) {
			d, groups = GroupDump(d)
		}
	}
	sentWithTheirText(d)
	target, today, err := startBoth(ctx, o.TargetBasedir, o.SourceBasedir, o.Log)
	servers = append(servers, target, today)
	if err != nil {
		return nil, err
	}
	closeConns, err := sc.connect(ctx, target, today, SchemaNames(d))
	defer closeConns()
	if err != nil {
		return nil, err
	}
	schema, objects, err := checkLoaded(ctx, sc, d, target, today)
	if err != nil {
		return nil, err
	}
	groups.Apply(schema)
	schema.Duration = time.Since(began)
	if o.WhileLoaded != nil {
		if err := whileLoaded(ctx, o, sc, d, objects, target, today); err != nil {
			return nil, err
		}
	}
	return schema, nil
}

// connect opens sc's connections to the started sandboxes: the
// application's account's (given schemas) and root's, on the target and,
// when it runs, today's version. closeConns closes what was opened, also
// after an error.
func (sc *Servers) connect(ctx context.Context, target, today *server.Server, schemas []string) (closeConns func(), err error) {
	var opened []*sql.Conn
	closeConns = func() {
		for i := len(opened) - 1; i >= 0; i-- {
			_ = opened[i].Close()
		}
	}
	open := func(c *sql.Conn, err error) (*sql.Conn, error) {
		if err == nil {
			opened = append(opened, c)
		}
		return c, err
	}
	if sc.Target, err = open(target.AppTextConn(ctx, schemas)); err != nil {
		return closeConns, err
	}
	if sc.TargetAdmin, err = open(target.DB().Conn(ctx)); err != nil {
		return closeConns, err
	}
	if today == nil {
		return closeConns, nil
	}
	if sc.Today, err = open(today.AppTextConn(ctx, schemas)); err != nil {
		return closeConns, err
	}
	sc.TodayAdmin, err = open(today.DB().Conn(ctx))
	return closeConns, err
}

// checkLoaded checks d on the connected sandboxes (Check), runs its
// objects contained on the target and puts the dump's accounts through
// the target's account check: the schema section and its objects.
func checkLoaded(ctx context.Context, sc Servers, d *sqlfile.Dump, target, today *server.Server) (*outcome.Schema, []outcome.Object, error) {
	objects, notes, err := Check(ctx, sc, d)
	if err != nil {
		return nil, nil, err
	}
	ran, err := runContained(ctx, sc.Target, d, objects)
	if err != nil {
		return nil, nil, err
	}
	notes = append(append(notes, loaderNote), ran...)
	accounts, accountNotes := dumpAccounts(d, target.Inspection().Flavor)
	objects, notes = append(objects, accounts...), append(notes, accountNotes...)
	return Section(d, target, today, sc.Live != nil, objects, notes), objects, nil
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
		err = fmt.Errorf("the target ("+flagname.TargetBasedir+" %s): %w", targetBasedir, errs[0])
	}
	if sourceBasedir == "" {
		return started[0], nil, err
	}
	if errs[1] != nil {
		err = errors.Join(err, fmt.Errorf("today's version ("+flagname.SourceBasedir+" %s): %w", sourceBasedir, errs[1]))
	}
	return started[0], started[1], err
}

// knowledgeOnly is the schema check without the target's binaries: what
// the knowledge base can answer, and what it cannot, said.
func knowledgeOnly(d *sqlfile.Dump, target string) (*outcome.Schema, error) {
	fl, err := rules.ParseTarget(target, d.Writer.Vendor)
	if err != nil {
		return nil, fmt.Errorf("%w: "+flagname.Target+": %w", exitcode.ErrUsage, err)
	}
	accounts, accountNotes := dumpAccounts(d, fl)
	return &outcome.Schema{Source: d.File, Target: fl.String() + outcome.KnowledgeOnly,
		Objects: append(knowledgeCheck(d, fl), accounts...), SetAside: d.SetAside,
		Notes: append([]string{"only the sql_mode stored with each routine, trigger, event and view was checked, against the knowledge base; " +
			needsTarget + " needs the target's own server: give " + flagname.TargetBasedir + " (an extracted tarball, a root of upgrade-advisor servers fetch mysql-9.7|mariadb-11.8, or / for the installed server)"}, accountNotes...)}, nil
}
