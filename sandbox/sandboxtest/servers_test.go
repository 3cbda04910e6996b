package sandboxtest

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

func TestMissingServerIsNamedWithHowToFetchIt(t *testing.T) {
	t.Setenv("UPGRADE_ADVISOR_MYSQL97_ROOT", t.TempDir()+"/nowhere")
	s := findServer("mysql-9.7")
	if s.Binary != nil || !errors.Is(s.err, sandbox.ErrNoServer) {
		t.Fatalf("a missing root gave binary %v, error %v; want ErrNoServer", s.Binary, s.err)
	}
	if s.Name() != "MySQL-9.7" || !strings.Contains(s.FetchHint(), "scripts/servers.sh fetch mysql-9.7") {
		t.Errorf("name %q, hint %q", s.Name(), s.FetchHint())
	}
}

// TestRequireMissingServer is run by TestMissingServerFailsUnderCI in a child
// process; on its own it skips.
func TestRequireMissingServer(t *testing.T) {
	if os.Getenv("UA_SANDBOXTEST_CHILD") != "1" {
		t.Skip("run by TestMissingServerFailsUnderCI")
	}
	findServer("mariadb-11.8").Require(t)
}

func TestMissingServerFailsUnderCI(t *testing.T) {
	for _, ci := range []string{"true", ""} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRequireMissingServer$", "-test.v")
		cmd.Env = append(os.Environ(), "UA_SANDBOXTEST_CHILD=1", "CI="+ci, "UPGRADE_ADVISOR_MARIADB118_ROOT=/nonexistent/mariadb-11.8")
		out, err := cmd.CombinedOutput()
		failed := err != nil
		if failed != (ci == "true") || !strings.Contains(string(out), "scripts/servers.sh fetch mariadb-11.8") {
			t.Errorf("CI=%q: failed=%v, output:\n%s", ci, failed, out)
		}
	}
}

func TestEachServerNamesSubtestsByVersion(t *testing.T) {
	var names []string
	EachServer(t, func(t *testing.T, srv Server) {
		names = append(names, t.Name())
		if !strings.Contains(t.Name(), srv.Binary.Flavor.Version.String()) {
			t.Errorf("subtest %s does not carry the version %s", t.Name(), srv.Binary.Flavor.Version)
		}
	})
	t.Logf("ran on %v", names)
}
