package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Versions by name where a command takes binaries: --target and --source
// (rehearse, check), --server (sandbox start), sandbox:NAME (compare).
// Each resolves through the servers' cache, fetching what it lacks.

func targetVersionFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Target), Usage: "the version you move to, by name (" + advisor.KnownServers() +
		", or a tarball fetched with servers fetch --tarball): taken from the servers' cache, fetched when it is not there; or give --target-basedir", Category: catServers}
}

func sourceVersionFlag() cli.Flag {
	return &cli.StringFlag{Name: flagname.Bare(flagname.Source), Usage: "today's version by name, as --target: the binaries --source-basedir would give", Category: catServers}
}

// rootByName is the root of a version by name: the cache's, or fetched
// now (with progress on stderr unless -q).
func rootByName(c *cli.Context, name string) (string, error) {
	res, err := advisor.FetchServer(c.Context, name, fetchOptions(c))
	if err != nil {
		return "", err
	}
	return res.Root, nil
}

// setBasedirFromVersion sets the basedir flag to the root of the server
// the version flag names; both at once is a usage error.
func setBasedirFromVersion(c *cli.Context, basedirFlag, versionFlag string) error {
	name := c.String(versionFlag)
	if name == "" {
		return nil
	}
	if c.String(basedirFlag) != "" {
		return fmt.Errorf("%w: --%s and --%s both name binaries: give one", exitcode.ErrUsage, versionFlag, basedirFlag)
	}
	root, err := rootByName(c, name)
	if err != nil {
		return err
	}
	return c.Set(basedirFlag, root)
}

// sandboxEndpoint turns compare's sandbox:NAME[?options] into
// sandbox:ROOT[?options] when NAME is a server by name (not a path).
func sandboxEndpoint(c *cli.Context, spec string) (string, error) {
	rest, ok := strings.CutPrefix(spec, "sandbox:")
	if !ok {
		return spec, nil
	}
	name, query, _ := strings.Cut(rest, "?")
	if name == "" || strings.ContainsAny(name, `/\`) {
		return spec, nil
	}
	if _, err := os.Stat(name); err == nil {
		return spec, nil // a directory of that name here
	}
	root, err := rootByName(c, name)
	if err != nil {
		return "", err
	}
	if query != "" {
		root += "?" + query
	}
	return "sandbox:" + root, nil
}
