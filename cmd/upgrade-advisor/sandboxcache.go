package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// sandboxCacheCommand shows and clears the sandbox cache: an initialised
// datadir per server binary, and (for root) server files copied where the
// sandbox account can read them.
func sandboxCacheCommand() *cli.Command {
	dirFlag := &cli.StringFlag{Name: flagname.Bare(flagname.CacheDir), Usage: "the sandbox cache (default: $" + advisor.EnvSandboxCache + ", /var/cache/upgrade-advisor/sandbox for root, ~/.cache/upgrade-advisor/sandbox otherwise)"}
	return &cli.Command{
		Name:  "cache",
		Usage: "show (or, with --clear, clear) the initialised datadirs kept per server binary",
		Description: `A sandbox's datadir is a copy of one initialised once per server binary and kept
   in the cache; an entry is rebuilt when its binary changes. Run as root, the cache
   also holds hard links to server files the sandbox account could not read otherwise.
   Clearing it (--clear) is safe at any time: running sandboxes keep running on their
   own datadirs, and the next start rebuilds what it needs.`,
		Flags: []cli.Flag{dirFlag, &cli.BoolFlag{Name: flagname.Bare(flagname.Clear), Usage: "remove every entry of the cache"}},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			if c.Bool("clear") {
				return sandboxCacheClear(c)
			}
			return sandboxCacheShow(c)
		},
	}
}

func sandboxCacheShow(c *cli.Context) error {
	items, err := advisor.ListSandboxCache(c.String("cache-dir"))
	if err != nil {
		return err
	}
	for _, it := range items {
		fmt.Fprintf(c.App.Writer, "%s  %s  %s  %s  %.1f MB  %s\n", it.Dir, it.What, it.Version, it.Binary, float64(it.Bytes)/(1<<20), it.Created.Format("2006-01-02 15:04"))
	}
	if len(items) == 0 {
		fmt.Fprintln(c.App.Writer, "the sandbox cache is empty")
	}
	return nil
}

func sandboxCacheClear(c *cli.Context) error {
	removed, err := advisor.ClearSandboxCache(c.String("cache-dir"))
	for _, it := range removed {
		fmt.Fprintf(c.App.Writer, "removed %s (%s %s)\n", it.Dir, it.What, it.Version)
	}
	if err != nil {
		return err
	}
	if len(removed) == 0 {
		fmt.Fprintln(c.App.Writer, "the sandbox cache is empty")
	}
	return nil
}
