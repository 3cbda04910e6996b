package check

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// resolveServers turns --source, and --target when the schema check needs
// binaries and it names a server, into directories in the servers' cache,
// fetching what is missing.
func resolveServers(ctx context.Context, o *Options) error {
	if o.Source != "" {
		root, err := fetch(ctx, o.Source, o.Fetch)
		if err != nil {
			return err
		}
		o.SourceBasedir = root
	}
	if !o.schemaCheck() || o.TargetBasedir != "" || !serverfetch.Names(o.Target) {
		return nil
	}
	root, err := fetch(ctx, o.Target, o.Fetch)
	if err != nil {
		return err
	}
	o.TargetBasedir = root
	return nil
}

// fetch is the root of a server by name: the cache's, or fetched now.
func fetch(ctx context.Context, name string, fo serverfetch.Options) (string, error) {
	res, err := serverfetch.Fetch(ctx, name, fo)
	if err != nil {
		return "", err
	}
	return res.Root, nil
}

// targetVersion is the target the rules judge today's settings against:
// --target-basedir's binary says its version, so the findings are the same
// with or without --target; --target alone names it without a binary.
func targetVersion(ctx context.Context, o Options) (string, error) {
	if o.TargetBasedir == "" {
		return o.Target, nil
	}
	bin, err := sandbox.Detect(ctx, o.TargetBasedir)
	if err != nil {
		return "", fmt.Errorf("%w: "+flagname.TargetBasedir+": %w", exitcode.ErrUsage, err)
	}
	held := bin.Flavor
	if o.Target != "" {
		fl, err := rules.ParseTarget(o.Target, held.Vendor)
		if err != nil {
			return "", fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
		}
		if fl.IsMariaDB() != held.IsMariaDB() || fl.Version.Series() != held.Version.Series() {
			return "", fmt.Errorf("%w: "+flagname.Target+" %s, but "+flagname.TargetBasedir+" holds %s: drop "+flagname.Target+" (the binary says which version it is) or give that version's binaries",
				exitcode.ErrUsage, o.Target, held)
		}
	}
	return string(held.Vendor) + "-" + held.Version.String(), nil
}
