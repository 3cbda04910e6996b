package schemacheck

import (
	"errors"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// readOptions are how --schema-file is read: with its rows (--with-data),
// as --server-version's server reads a file that does not name its writer.
func readOptions(o Options) (sqlfile.ReadOptions, error) {
	ro := sqlfile.ReadOptions{WithData: o.WithData, Client: o.Client}
	if o.ServerVersion != "" {
		fl, err := rules.ParseTarget(o.ServerVersion, "")
		if err != nil {
			return ro, fmt.Errorf("%w: "+flagname.ServerVersion+": %w", exitcode.ErrUsage, err)
		}
		ro.Writer = fl
	}
	return ro, nil
}

// ReadGroupedFile reads --schema-file piece by piece, its schemas grouped
// by definition (sqlfile.ReadGrouped): the dump to load, one schema of each
// group, and the grouping (nil when no two schemas share a definition),
// what ReadFile and GroupDump give, for a file of up to
// sqlfile.MaxStreamSize bytes, without the whole file in memory.
func ReadGroupedFile(o Options) (*sqlfile.Dump, *Grouping, error) {
	ro, err := readOptions(o)
	if err != nil {
		return nil, nil, err
	}
	d, fg, err := sqlfile.ReadGrouped(o.SchemaFile, ro)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: "+flagname.SchemaFile+": %w", exitcode.ErrUsage, err)
	}
	return d, groupingOf(d.File, false, fg.Groups, fg.Tables), nil
}

// tooLarge adds to the refusal of a file over sqlfile.MaxFileSize (a file
// read whole) that a grouped check reads larger ones.
func tooLarge(err error) error {
	var re *sqlfile.RejectError
	if errors.As(err, &re) && re.Line == 0 && strings.HasPrefix(re.Reason, "file larger than") {
		return fmt.Errorf("%w (a check on the target's binaries, "+flagname.TargetBasedir+", that groups the schemas, without "+flagname.NoGroup+", "+
			"reads a file of up to %d MiB in chunks)", err, sqlfile.MaxStreamSize>>20)
	}
	return err
}
