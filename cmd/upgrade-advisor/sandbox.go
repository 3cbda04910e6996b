package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

func sandboxCommand() *cli.Command {
	return &cli.Command{
		Name:   "sandbox",
		Usage:  "start or stop a throwaway local server from the installed binaries or a tarball",
		Action: unknownCommand("sandbox", "start, list, stop or cache"),
		Subcommands: []*cli.Command{
			{
				Name:  "start",
				Usage: "initialise a temporary datadir, start a server on its own socket, print how to connect",
				Description: `EXAMPLES:
   upgrade-advisor sandbox start
   upgrade-advisor sandbox start --option innodb_file_per_table=0 --option innodb_stats_persistent=0
   upgrade-advisor sandbox start --server mariadb-11.8
   upgrade-advisor sandbox start --basedir ~/tarballs/mysql-8.0.36-linux-glibc2.28-x86_64 --networking`,
				Flags: []cli.Flag{
					&cli.StringFlag{Name: flagname.Bare(flagname.Basedir), Usage: "extracted MySQL/MariaDB tarball or unpacked package root (default: installed binaries)"},
					&cli.StringFlag{Name: flagname.Bare(flagname.Server), Usage: "a server by name instead of --basedir (" + advisor.KnownServers() + "), from the servers' cache, fetched when missing"},
					fetchFlags()[0], fetchFlags()[1],
					&cli.StringSliceFlag{Name: flagname.Bare(flagname.Option), Aliases: []string{"sandbox-option"}, Usage: "extra server option key=value (repeatable)"},
					&cli.StringFlag{Name: flagname.Bare(flagname.Dir), Usage: "parent directory of the sandbox (default: the temp dir)"},
					&cli.BoolFlag{Name: flagname.Bare(flagname.Networking), Usage: "listen on 127.0.0.1 (default: socket only)"},
					&cli.IntFlag{Name: flagname.Bare(flagname.Port), Usage: "port with --networking (default: a free one)"},
					quietFlag(),
				},
				Action: sandboxStart,
			},
			{
				Name:   "list",
				Usage:  "list the sandboxes under a directory (default: the temp dir), running or not",
				Flags:  []cli.Flag{&cli.StringFlag{Name: flagname.Bare(flagname.Dir), Usage: "parent directory of the sandboxes (default: the temp dir)"}},
				Action: sandboxList,
			},
			{
				Name:      "stop",
				Usage:     "stop a sandbox and remove its directory",
				ArgsUsage: "DIR",
				Action:    sandboxStop,
			},
			sandboxCacheCommand(),
		},
	}
}

func sandboxStart(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	if err := setBasedirFromVersion(c, "basedir", "server"); err != nil {
		return err
	}
	sb, err := advisor.StartSandbox(c.Context, advisor.SandboxOptions{
		Basedir: c.String("basedir"), ServerOptions: c.StringSlice("option"), Dir: c.String("dir"),
		Networking: c.Bool("networking"), Port: c.Int("port"), Log: progressLog(c),
	})
	if err != nil {
		return err
	}
	flavor, ver := sb.Flavor()
	fmt.Fprintf(c.App.Writer, "sandbox %s %s running (pid %d)\n  dir:    %s\n  socket: %s\n", flavor, ver, sb.PID(), sb.Dir(), sb.Socket())
	if sb.Port() != 0 {
		fmt.Fprintf(c.App.Writer, "  port:   %d (127.0.0.1)\n", sb.Port())
	}
	client := rootClient(c)
	if pw := sb.Password(); pw != "" {
		// The one place the password is printed: the user asked for this sandbox.
		fmt.Fprintf(c.App.Writer, "connect: %s -h 127.0.0.1 -P %d -u root -p'%s'    (password also in %s/root-password)\naudit:   upgrade-advisor audit -h 127.0.0.1 -P %d -u root -p\nstop:    upgrade-advisor sandbox stop %s\n",
			client, sb.Port(), pw, sb.Dir(), sb.Port(), sb.Dir())
		return nil
	}
	fmt.Fprintf(c.App.Writer, "connect: %s -S %s -u root\naudit:   upgrade-advisor audit -S %s -u root\nstop:    upgrade-advisor sandbox stop %s\n",
		client, sb.Socket(), sb.Socket(), sb.Dir())
	return nil
}

// rootClient is the command line of the client of the sandbox's own
// root (--basedir, or the installed server's), so that the version the
// user reaches it with is the server's; "mysql" when the root has none.
func rootClient(c *cli.Context) string {
	bin, err := advisor.DetectServer(c.Context, c.String("basedir"))
	if err != nil {
		return "mysql"
	}
	if cmd := bin.ClientCommand(); cmd != "" {
		return cmd
	}
	return "mysql"
}

func sandboxStop(c *cli.Context) error {
	if c.NArg() != 1 {
		return fmt.Errorf("%w: sandbox stop takes one argument, the sandbox directory printed by `sandbox start` (got %d: %q; options such as -q go before it)",
			exitcode.ErrUsage, c.NArg(), c.Args().Slice())
	}
	sb, err := advisor.LoadSandbox(c.Args().First())
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), advisor.SandboxStopTimeout)
	defer cancel()
	if err := sb.Stop(ctx); err != nil {
		return err
	}
	// Stop returns once the server process has exited, and only then removes the directory.
	fmt.Fprintf(c.App.Writer, "sandbox %s stopped and removed\n", c.Args().First())
	return nil
}

func sandboxList(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	sbs, err := advisor.ListSandboxes(c.String("dir"))
	if err != nil {
		return err
	}
	for _, sb := range sbs {
		flavor, ver := sb.Flavor()
		state := "stopped"
		if sb.Running() {
			state = fmt.Sprintf("running (pid %d)", sb.PID())
		}
		fmt.Fprintf(c.App.Writer, "%s  %s %s  %s  socket %s\n", sb.Dir(), flavor, ver, state, sb.Socket())
	}
	if len(sbs) == 0 {
		fmt.Fprintln(c.App.Writer, "no sandboxes")
	}
	return nil
}
