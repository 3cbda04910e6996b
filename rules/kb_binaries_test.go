package rules_test

// The knowledge base checked against real server binaries: MariaDB 10.11,
// MariaDB 11.8 and MySQL 9.7, each started with --no-defaults in a
// throwaway data directory. For the exact version of each binary the test
// compares every literal default the knowledge base gives with SHOW GLOBAL
// VARIABLES (computed defaults: the variable must exist, and a few rules
// are checked), and asks the binary which options it refuses, accepts and
// ignores, or accepts, for every variable the knowledge base describes for
// that vendor line. Disagreements that are not bugs are listed in
// binaryExceptions with the reason.
//
// The servers are run directly (the loader of an unpacked package root, as
// in shared/reference/unpacked-servers.md) by the small helper below; the
// project's sandbox package will replace it once it runs package roots.
// Without the binaries the test skips, and fails under CI=true.

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// realServer is one binary to check.
type realServer struct {
	name    string
	flavor  rules.Flavor
	root    string // unpacked package root ("" = installed system binary)
	binary  string // path inside root
	mariadb bool
}

func serverCache() string {
	if d := os.Getenv("UPGRADE_ADVISOR_SERVERS"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "upgrade-advisor", "servers")
}

func realServers() []realServer {
	c := serverCache()
	return []realServer{
		{name: "mariadb-10.11", flavor: rules.Flavor{Vendor: rules.VendorMariaDB, Version: rules.V(10, 11, 19)},
			binary: "/usr/sbin/mariadbd", mariadb: true},
		{name: "mariadb-11.8", flavor: rules.Flavor{Vendor: rules.VendorMariaDB, Version: rules.V(11, 8, 9)},
			root: filepath.Join(c, "mariadb-11.8"), binary: "usr/sbin/mariadbd", mariadb: true},
		{name: "mysql-9.7", flavor: rules.Flavor{Vendor: rules.VendorMySQL, Version: rules.V(9, 7, 4)},
			root: filepath.Join(c, "mysql-9.7"), binary: "usr/sbin/mysqld"},
	}
}

// command builds an invocation of the binary; --no-defaults comes first.
func (r realServer) command(ctx context.Context, args ...string) *exec.Cmd {
	args = append([]string{"--no-defaults"}, append(r.baseArgs(), args...)...)
	if r.root == "" {
		return exec.CommandContext(ctx, r.binary, args...)
	}
	lib := filepath.Join(r.root, "usr/lib/x86_64-linux-gnu")
	full := append([]string{"--library-path", lib, filepath.Join(r.root, r.binary)}, args...)
	return exec.CommandContext(ctx, filepath.Join(lib, "ld-linux-x86-64.so.2"), full...)
}

func (r realServer) baseArgs() []string {
	var a []string
	if r.root != "" && r.mariadb {
		a = append(a, "--lc-messages-dir="+filepath.Join(r.root, "usr/share/mariadb"),
			"--character-sets-dir="+filepath.Join(r.root, "usr/share/mariadb/charsets"))
	}
	if !r.mariadb {
		a = append(a, "--lc-messages-dir="+filepath.Join(r.root, "usr/share/mysql"), "--secure-file-priv=")
	}
	return a
}

func (r realServer) available() error {
	p := r.binary
	if r.root != "" {
		p = filepath.Join(r.root, r.binary)
	}
	_, err := os.Stat(p)
	return err
}

// requireServer skips (fails under CI=true) when the binary is missing.
func requireServer(t *testing.T, r realServer) {
	t.Helper()
	if err := r.available(); err != nil {
		msg := fmt.Sprintf("%s not available (%v): run scripts/servers.sh fetch %s", r.name, err, r.name)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// startServer starts the binary on a throwaway data directory and returns
// an open connection; everything is stopped and removed by t.Cleanup.
func startServer(t *testing.T, r realServer) *sql.DB {
	t.Helper()
	dir := t.TempDir()
	data, sock := filepath.Join(dir, "data"), filepath.Join(dir, "sock")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	user := []string{}
	if os.Geteuid() == 0 {
		user = []string{"--user=root"}
	}
	if !r.mariadb {
		out, err := r.command(ctx, append([]string{"--initialize-insecure", "--datadir=" + data}, user...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s --initialize-insecure: %v\n%s", r.name, err, out)
		}
	} else if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--datadir=" + data, "--socket=" + sock, "--skip-networking", "--pid-file=" + filepath.Join(dir, "pid")}, user...)
	if r.mariadb {
		args = append(args, "--skip-grant-tables") // no system tables needed to read variables
	} else {
		args = append(args, "--mysqlx=OFF")
	}
	cmd := r.command(context.Background(), args...)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", r.name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
	db, err := sql.Open("mysql", "root@unix("+sock+")/")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for deadline := time.Now().Add(90 * time.Second); ; {
		pctx, pcancel := context.WithTimeout(context.Background(), 2*time.Second)
		err = db.PingContext(pctx)
		pcancel()
		if err == nil {
			return db
		}
		select {
		case werr := <-done:
			t.Fatalf("%s exited before accepting connections (%v):\n%s", r.name, werr, log.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not accept connections: %v\n%s", r.name, err, log.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func globalVariables(t *testing.T, db *sql.DB) map[string]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.QueryContext(ctx, "/* upgrade-advisor */ SHOW GLOBAL VARIABLES")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var n, v sql.NullString
		if err := rows.Scan(&n, &v); err != nil {
			t.Fatal(err)
		}
		out[strings.ToLower(n.String)] = v.String
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// binaryExceptions explains, per server, where the knowledge base and the
// binary differ on purpose (a packaging choice, not the compiled default).
var binaryExceptions = map[string]map[string]string{
	"mariadb-10.11": {
		"innodb_buffer_pool_load_at_startup": "unresolved: the docs give ON, this Debian build reports OFF with --no-defaults",
	},
	"mariadb-11.8": {
		"innodb_buffer_pool_load_at_startup": "unresolved: the docs give ON, this Debian build reports OFF with --no-defaults",
		"event_scheduler":                    "the test starts with --skip-grant-tables, which sets it to DISABLED",
	},
	"mysql-9.7": {
		"innodb_api_bk_commit_interval":                           "sysvars.json removes it in 8.3.0, but Debian's 9.7.4 still has it: unresolved",
		"innodb_api_disable_rowlock":                              "sysvars.json removes it in 8.3.0, but Debian's 9.7.4 still has it: unresolved",
		"innodb_api_enable_binlog":                                "sysvars.json removes it in 8.3.0, but Debian's 9.7.4 still has it: unresolved",
		"innodb_api_enable_mdl":                                   "sysvars.json removes it in 8.3.0, but Debian's 9.7.4 still has it: unresolved",
		"innodb_api_trx_level":                                    "sysvars.json removes it in 8.3.0, but Debian's 9.7.4 still has it: unresolved",
		"performance_schema_consumer_events_transactions_current": "a start-up option only, not a system variable",
		"performance_schema_consumer_events_transactions_history": "a start-up option only, not a system variable",
	},
}

// checkComputed checks the computed defaults the test knows a rule for.
func checkComputed(name string, vars map[string]string) (bool, string) {
	num := func(n string) int64 {
		var x int64
		fmt.Sscan(vars[n], &x)
		return x
	}
	switch name {
	case "innodb_io_capacity_max":
		return num(name) == 2*num("innodb_io_capacity") || num(name) == 2000, "2 * innodb_io_capacity (min 2000 before 8.4)"
	case "innodb_page_cleaners":
		return num(name) == num("innodb_buffer_pool_instances"), "innodb_buffer_pool_instances"
	case "table_definition_cache":
		want := min(400+num("table_open_cache")/2, 2000)
		return num(name) == want, fmt.Sprintf("min(400 + table_open_cache/2, 2000) = %d", want)
	}
	return true, ""
}

// TestKnowledgeBaseDefaultsOnRealServers compares the knowledge base's
// defaults for each binary's exact version with what it reports.
func TestKnowledgeBaseDefaultsOnRealServers(t *testing.T) {
	for _, r := range realServers() {
		t.Run(r.name, func(t *testing.T) {
			requireServer(t, r)
			vars := globalVariables(t, startServer(t, r))
			var compared, matched, computed int
			for _, name := range rules.KnownVariables() {
				f, _ := rules.LookupVar(name)
				st := f.StatusIn(r.flavor)
				shown, present := vars[name]
				if why := binaryExceptions[r.name][name]; why != "" {
					continue
				}
				if st.State == rules.StateRemoved || st.State == rules.StateIgnored || st.State == rules.StateAbsent {
					if present {
						t.Errorf("%s: the KB says %s since %s, but SHOW GLOBAL VARIABLES has it (%q)", name, st.State, st.Since, shown)
					}
					continue
				}
				d, ok := f.DefaultEntry(r.flavor)
				if !ok {
					continue
				}
				compared++
				if !present {
					t.Errorf("%s: the KB gives default %q (%s), but SHOW GLOBAL VARIABLES lacks it", name, d.Value, d.Src)
					continue
				}
				if d.Computed {
					computed++
					if ok, rule := checkComputed(name, vars); !ok {
						t.Errorf("%s: computed default %q, rule %s, server %q", name, d.Value, rule, shown)
						continue
					}
					matched++
					continue
				}
				if !rules.SameValue(name, shown, d.Value) {
					t.Errorf("%s: KB default %q (%s), %s reports %q", name, d.Value, d.Src, r.name, shown)
					continue
				}
				matched++
			}
			t.Logf("%s: %d KB defaults compared (%d computed, checked by presence or rule), %d match", r.name, compared, computed, matched)
			if compared == 0 {
				t.Error("no default compared: the KB has nothing for this version")
			}
		})
	}
}

// optionVerdict is what a binary does with an option at start-up.
type optionVerdict string

const (
	verdictRefused  optionVerdict = "refused"
	verdictIgnored  optionVerdict = "accepted and ignored"
	verdictAccepted optionVerdict = "accepted"
)

var (
	unknownOption = regexp.MustCompile(`unknown (variable|option)`)
	ignoredOption = regexp.MustCompile(`was removed\. It does nothing now|compatible option\. (Not used or needed in MariaDB|To be implemented in later versions)`)
)

// probeOption asks the binary about one option without starting a server.
func probeOption(r realServer, option string) (optionVerdict, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args := []string{"--validate-config", option}
	if r.mariadb {
		args = []string{"--help", "--verbose", option}
	}
	out, err := r.command(ctx, args...).CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return "", "", err
	}
	text := string(out)
	switch {
	case unknownOption.MatchString(text):
		return verdictRefused, firstMatchLine(text, unknownOption), nil
	case ignoredOption.MatchString(text):
		return verdictIgnored, firstMatchLine(text, ignoredOption), nil
	}
	return verdictAccepted, "", nil
}

func firstMatchLine(text string, re *regexp.Regexp) string {
	for _, l := range strings.Split(text, "\n") {
		if re.MatchString(l) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// optionValue is a value the option accepts: the KB default for the
// version, else any literal default of the vendor line, else 1.
func optionValue(f rules.VarFact, fl rules.Flavor) string {
	if v, ok := f.DefaultFor(fl); ok && v != "" {
		return v
	}
	return "1"
}

// expectedVerdict is what the KB predicts, or "" when it cannot say.
func expectedVerdict(f rules.VarFact, fl rules.Flavor) optionVerdict {
	switch st := f.StatusIn(fl); st.State {
	case rules.StateRemoved, rules.StateAbsent:
		return verdictRefused
	case rules.StateIgnored:
		return verdictIgnored
	case rules.StatePresent, rules.StateDeprecated:
		if rules.NotAnOption(f, fl) {
			return verdictRefused
		}
		return verdictAccepted
	}
	return ""
}

// TestKnowledgeBaseOptionsOnRealServers asks each binary about every
// variable the knowledge base describes for its vendor line.
func TestKnowledgeBaseOptionsOnRealServers(t *testing.T) {
	for _, r := range realServers() {
		t.Run(r.name, func(t *testing.T) {
			requireServer(t, r)
			type result struct {
				name, option string
				want, got    optionVerdict
				line         string
				err          error
			}
			var todo []result
			for _, name := range rules.KnownVariables() {
				f, _ := rules.LookupVar(name)
				want := expectedVerdict(f, r.flavor)
				if want == "" || binaryOptionExceptions[r.name][name] != "" {
					continue
				}
				opt := "--" + strings.ReplaceAll(name, "_", "-") + "=" + optionValue(f, r.flavor)
				todo = append(todo, result{name: name, option: opt, want: want})
			}
			var wg sync.WaitGroup
			sem := make(chan struct{}, 4)
			for i := range todo {
				wg.Add(1)
				go func(res *result) {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					res.got, res.line, res.err = probeOption(r, res.option)
				}(&todo[i])
			}
			wg.Wait()
			counts := map[optionVerdict][]string{}
			for _, res := range todo {
				if res.err != nil {
					t.Fatalf("%s: %v", res.option, res.err)
				}
				counts[res.got] = append(counts[res.got], res.name)
				if res.got != res.want {
					t.Errorf("%s: the KB predicts %s, %s says %s (%s)", res.option, res.want, r.name, res.got, res.line)
				}
				checkSeverityMatches(t, r, res.name, res.option, res.got)
			}
			for _, v := range []optionVerdict{verdictRefused, verdictIgnored, verdictAccepted} {
				sort.Strings(counts[v])
			}
			t.Logf("%s: %d options asked; refused %d %v; accepted and ignored %d %v; accepted %d", r.name, len(todo),
				len(counts[verdictRefused]), counts[verdictRefused], len(counts[verdictIgnored]), counts[verdictIgnored],
				len(counts[verdictAccepted]))
		})
	}
}

// checkSeverityMatches runs the rules on a my.cnf holding just the option,
// for an upgrade to this binary's version: an option the binary refuses
// must give a critical finding, one it accepts (ignored or not) none.
func checkSeverityMatches(t *testing.T, r realServer, name, option string, got optionVerdict) {
	t.Helper()
	from := rules.Flavor{Vendor: r.flavor.Vendor, Version: rules.V(r.flavor.Version.Major, r.flavor.Version.Minor, 0)}
	target := r.flavor
	opt, value, _ := strings.Cut(strings.TrimPrefix(option, "--"), "=")
	snap := rules.Snapshot{Flavor: from, Target: &target, Variables: map[string]rules.Setting{},
		Config: []rules.ConfigOption{{Name: strings.ReplaceAll(opt, "-", "_"), Value: value, Section: "mysqld", File: "my.cnf", Line: 1}}}
	critical := false
	for _, f := range rules.Evaluate(snap) {
		if f.Evidence["variable"] == name && f.Severity == rules.Critical {
			critical = true
		}
	}
	if (got == verdictRefused) != critical {
		t.Errorf("%s: %s says %s, but the rules' critical finding is %v", option, r.name, got, critical)
	}
}

// binaryOptionExceptions lists options not asked, with the reason.
var binaryOptionExceptions = map[string]map[string]string{
	"mysql-9.7": binaryExceptions["mysql-9.7"],
}
