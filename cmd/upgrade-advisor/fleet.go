package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

// errFleetFailures is returned when some hosts failed (exit code 2); the
// summary has been printed.
type errFleetFailures struct{ failed, total int }

func (e errFleetFailures) Error() string {
	return fmt.Sprintf("%d of %d host(s) failed (see above)", e.failed, e.total)
}

func (e errFleetFailures) ExitStatus() int { return exitcode.Error }

// runFleet runs the job against every host of --hosts and exits with the
// worst outcome of all.
func runFleet(c *cli.Context, opts advisor.Options, format report.Format, failOn report.FailOn) error {
	// Each line of --hosts says where a server is: -h, -P, -S and --dsn
	// would be overridden.
	for _, name := range []string{"sandbox", "what-if-sandbox", "mycnf-out", "html", "host", "port", "socket", "dsn"} {
		if c.IsSet(name) {
			return fmt.Errorf("%w: --hosts cannot be combined with --%s: run the job on one server for that", exitcode.ErrUsage, name)
		}
	}
	if n := c.Int("concurrency"); n < 1 {
		return fmt.Errorf("%w: --concurrency %d: give the number of servers to work on at once, 1 or more", exitcode.ErrUsage, n)
	}
	hosts, err := advisor.ReadHostsFile(c.String("hosts"))
	if err != nil {
		return err
	}
	if opts.Conn, err = resolveConn(c); err != nil {
		return err
	}
	results := advisor.RunFleet(c.Context, opts, hosts, c.Int("concurrency"))
	if err := report.Write(c.App.Writer, report.Fleet(results), format, report.TextStyle{}); err != nil {
		return err
	}
	failed, worst, any := report.FleetWorst(results)
	if failed > 0 {
		return errFleetFailures{failed: failed, total: len(results)}
	}
	if worst, fails := failOn.Fails(worst, any); fails {
		return findingsError{worst: worst}
	}
	return nil
}
