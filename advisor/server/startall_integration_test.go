package server

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// StartAll starts sandboxes of two different servers at once; each answers
// as its own server, and closing them leaves nothing behind.
func TestStartAllStartsEverySandbox(t *testing.T) {
	installed, mysql := sandboxtest.ByKey(t, "mariadb-10.11"), sandboxtest.ByKey(t, "mysql-9.7")
	installed.Require(t)
	mysql.Require(t)
	parent := sandboxtest.ShortTempDir(t)
	opts := []sandbox.Options{
		installed.Options(sandbox.Options{Dir: parent, Log: sandboxtest.LogWriter(t)}),
		mysql.Options(sandbox.Options{Dir: parent, Log: sandboxtest.LogWriter(t)}),
	}
	servers, errs := StartAll(t.Context(), opts, ConnOptions{})
	t.Cleanup(func() { _ = CloseAll(nil, servers) })
	for i, want := range []string{"MariaDB", "MySQL"} {
		if errs[i] != nil {
			t.Fatalf("start %d (%s): %v", i, opts[i].Basedir, errs[i])
		}
		var comment string
		if err := servers[i].DB().QueryRowContext(t.Context(), "SELECT @@version_comment").Scan(&comment); err != nil {
			t.Fatalf("server %d: %v", i, err)
		}
		version := servers[i].Inspection().Flavor.Vendor
		if !strings.EqualFold(string(version), want) {
			t.Errorf("server %d is %s (%s), want %s", i, version, comment, want)
		}
	}
	if err := CloseAll(nil, servers); err != nil {
		t.Fatal(err)
	}
	assertNoSandboxUnder(t, parent)
}

// When one start fails, StartAll says why (the server's own words), does
// not report the interrupted start as an error of its own, and what did
// start is closed with the rest.
func TestStartAllSaysWhichStartFailed(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := sandboxtest.ShortTempDir(t)
	opts := []sandbox.Options{
		{Dir: parent, Log: sandboxtest.LogWriter(t)},
		{Dir: parent, Log: sandboxtest.LogWriter(t), ServerOptions: []string{"innodb_no_such_option=1"}},
	}
	servers, errs := StartAll(t.Context(), opts, ConnOptions{})
	if errs[1] == nil || !strings.Contains(errs[1].Error(), "innodb_no_such_option") {
		t.Errorf("the failed start's error does not quote the server's reason: %v", errs[1])
	}
	if servers[1] != nil {
		t.Errorf("the failed start returned a server")
	}
	if errs[0] != nil {
		t.Errorf("the good start has an error of its own: %v", errs[0])
	}
	if err := CloseAll(nil, servers); err != nil {
		t.Fatal(err)
	}
	assertNoSandboxUnder(t, parent)
}

// A Ctrl-C (the context cancelled) in the middle of the starts, as soon
// as one has made its datadir, interrupts every start and leaves nothing.
func TestStartAllInterruptedLeavesNothing(t *testing.T) {
	sandboxtest.RequireServer(t)
	parent := sandboxtest.ShortTempDir(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	ctrlC := cancelOnWrite{cancel}
	opts := []sandbox.Options{{Dir: parent, Log: ctrlC}, {Dir: parent, Log: ctrlC}}
	servers, errs := StartAll(ctx, opts, ConnOptions{})
	for i := range opts {
		if errs[i] == nil {
			t.Errorf("start %d was not interrupted", i)
		}
	}
	if err := CloseAll(nil, servers); err != nil {
		t.Fatal(err)
	}
	assertNoSandboxUnder(t, parent)
}

func assertNoSandboxUnder(t *testing.T, parent string) {
	t.Helper()
	left, _ := filepath.Glob(filepath.Join(parent, "upgrade-advisor-sandbox-*"))
	if len(left) > 0 {
		t.Errorf("sandboxes left behind: %v", left)
	}
	if entries, err := os.ReadDir(parent); err == nil && len(entries) > 0 {
		t.Errorf("%s is not empty: %d entries", parent, len(entries))
	}
}

// cancelOnWrite cancels a context at the first progress line it is given.
type cancelOnWrite struct{ cancel context.CancelFunc }

func (c cancelOnWrite) Write(p []byte) (int, error) {
	c.cancel()
	return len(p), nil
}
