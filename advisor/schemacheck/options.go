package schemacheck

import (
	"context"
	"fmt"
	"io"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Options configure the check of an application's schema on the
// target's own server.
type Options struct {
	SchemaFile string
	// Live, without SchemaFile, is the server to read the schema from
	// (read-only), and Schemas the schemas to read (all but the server's
	// own when empty).
	Live     *server.ConnOptions
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
	// Log receives the sandboxes' start-up and stop lines (nil: none).
	Log io.Writer
	// WhileLoaded, when set, runs after the check, before the sandboxes
	// stop, on both loaded the same way (see Loaded): the query rehearsal.
	WhileLoaded func(context.Context, Loaded) error
	// Client is the target's client family: a file is cut as it reads it
	// (TargetClient tells it from the target's binaries).
	Client sqlfile.ClientFamily
	// NoGroup loads every schema, also those with the same definition as
	// another (groups.go); without it, one schema of each group is loaded.
	NoGroup bool
}

// Loaded is what Options.WhileLoaded is given: the check's sandboxes, up,
// holding the schema and, with Rows, the file's rows on both.
type Loaded struct {
	Target *server.Server
	// Today is today's version's sandbox, nil without SourceBasedir.
	Today   *server.Server
	Schemas []string
	// Rows is whether the file's rows were loaded (WithData).
	Rows bool
}

// TargetClient is the client family of the target whose binaries are in
// basedir: a file given to the check is cut as that client cuts it.
func TargetClient(ctx context.Context, basedir string) (sqlfile.ClientFamily, error) {
	b, err := sandbox.Detect(ctx, basedir)
	if err != nil {
		return sqlfile.MySQLClient, fmt.Errorf("reading the target's version from its binaries: %w", err)
	}
	return sqlfile.ClientOf(b.Flavor.Vendor), nil
}
