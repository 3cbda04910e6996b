package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// fleetFile writes a hosts file: two real servers (one by DSN over its
// socket, one by DSN over TCP) and one unreachable address.
func fleetFile(t *testing.T) string {
	t.Helper()
	viaSocket := sandboxtest.Shared(t)
	viaTCP := sandboxtest.Start(t, sandbox.Options{Networking: true})
	content := "# staging fleet\n" +
		"root@unix(" + viaSocket.Socket() + ")/\n" +
		"\nroot:" + viaTCP.Password() + "@tcp(127.0.0.1:" + itoa(viaTCP.Port()) + ")/   # TCP (a sandbox with networking has a root password)\n" +
		"192.0.2.1:3306\n"
	path := filepath.Join(t.TempDir(), "hosts.txt")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestFleetIsolatesFailuresAndExitsWithTheWorst(t *testing.T) {
	hosts := fleetFile(t)
	start := time.Now()
	stdout, stderr, code := run(t, []string{"MYSQL_PWD="}, "inspect", "--no-defaults", "-u", "root", "--hosts", hosts, "--concurrency", "3", "--connect-timeout", "3s", "--format", "json")
	wall := time.Since(start)
	if code != exitcode.Error {
		t.Fatalf("exit %d, want 2 (one host unreachable): %s", code, stderr)
	}
	var ok, failed int
	var slowest float64
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var line struct {
			Host      string
			DurationS float64 `json:"duration_s"`
			Report    *struct{ Server struct{ Version string } }
			Error     string
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("not JSON lines: %v\n%s", err, stdout)
		}
		slowest = max(slowest, line.DurationS)
		switch {
		case line.Error != "" && strings.Contains(line.Host, "192.0.2.1"):
			failed++
		case line.Report != nil && line.Report.Server.Version != "":
			ok++
		default:
			t.Errorf("unexpected line %+v", line)
		}
	}
	if ok != 2 || failed != 1 {
		t.Fatalf("%d ok, %d failed; want 2 and 1:\n%s", ok, failed, stdout)
	}
	// Concurrency: the run takes about as long as its slowest host (the
	// unreachable one, bounded by the connect timeout), not the sum.
	if wall.Seconds() > slowest+5 {
		t.Errorf("fleet took %.1fs, slowest host %.1fs", wall.Seconds(), slowest)
	}
	t.Logf("fleet wall %.2fs, slowest host %.2fs", wall.Seconds(), slowest)
}

func TestFleetTextSummary(t *testing.T) {
	hosts := fleetFile(t)
	stdout, _, code := run(t, nil, "audit", "--no-defaults", "-u", "root", "--hosts", hosts, "--connect-timeout", "3s",
		"--tables", "5", "--rounds", "1", "--workload", "ddl-heavy", "--allow-set-global")
	if code != exitcode.Error {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"3 host(s): 2 ok, 1 failed", "[!!] 192.0.2.1:3306", "MariaDB"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
}

func TestBadHostsFileIsAUsageError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts.txt")
	os.WriteFile(path, []byte("db1:notaport\n"), 0o644)
	_, stderr, code := run(t, nil, "inspect", "--hosts", path)
	if code != exitcode.Error || !strings.Contains(stderr, "hosts.txt:1") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// TestHostsRefusesFlagsItWouldOverride: each line of --hosts names a
// server, so the flags that name one, and the single-server outputs, are
// refused rather than ignored.
func TestHostsRefusesFlagsItWouldOverride(t *testing.T) {
	hosts := filepath.Join(t.TempDir(), "hosts.txt")
	if err := os.WriteFile(hosts, []byte("127.0.0.1:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ flag, name string }{
		{"-h=db1", "--host"}, {"--port=3307", "--port"}, {"-S=/tmp/x.sock", "--socket"}, {"--dsn=root@tcp(db1)/", "--dsn"},
		{"--html=/tmp/x.html", "--html"}, {"--mycnf-out=/tmp/x.cnf", "--mycnf-out"}, {"--what-if-sandbox", "--what-if-sandbox"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := run(t, nil, "audit", "--no-defaults", "--hosts", hosts, tc.flag)
			if code != exitcode.Error || !strings.Contains(stderr, "cannot be combined with "+tc.name) {
				t.Errorf("exit %d, stderr %q: want --hosts refusing %s", code, stderr, tc.name)
			}
		})
	}
}
