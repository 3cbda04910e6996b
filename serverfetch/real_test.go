package serverfetch_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// TestRealFetchRunsTheServer fetches the smallest real server, MariaDB 10.5
// from Debian 11 (about 24 MB), through the tool from Debian's archive
// (or $UPGRADE_ADVISOR_MIRROR) into an empty cache, checked against the
// system's archive keys, and runs its binary: the root carries its own
// loader and libraries. Without the network it skips, or under CI=true fails.
func TestRealFetchRunsTheServer(t *testing.T) {
	if _, err := os.Stat(serverfetch.DebianKeyring); err != nil && !sandboxtest.InCI() {
		t.Skipf("no Debian archive keys here (%v): apt-get install debian-archive-keyring", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o := serverfetch.Options{Dir: t.TempDir(), Progress: sandboxtest.LogWriter(t)}
	res, err := serverfetch.Fetch(ctx, "mariadb-10.5", o)
	if errors.Is(err, serverfetch.ErrNetwork) && !sandboxtest.InCI() {
		t.Skipf("the archive is not reachable: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Record.Signer, "Debian") || res.Downloaded == 0 {
		t.Errorf("record %+v, %d bytes: want Debian's key as signer and a download", res.Record, res.Downloaded)
	}
	b, err := sandbox.Detect(ctx, res.Root)
	if err != nil {
		t.Fatal(err)
	}
	if v := b.Flavor.Version.String(); !strings.HasPrefix(v, "10.5.") {
		t.Errorf("the fetched server says it is %s %s, want MariaDB 10.5", b.Flavor.Vendor, v)
	}
	again, err := serverfetch.Fetch(ctx, "mariadb-10.5", o)
	if err != nil || !again.Cached || again.Downloaded != 0 {
		t.Errorf("second fetch: %+v, %v: want the cache's root, nothing downloaded", again, err)
	}
}
