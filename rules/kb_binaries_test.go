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
// The servers come from bench/sandbox/sandboxtest (EachServer): a missing
// one skips with how to fetch it, and fails under CI=true. The option
// probes run the same binary without starting a server
// (mysqld --validate-config, mariadbd --help --verbose).

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// realServer is one of the three test servers, as the rules see it.
type realServer struct {
	name   string
	flavor rules.Flavor
	bin    *sandbox.Binary
}

// asRealServer takes a sandboxtest server's flavor from its binary.
func asRealServer(srv sandboxtest.Server) realServer {
	return realServer{name: srv.Key, flavor: srv.Binary.Flavor, bin: srv.Binary}
}

// startServer starts a throwaway sandbox of the server (stopped by
// t.Cleanup) and returns a connection to it.
func startServer(t *testing.T, srv sandboxtest.Server) *sql.DB {
	t.Helper()
	sb := srv.Start(t)
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
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
	"mysql-9.7": {
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
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		r := asRealServer(srv)
		{
			vars := globalVariables(t, startServer(t, srv))
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
		}
	})
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
	text, _, err := sandbox.AskOptions(ctx, r.bin, []string{option})
	if err != nil {
		return "", "", err
	}
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
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		r := asRealServer(srv)
		{
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
		}
	})
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
