package sandboxtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Server is one of the real servers the integration tests run on: Debian
// 12's MariaDB 10.11 (the installed binaries), and MariaDB 10.5 (Debian 11),
// MySQL 9.7 and MariaDB 11.8 unpacked into a cache by scripts/servers.sh
// (package roots run through their own loader).
type Server struct {
	// Key is the scripts/servers.sh name: "mariadb-10.11", "mariadb-10.5", "mysql-9.7", "mariadb-11.8".
	Key string
	// Basedir is the --basedir of its sandboxes; "" for the installed binaries.
	Basedir string
	// Binary is what sandbox.Detect found; nil when the server is missing.
	Binary *sandbox.Binary
	// err says why the server is missing (wraps sandbox.ErrNoServer).
	err error
}

// RootEnv names, for each unpacked server, the environment variable that
// scripts/test.sh sets to its root; when unset the tests look in
// $UPGRADE_ADVISOR_SERVERS/<key>, default ~/.cache/upgrade-advisor/servers/<key>.
var RootEnv = map[string]string{
	"mariadb-10.5": "UPGRADE_ADVISOR_MARIADB105_ROOT",
	"mysql-9.7":    "UPGRADE_ADVISOR_MYSQL97_ROOT",
	"mariadb-11.8": "UPGRADE_ADVISOR_MARIADB118_ROOT",
}

// serverKeys are the servers in the order tests run on them.
var serverKeys = []string{"mariadb-10.11", "mariadb-10.5", "mysql-9.7", "mariadb-11.8"}

// expectedNames name a missing server's subtest (its exact version is unknown).
var expectedNames = map[string]string{"mariadb-10.11": "MariaDB-10.11", "mariadb-10.5": "MariaDB-10.5", "mysql-9.7": "MySQL-9.7", "mariadb-11.8": "MariaDB-11.8"}

var servers struct {
	once sync.Once
	list []Server
}

// Servers returns the four test servers, found once per test binary. A
// missing one is in the list with a nil Binary; Require skips (or under
// CI=true fails) a test on it.
func Servers() []Server {
	servers.once.Do(func() {
		for _, key := range serverKeys {
			servers.list = append(servers.list, findServer(key))
		}
	})
	return append([]Server(nil), servers.list...)
}

func findServer(key string) Server {
	s := Server{Key: key}
	if key != "mariadb-10.11" {
		s.Basedir = serverRoot(key)
		if _, err := os.Stat(s.Basedir); err != nil {
			s.err = fmt.Errorf("%w: %s is not fetched (%v)", sandbox.ErrNoServer, key, err)
			return s
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := sandbox.Detect(ctx, s.Basedir)
	if err != nil {
		s.err = err
		return s
	}
	if want := strings.TrimPrefix(strings.TrimPrefix(key, "mysql-"), "mariadb-"); !strings.HasPrefix(b.Flavor.Version.String(), want+".") {
		s.err = fmt.Errorf("%w: %s found %s %s instead", sandbox.ErrNoServer, key, b.Flavor.Vendor, b.Flavor.Version)
		return s
	}
	s.Binary = b
	return s
}

// serverRoot is where an unpacked server lives (see RootEnv).
func serverRoot(key string) string {
	if r := os.Getenv(RootEnv[key]); r != "" {
		return r
	}
	top := os.Getenv("UPGRADE_ADVISOR_SERVERS")
	if top == "" {
		home, _ := os.UserHomeDir()
		top = filepath.Join(home, ".cache", "upgrade-advisor", "servers")
	}
	return filepath.Join(top, key)
}

// Name is the subtest name: flavor and version, e.g. "MySQL-9.7.4".
func (s Server) Name() string {
	if s.Binary == nil {
		return expectedNames[s.Key]
	}
	return strings.ReplaceAll(s.Binary.Flavor.Name(), " ", "-") + "-" + s.Binary.Flavor.Version.String()
}

// FetchHint tells how to get the server.
func (s Server) FetchHint() string {
	if s.Key == "mariadb-10.11" {
		return "scripts/servers.sh fetch mariadb-10.11 (apt-get install mariadb-server)"
	}
	return fmt.Sprintf("scripts/servers.sh fetch %s (or set %s to its root)", s.Key, RootEnv[s.Key])
}

// Require skips the test when the server is missing, with how to fetch it;
// under CI=true it fails the test instead.
func (s Server) Require(t testing.TB) {
	t.Helper()
	if s.Binary != nil {
		return
	}
	if InCI() {
		t.Fatalf("%s is missing and CI=true: run %s (scripts/test.sh does it): %v", s.Name(), s.FetchHint(), s.err)
	}
	t.Skipf("%s is missing: run %s (scripts/test.sh does it) to test on it: %v", s.Name(), s.FetchHint(), s.err)
}

// Options returns o with this server's basedir.
func (s Server) Options(o sandbox.Options) sandbox.Options {
	o.Basedir = s.Basedir
	return o
}

// Start starts a sandbox of this server for the test (see the package
// function Start); it skips or fails as Require when the server is missing.
func (s Server) Start(t testing.TB, opts ...sandbox.Options) *sandbox.Sandbox {
	t.Helper()
	s.Require(t)
	if len(opts) > 1 {
		t.Fatalf("sandboxtest: at most one sandbox.Options, got %d", len(opts))
	}
	var o sandbox.Options
	if len(opts) == 1 {
		o = opts[0]
	}
	return Start(t, s.Options(o))
}

// EachServer runs test as a subtest per server, named by Name
// ("MariaDB-10.11.19", "MariaDB-10.5.23", "MySQL-9.7.4", "MariaDB-11.8.9"); a missing server's
// subtest skips (fails under CI=true) with how to fetch it.
//
//	func TestInspect(t *testing.T) {
//		sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
//			db := open(t, srv.SharedDSN(t))
//			...
//		})
//	}
func EachServer(t *testing.T, test func(t *testing.T, srv Server)) {
	t.Helper()
	for _, srv := range Servers() {
		t.Run(srv.Name(), func(t *testing.T) {
			srv.Require(t)
			test(t, srv)
		})
	}
}

var sharedByServer struct {
	mu  sync.Mutex
	sbs map[string]*sandbox.Sandbox
	err map[string]error
}

// Shared returns this server's sandbox shared by the tests of this test
// binary, started on first use (see the package function Shared; StopShared
// stops these too).
func (s Server) Shared(t testing.TB) *sandbox.Sandbox {
	t.Helper()
	s.Require(t)
	if s.Key == "mariadb-10.11" {
		return Shared(t)
	}
	sharedByServer.mu.Lock()
	defer sharedByServer.mu.Unlock()
	if sharedByServer.sbs == nil {
		sharedByServer.sbs, sharedByServer.err = map[string]*sandbox.Sandbox{}, map[string]error{}
	}
	sb, err := sharedByServer.sbs[s.Key], sharedByServer.err[s.Key]
	if sb == nil && err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*sandbox.DefaultStartTimeout)
		sb, err = sandbox.Start(ctx, s.Options(sandbox.Options{}))
		cancel()
		sharedByServer.sbs[s.Key], sharedByServer.err[s.Key] = sb, err
	}
	if err != nil {
		skipOrFail(t, err)
	}
	return sb
}

// SharedDSN is the DSN of Shared.
func (s Server) SharedDSN(t testing.TB) string {
	t.Helper()
	return s.Shared(t).DSN()
}

// stopSharedByServer stops the per-server shared sandboxes.
func stopSharedByServer() error {
	sharedByServer.mu.Lock()
	defer sharedByServer.mu.Unlock()
	var errs []error
	for key, sb := range sharedByServer.sbs {
		if sb == nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), stopTimeout)
		if err := sb.Stop(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", key, err))
		}
		cancel()
	}
	sharedByServer.sbs, sharedByServer.err = nil, nil
	return errors.Join(errs...)
}

// OnServer runs test as a subtest on the one server named by key (a
// scripts/servers.sh name, e.g. "mysql-9.7"), for what only that server
// has; the subtest is named as EachServer names it.
func OnServer(t *testing.T, key string, test func(t *testing.T, srv Server)) {
	t.Helper()
	srv := ByKey(t, key)
	t.Run(srv.Name(), func(t *testing.T) {
		srv.Require(t)
		test(t, srv)
	})
}

// ByKey returns the test server named by key (a scripts/servers.sh name,
// e.g. "mariadb-10.5"), missing or not; the test fails for a key that is
// not one of the test servers.
func ByKey(t testing.TB, key string) Server {
	t.Helper()
	for _, srv := range Servers() {
		if srv.Key == key {
			return srv
		}
	}
	t.Fatalf("sandboxtest: no test server %q (the servers are %v)", key, serverKeys)
	return Server{}
}

// Pair is an upgrade between two test servers.
type Pair struct{ Source, Target Server }

// Name is the subtest name of the pair, e.g. "MariaDB-10.5.23->MariaDB-11.8.9".
func (p Pair) Name() string { return p.Source.Name() + "->" + p.Target.Name() }

// UpgradePairs are the upgrades between the test servers that Debian's
// releases take in place: MariaDB 10.5 (Debian 11) -> 10.11 (Debian 12) ->
// 11.8 (Debian 13), and 10.5 -> 11.8 in one step.
func UpgradePairs(t testing.TB) []Pair {
	t.Helper()
	var pairs []Pair
	for _, keys := range [][2]string{{"mariadb-10.5", "mariadb-10.11"}, {"mariadb-10.11", "mariadb-11.8"}, {"mariadb-10.5", "mariadb-11.8"}} {
		pairs = append(pairs, Pair{ByKey(t, keys[0]), ByKey(t, keys[1])})
	}
	return pairs
}

// EachPair runs test as a subtest per pair, named by Pair.Name; a pair with
// a missing server skips (fails under CI=true) as Require does.
func EachPair(t *testing.T, pairs []Pair, test func(t *testing.T, p Pair)) {
	t.Helper()
	for _, p := range pairs {
		t.Run(p.Name(), func(t *testing.T) {
			p.Source.Require(t)
			p.Target.Require(t)
			test(t, p)
		})
	}
}

// Vendor is the server's flavor as reports name it: "mysql", "mariadb" or
// "percona" ("" when the server is missing).
func (s Server) Vendor() string {
	if s.Binary == nil {
		return ""
	}
	return string(s.Binary.Flavor.Vendor)
}

// Version is the server's major.minor.patch ("" when it is missing).
func (s Server) Version() string {
	if s.Binary == nil {
		return ""
	}
	return s.Binary.Flavor.Version.String()
}

// IsMySQL says the server is Oracle's MySQL (not MariaDB, not Percona).
func (s Server) IsMySQL() bool {
	return s.Binary != nil && s.Binary.Flavor.Vendor == flavor.VendorMySQL
}
