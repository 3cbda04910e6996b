package main

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/urfave/cli/v2"
)

func cleanupCommand() *cli.Command {
	return &cli.Command{
		Name:  "cleanup",
		Usage: "finish what an interrupted run left: drop its scratch schemas, restore its globals",
		Description: `A run records its scratch schema and the original values of any global it
changes in a state file (under ~/.cache/upgrade-advisor/state) before it changes
anything. After a kill -9, a crash or a lost connection, cleanup connects to
the same server, restores those globals, drops those schemas, removes the state
files, and lists other upgrade_advisor_% schemas it finds.

EXAMPLES:
   upgrade-advisor cleanup -S /run/mysqld/mysqld.sock
   upgrade-advisor cleanup -h db1 -u admin --drop-found

` + exitCodesHelp,
		Flags: flagsOf(connectionFlags(), []cli.Flag{
			&cli.BoolFlag{Name: flagname.Bare(flagname.DropFound), Usage: "also drop upgrade_advisor_% schemas no state file records"},
		}),
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			conn, err := resolveConn(c)
			if err != nil {
				return err
			}
			return advisor.Cleanup(c.Context, advisor.CleanupOptions{Conn: conn, DropFound: c.Bool("drop-found")}, c.App.Writer)
		},
	}
}
