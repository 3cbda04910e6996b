package sandbox

import (
	"context"
	"fmt"
	"path/filepath"
	"time"
)

// makeDatadir copies the cached datadir of bin, or, when there is none
// (or it came from another build of the binary), initialises one and keeps
// it in the cache. Two processes starting sandboxes of one binary at once
// take turns on the entry's lock: one initialises, the other copies.
func (s *Sandbox) makeDatadir(ctx context.Context, o Options, bin *Binary, method InitMethod, extra []string) error {
	datadir := filepath.Join(s.dir, dataName)
	cache, err := newDatadirCache(o.CacheDir, bin, method, initArgs(extra))
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	for _, exclusive := range []bool{false, true} {
		unlock, err := cache.lock(ctx, exclusive)
		if err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		if cache.valid() {
			t0 := time.Now()
			src, err := cache.copyTo(datadir, s.quick)
			unlock()
			if err == nil {
				err = s.acct.ownTree(datadir)
			}
			if err != nil {
				return fmt.Errorf("sandbox: %w", err)
			}
			s.logf("datadir copied from the cache %s in %v", src, time.Since(t0).Round(time.Millisecond))
			return nil
		}
		if !exclusive {
			unlock()
			continue
		}
		t0 := time.Now()
		err = s.initDatadir(ctx, o, bin, method, extra)
		if err == nil {
			if serr := cache.save(datadir, bin.Flavor.Raw, time.Since(t0)); serr != nil {
				s.logf("not cached: %v", serr) // this sandbox still runs
			}
		}
		unlock()
		return err
	}
	return nil
}

// initDatadir initialises the sandbox's datadir with the binary's own
// method, as the account the server runs as.
func (s *Sandbox) initDatadir(ctx context.Context, o Options, bin *Binary, method InitMethod, extra []string) error {
	if err := writeLaunchers(bin, s.dir); err != nil {
		return fmt.Errorf("sandbox: writing the launchers of %s: %w", bin.Basedir, err)
	}
	path, args, err := initCommand(bin, method, s.dir, probeInstallDB(ctx, bin), initArgs(extra))
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	s.logf("initialising %s %s datadir in %s (%s, as %s)", bin.Flavor.Vendor, bin.Flavor.Raw, s.dir, method, s.acct.name)
	t0 := time.Now()
	if err := initDatadir(ctx, path, args, filepath.Join(s.dir, installLog), o.StartTimeout, s.acct); err != nil {
		return fmt.Errorf("sandbox: initialising the datadir with %s: %w", method, err)
	}
	s.logf("datadir initialised in %v", time.Since(t0).Round(time.Millisecond))
	return nil
}
