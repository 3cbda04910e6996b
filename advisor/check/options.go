package check

import (
	"io"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// Options are the check's inputs, one field per flag of the command.
type Options struct {
	ToolVersion string
	// The saved settings: SHOW GLOBAL VARIABLES / STATUS output, a my.cnf,
	// or today's version on its compiled defaults.
	VariablesFile, StatusFile, ConfigFile, ServerVersion string
	Workload                                             string
	// Target is the version the rules judge against, and, when it names a
	// server the tool fetches, the schema check's binaries; Source names
	// today's binaries the same way.
	Target, Source string
	// TargetBasedir and SourceBasedir are binaries given by directory.
	TargetBasedir, SourceBasedir string
	// SchemaFile is a dump or install script to load on the sandboxes.
	SchemaFile string
	// WithData also loads the file's rows; NoGroup loads every schema of a
	// group of tenants.
	WithData, NoGroup bool
	// Live is today's live server, nil without connection flags: the
	// schema check and --queries live read it, read-only. Schemas are the
	// schemas to read from it (empty: all but the server's own); SchemasGiven
	// says --schemas was given even without a connection.
	Live         *server.ConnOptions
	Schemas      []string
	SchemasGiven bool
	// Queries is the query rehearsal, nil without --queries. SampleRows,
	// when SampleRowsGiven, bounds the rows read from the live server for it.
	Queries         *rehearse.QueryOptions
	SampleRows      int
	SampleRowsGiven bool
	// Fetch says where versions by name come from.
	Fetch serverfetch.Options
	// Log receives the sandboxes' start-up and stop lines (nil: none).
	Log io.Writer
}

// schemaCheck says whether the check loads a schema: a file, or a live
// server's.
func (o Options) schemaCheck() bool { return o.SchemaFile != "" || o.liveSchema() }

// liveSchema says whether the schema is read from today's live server.
func (o Options) liveSchema() bool { return o.SchemasGiven || o.Live != nil }

// Validate holds every rule between the check's options; each message
// names the flags and what to do.
func (o Options) Validate() error {
	switch {
	case o.liveSchema() && o.SchemaFile != "":
		return exitcode.Usage("the schema comes from " + flagname.SchemaFile + " or from a live server (" + flagname.Schemas + " and the connection flags), not both")
	case !o.schemaCheck() && o.WithData:
		return rehearse.ErrWithDataNeedsSchemaFile
	case !o.schemaCheck() && o.SourceBasedir != "":
		return exitcode.Usage(flagname.SourceBasedir + " goes with " + flagname.SchemaFile + " (or " + flagname.Schemas + "): today's binaries load the schema too")
	case o.Source != "" && o.SourceBasedir != "":
		return exitcode.Usage(flagname.Source + " and " + flagname.SourceBasedir + " both name binaries: give one")
	}
	return o.validateQueries()
}

// validateQueries holds the rules of --queries and --sample-rows: the
// statements run on the schema check's two sandboxes.
func (o Options) validateQueries() error {
	if err := o.Queries.Validate(); err != nil {
		return err
	}
	q := o.Queries
	if err := rehearse.ValidateSampleRows(o.SampleRowsGiven, o.SampleRows, q, o.Live != nil && o.SchemaFile == "", o.WithData); err != nil {
		return err
	}
	switch {
	case q == nil:
		return nil
	case !o.schemaCheck():
		return exitcode.Usage(flagname.Queries + " runs on the schema check's sandboxes: add " + flagname.SchemaFile + " (a dump, with " + flagname.WithData + " for its rows) and " + flagname.TargetBasedir + " and " + flagname.SourceBasedir)
	case o.TargetBasedir == "" && !serverfetch.Names(o.Target):
		return exitcode.Usage(flagname.Queries + " needs " + flagname.TargetBasedir + ": the target's binaries, where the statements run")
	case o.SourceBasedir == "" && o.Source == "":
		return exitcode.Usage(flagname.Queries + " compares today's version with the target: add " + flagname.SourceBasedir + " with today's binaries (/ for the installed server)")
	case q.Live() && o.Live == nil:
		return exitcode.Usage(flagname.Queries + " live reads today's server: add the connection flags (-S, -h, -u, ...)")
	}
	return nil
}
