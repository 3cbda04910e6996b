package server

import (
	"context"
	"errors"
	"sync"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// StartAll starts the sandboxes of opts at the same time, each as Start
// does. It returns the servers in the order of opts, nil where nothing was
// started, and each one's error (nil when it started). When one start
// fails, the others are interrupted; an error that only says so is left
// out (nil), so that the errors name what went wrong. Every server
// returned, also beside an error, must still be closed (CloseAll): a
// Ctrl-C (ctx cancelled) interrupts every start.
func StartAll(ctx context.Context, opts []sandbox.Options, conn ConnOptions) ([]*Server, []error) {
	inner, interrupt := context.WithCancel(ctx)
	defer interrupt()
	servers := make([]*Server, len(opts))
	errs := make([]error, len(opts))
	var wg sync.WaitGroup
	for i, so := range opts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			servers[i], errs[i] = Start(inner, so, conn)
			if errs[i] != nil && !errors.Is(errs[i], context.Canceled) {
				interrupt()
			}
		}()
	}
	wg.Wait()
	if ctx.Err() == nil && inner.Err() != nil {
		for i, err := range errs {
			if errors.Is(err, context.Canceled) {
				errs[i] = nil
			}
		}
	}
	return servers, errs
}
