package rehearse

import (
	"context"
	"errors"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// startSides starts the sandbox of every side at the same time. It returns
// the servers started, also beside an error, for the caller to close.
func startSides(ctx context.Context, o Options, sides []side) ([]*server.Server, error) {
	opts := make([]sandbox.Options, len(sides))
	for i, sd := range sides {
		opts[i] = sandbox.Options{Basedir: sd.basedir, ServerOptions: sd.options, Dir: o.SandboxDir, Log: o.SandboxLog}
	}
	started, errs := server.StartAll(ctx, opts, server.ConnOptions{})
	var servers []*server.Server
	var err error
	for i := range sides {
		sides[i].srv = started[i]
		if started[i] != nil {
			servers = append(servers, started[i])
		}
		if errs[i] != nil {
			err = errors.Join(err, fmt.Errorf("%s (%s): %w", sides[i].label, joinOptions(sides[i].options), errs[i]))
		}
	}
	return servers, err
}
