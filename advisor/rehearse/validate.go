package rehearse

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Validate holds every rule between the rehearsal's options; each message
// names the flags and what to do.
func (o Options) Validate() error {
	if err := o.Queries.Validate(); err != nil {
		return err
	}
	switch {
	case o.Queries.Live() && !o.Live && o.Datadir == "":
		return exitcode.Usage(flagname.Queries + " live reads today's server: give the connection flags (-S, -h, -u, ...) instead of " + flagname.ServerVersion)
	case o.Datadir != "" && o.SampleRowsGiven:
		return exitcode.Usage(flagname.InPlace + " " + flagname.Datadir + " runs " + flagname.Queries + " on the datadir's own rows: leave out " + flagname.SampleRows)
	}
	if err := ValidateSampleRows(o.SampleRowsGiven, o.SampleRows, o.Queries, o.Live && o.ServerVersion == "", o.WithData); err != nil {
		return err
	}
	switch {
	case o.WithData && o.SchemaFile == "":
		return ErrWithDataNeedsSchemaFile
	case o.ServerVersion != "" && o.Live:
		return exitcode.Usage(flagname.ServerVersion + " rehearses " + flagname.Config + " offline: leave out the connection flags, or leave out " + flagname.ServerVersion + " to inspect the server")
	}
	return o.Bench.Validate()
}

// ErrWithDataNeedsSchemaFile is --with-data without a file whose rows it
// loads (rehearse and check).
var ErrWithDataNeedsSchemaFile = exitcode.Usage(flagname.WithData + " loads the rows of " + flagname.SchemaFile + ": add " + flagname.SchemaFile + " (a dump with its rows)")

// ValidateSampleRows holds the rules of --sample-rows (given: it was
// given, n rows a table) for rehearse and check: it loads rows for
// --queries (q), read from today's live server (live), in the place of
// --with-data.
func ValidateSampleRows(given bool, n int, q *QueryOptions, live, withData bool) error {
	switch {
	case !given:
		return nil
	case q == nil:
		return exitcode.Usage(flagname.SampleRows + " loads rows for " + flagname.Queries + ": add " + flagname.Queries + " (a log, a file of statements, or live)")
	case !live:
		return exitcode.Usage(flagname.SampleRows + " reads today's live server: give the connection flags (-S, -h, -u, ...) instead of " + flagname.ServerVersion)
	case withData:
		return exitcode.Usage(flagname.SampleRows + " and " + flagname.WithData + " both load rows: keep one")
	case n < 1:
		return exitcode.Usage(fmt.Sprintf(flagname.SampleRows+" %d: give 1 or more rows per table", n))
	}
	return nil
}
