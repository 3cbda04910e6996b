package advisor

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// ValidateJob checks the flags of a job that need no server, as the command
// line gives them (the library itself reads zero values as defaults).
func ValidateJob(o Options) error {
	if o.ExpectTables < 0 {
		return fmt.Errorf("%w: "+flagname.ExpectTables+" %d: give the number of tables a setup creates, or leave it out", exitcode.ErrUsage, o.ExpectTables)
	}
	if o.Command.Measures() {
		return o.Bench.Validate()
	}
	return nil
}
