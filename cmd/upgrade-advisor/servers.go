package main

import (
	"fmt"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// serversCommand fetches, lists and removes the servers' cache: unpacked
// roots the --target and --source names resolve to.
func serversCommand() *cli.Command {
	return &cli.Command{
		Name:   "servers",
		Usage:  "fetch server versions by name into a cache (verified, nothing installed), list, remove, print their roots",
		Action: unknownCommand("servers", "list, fetch, remove or path"),
		Description: `The servers a rehearsal or a check runs (--target VERSION, --source VERSION) come
   from a cache of unpacked roots: $` + advisor.EnvServersDir + `, default ~/.cache/upgrade-advisor/servers.
   Versions by name come from Debian's archive, without apt and without installing
   anything: the suite's InRelease is verified against the Debian archive keys, the
   Packages index and every package against the SHA256 the signed files give; the
   server's packages and their libraries are unpacked with their own dynamic loader,
   so the root runs on any Linux of this architecture.

   ` + advisor.KnownServers() + `

EXAMPLES:
   upgrade-advisor servers fetch mariadb-11.8 mysql-9.7 mariadb-10.5
   upgrade-advisor servers fetch --mirror http://mirror.example/debian mariadb-11.8
   upgrade-advisor servers fetch --tarball ~/Downloads/mysql-8.4.3-linux-glibc2.28-x86_64.tar.xz --sha256 HEX
   upgrade-advisor servers list
   upgrade-advisor servers path mariadb-11.8
   upgrade-advisor rehearse --server-version mariadb-10.11.19 --target mariadb-11.8 --schema-file shop.sql`,
		Subcommands: []*cli.Command{
			{
				Name:      "fetch",
				Usage:     "fetch versions by name (or a tarball) into the cache; what the cache has is not downloaded again",
				ArgsUsage: "VERSION...",
				Flags: append(fetchFlags(),
					&cli.StringFlag{Name: flagname.Bare(flagname.Tarball), Usage: "an official MySQL/MariaDB tarball, a path or an http(s) URL, unpacked as it is (needs --sha256)"},
					&cli.StringFlag{Name: flagname.Bare(flagname.SHA256), Usage: "with --tarball: the SHA256 the vendor publishes for it; a tarball that does not match is refused"},
					&cli.StringFlag{Name: flagname.Bare(flagname.Name), Usage: "with --tarball: its name in the cache (default: the file's name less .tar.xz/.tar.gz)"},
					quietFlag()),
				Action: serversFetch,
			},
			{
				Name:   "list",
				Usage:  "the cache's servers: name, version, source, size, when fetched",
				Action: serversList,
			},
			{
				Name:      "remove",
				Usage:     "remove a server from the cache",
				ArgsUsage: "VERSION",
				Action:    serversRemove,
			},
			{
				Name:      "path",
				Usage:     "print a fetched server's root (for scripts); fails when it is not fetched",
				ArgsUsage: "VERSION",
				Action:    serversPath,
			},
		},
	}
}

// fetchFlags choose where versions by name come from.
func fetchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagname.Bare(flagname.Mirror), Usage: "the Debian mirror to fetch versions by name from (default: $" + advisor.EnvMirror + ", http://deb.debian.org/debian)", Category: catServers},
		&cli.StringFlag{Name: flagname.Bare(flagname.Keyring), Usage: "OpenPGP keyring with Debian's archive keys (default: " + advisor.DebianKeyring +
			" where there is one, otherwise the keys of the archive's own debian-archive-keyring package whose fingerprints the tool carries)", Category: catServers},
	}
}

// fetchOptions are the cache and sources of a command's flags, with
// progress on stderr unless -q (live on a terminal).
func fetchOptions(c *cli.Context) advisor.FetchOptions {
	o := advisor.FetchOptions{Mirror: c.String("mirror"), Keyring: c.String("keyring")}
	if !c.Bool("quiet") {
		o.Progress = c.App.ErrWriter
		o.Live = c.App.ErrWriter == os.Stderr && isTerminal(os.Stderr)
	}
	return o
}

func serversFetch(c *cli.Context) error {
	o := fetchOptions(c)
	if c.String("tarball") != "" {
		if c.NArg() > 0 {
			return fmt.Errorf("%w: --tarball fetches one tarball; fetch versions by name in another call", exitcode.ErrUsage)
		}
		if c.String("sha256") == "" {
			return fmt.Errorf("%w: --tarball needs --sha256: the SHA256 the vendor publishes beside the download", exitcode.ErrUsage)
		}
		res, err := advisor.FetchTarball(c.Context, advisor.Tarball{Source: c.String("tarball"), SHA256: c.String("sha256"), Name: c.String("name")}, o)
		if err != nil {
			return err
		}
		if err := serverRuns(c, res); err != nil {
			return err
		}
		reportFetch(c, res)
		return nil
	}
	if c.NArg() == 0 {
		return fmt.Errorf("%w: name the versions to fetch: %s (or --tarball with --sha256)", exitcode.ErrUsage, advisor.KnownServers())
	}
	for _, name := range c.Args().Slice() {
		res, err := advisor.FetchServer(c.Context, name, o)
		if err != nil {
			return err
		}
		if err := serverRuns(c, res); err != nil {
			return err
		}
		reportFetch(c, res)
	}
	return nil
}

// serverRuns checks that what was just fetched runs here (its server's
// --version, through its own loader): the root stays in the cache either
// way, the error says what to do.
func serverRuns(c *cli.Context, res advisor.FetchResult) error {
	if res.Cached {
		return nil
	}
	b, err := advisor.DetectServer(c.Context, res.Root)
	if err != nil {
		return fmt.Errorf("%s was fetched and verified into %s, but its server does not run here: %w "+
			"(upgrade-advisor servers remove %s removes it)", res.Record.Name, res.Root, err, res.Record.Name)
	}
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, "%s: %s %s runs here\n", res.Record.Name, b.Flavor.Name(), b.Flavor.Version)
	}
	return nil
}

// reportFetch prints the root on stdout (for scripts) and what it took on stderr.
func reportFetch(c *cli.Context, res advisor.FetchResult) {
	fmt.Fprintln(c.App.Writer, res.Root)
	if c.Bool("quiet") {
		return
	}
	if res.Cached {
		fmt.Fprintf(c.App.ErrWriter, "%s: in the cache, nothing downloaded\n", res.Record.Name)
		return
	}
	fmt.Fprintf(c.App.ErrWriter, "%s %s: %d files, %.1f MB downloaded and verified (%s)\n",
		res.Record.Name, res.Record.Version, res.Files, float64(res.Downloaded)/1e6, res.Record.Source)
}

func serversList(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	dir := advisor.ServersDir()
	list, err := advisor.ListServers()
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintf(c.App.Writer, "no servers in %s: fetch one with upgrade-advisor servers fetch VERSION (%s)\n", dir, advisor.KnownServers())
		return nil
	}
	for _, e := range list {
		fetched := "unknown"
		if !e.Fetched.IsZero() {
			fetched = e.Fetched.Local().Format(time.DateTime)
		}
		version := e.Version
		if version == "" {
			version = "-"
		}
		fmt.Fprintf(c.App.Writer, "%-14s %-22s %7.1f MB  %s  %s\n    %s\n", e.Name, version, float64(e.Size)/1e6, fetched, e.Source, e.Root)
		switch {
		case e.Signer != "":
			fmt.Fprintf(c.App.Writer, "    suite signed by %s\n", e.Signer)
		case e.SHA256 != "":
			fmt.Fprintf(c.App.Writer, "    SHA256 %s\n", e.SHA256)
		}
	}
	return nil
}

func serversRemove(c *cli.Context) error {
	name, err := oneArg(c, "VERSION")
	if err != nil {
		return err
	}
	if err := advisor.RemoveServer(name); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "removed %s\n", name)
	return nil
}

func serversPath(c *cli.Context) error {
	name, err := oneArg(c, "VERSION")
	if err != nil {
		return err
	}
	root, err := advisor.ServerPath(name)
	if err != nil {
		return err
	}
	fmt.Fprintln(c.App.Writer, root)
	return nil
}

func oneArg(c *cli.Context, what string) (string, error) {
	if c.NArg() != 1 {
		return "", fmt.Errorf("%w: give one %s (upgrade-advisor servers list shows the cache's)", exitcode.ErrUsage, what)
	}
	return c.Args().First(), nil
}
