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
	if !o.Command.Measures() {
		return nil
	}
	w := o.Asked
	switch {
	case o.ServerVariants && !w.Sandbox && !w.WhatIf:
		return exitcode.Usage(flagname.ServerVariants + " restarts servers: use it with " + flagname.Sandbox + " or " + flagname.WhatIfSandbox)
	case w.Sandbox && w.WhatIf:
		return exitcode.Usage(flagname.Sandbox + " and " + flagname.WhatIfSandbox + " exclude each other: " + flagname.Sandbox + " audits a fresh server, " + flagname.WhatIfSandbox + " copies a real one's settings")
	case w.Sandbox && w.ConnFlags:
		return exitcode.Usage(flagname.Sandbox + " starts its own server: leave out the connection flags")
	case w.SandboxFlags && !w.Sandbox && !w.WhatIf:
		return exitcode.Usage(flagname.Basedir + " and " + flagname.SandboxOption + " describe the sandbox: use them with " + flagname.Sandbox + " or " + flagname.WhatIfSandbox)
	}
	return o.Bench.Validate()
}
