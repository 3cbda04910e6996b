package knowledge_test

// The knowledge base checked against real server binaries: MariaDB 10.5,
// MariaDB 10.11, MariaDB 11.8 and MySQL 9.7, each started with --no-defaults in a
// throwaway data directory. For the exact version of each binary the test
// compares every literal default the knowledge base gives with SHOW GLOBAL
// VARIABLES (computed defaults: the variable must exist, and a few rules
// are checked), and asks the binary which options it refuses, accepts and
// ignores, or accepts, for every variable the knowledge base describes for
// that vendor line. Disagreements that are not bugs are listed in
// binaryExceptions with the reason.
//
// The servers come from sandbox/sandboxtest (EachServer): a missing
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

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// realServer is one of the test servers, as the rules see it.
type realServer struct {
	name   string
	flavor flavor.Flavor
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

// setBySandbox are the settings every sandbox sets itself, whatever the
// binary's default (sandbox/doc.go).
var setBySandbox = map[string]string{
	"event_scheduler": "off in every sandbox: events of a loaded schema must not run on their own",
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
			for _, name := range knowledge.Names() {
				f, _ := knowledge.Lookup(name)
				st := f.StatusIn(r.flavor)
				shown, present := vars[name]
				if why := binaryExceptions[r.name][name]; why != "" || setBySandbox[name] != "" {
					continue
				}
				if st.State == knowledge.StateRemoved || st.State == knowledge.StateIgnored || st.State == knowledge.StateAbsent {
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
				if !knowledge.SameValue(name, shown, d.Value) {
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
func optionValue(f knowledge.Fact, fl flavor.Flavor) string {
	if v, ok := f.DefaultFor(fl); ok && v != "" {
		return v
	}
	return "1"
}

// expectedVerdict is what the KB predicts, or "" when it cannot say.
func expectedVerdict(f knowledge.Fact, fl flavor.Flavor) optionVerdict {
	switch st := f.StatusIn(fl); st.State {
	case knowledge.StateRemoved, knowledge.StateAbsent:
		return verdictRefused
	case knowledge.StateIgnored:
		return verdictIgnored
	case knowledge.StatePresent, knowledge.StateDeprecated:
		if knowledge.NotAnOption(f, fl) {
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
			for _, name := range knowledge.Names() {
				f, _ := knowledge.Lookup(name)
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
	from := flavor.Flavor{Vendor: r.flavor.Vendor, Version: flavor.V(r.flavor.Version.Major, r.flavor.Version.Minor, 0)}
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

// TestKnowledgeBaseDriftOnRealPairs starts both binaries of each upgrade
// pair Debian takes in place (MariaDB 10.5 -> 10.11 -> 11.8, 10.5 -> 11.8),
// both --no-defaults, and checks the default-drift rule against what they
// report: every default it says changes is the target binary's value, and
// every default the two binaries report differently is a drift finding,
// unless notBehaviour says why it is not one.
func TestKnowledgeBaseDriftOnRealPairs(t *testing.T) {
	sandboxtest.EachPair(t, sandboxtest.UpgradePairs(t), func(t *testing.T, p sandboxtest.Pair) {
		src := globalVariables(t, startServer(t, p.Source))
		dst := globalVariables(t, startServer(t, p.Target))
		reported := driftFindings(p.Source.Binary.Flavor, p.Target.Binary.Flavor, src)
		for _, name := range sortedKeys(reported) {
			if strings.HasPrefix(name, "optimizer_switch:") {
				continue // a flag: checkSharedFlags compares it
			}
			got, ok := dst[name]
			if !ok || !knowledge.SameValue(name, got, reported[name]) {
				t.Errorf("%s: the KB says its default becomes %q on %s; the binary reports %q (present: %v)", name, reported[name], p.Target.Name(), got, ok)
			}
		}
		var changed, excused []string
		for _, name := range sortedKeys(src) {
			got, ok := dst[name]
			if !ok || knowledge.SameValue(name, src[name], got) {
				continue
			}
			changed = append(changed, name)
			if name == "optimizer_switch" {
				checkSharedFlags(t, src[name], got, reported)
				excused = append(excused, name)
				continue
			}
			if notBehaviour[name] != "" {
				excused = append(excused, name)
				continue
			}
			if _, ok := reported[name]; !ok {
				t.Errorf("%s: %q on %s, %q on %s, but the KB reports no default drift", name, src[name], p.Source.Name(), got, p.Target.Name())
			}
		}
		t.Logf("%d defaults differ between the binaries, %d reported as drift, %d not behaviour (%v)", len(changed), len(reported), len(excused), excused)
	})
}

// driftFindings runs the rules on a snapshot of a --no-defaults server
// (every value compiled in) with the target, and returns the variables of
// the default-drift findings with the target default each states.
func driftFindings(source, target flavor.Flavor, vars map[string]string) map[string]string {
	snap := rules.Snapshot{Flavor: source, Target: &target, Variables: map[string]rules.Setting{}}
	for name, v := range vars {
		snap.Variables[name] = rules.Setting{Value: v, Origin: rules.OriginCompiled}
	}
	out := map[string]string{}
	for _, f := range rules.Evaluate(snap) {
		if f.ID != rules.RuleDefaultDrift {
			continue
		}
		name := f.Evidence["variable"]
		if flag := f.Evidence["flag"]; flag != "" {
			name = flagKey(flag) // an optimizer_switch flag: checked by checkSharedFlags
		}
		out[name] = f.Evidence["target_default"]
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// notBehaviour are variables whose value differs between two --no-defaults
// binaries for reasons other than a changed default an application would
// notice: the version itself, paths of the sandbox, values computed from
// the machine.
var notBehaviour = map[string]string{
	// the sandbox's and the root's own paths
	"aria_log_dir_path": "path of the sandbox", "basedir": "path of the root", "character_sets_dir": "path of the root",
	"datadir": "path of the sandbox", "lc_messages_dir": "path of the root", "log_error": "path of the sandbox",
	"pid_file": "path of the sandbox", "plugin_dir": "path of the root", "secure_file_priv": "path of the sandbox",
	"slave_load_tmpdir": "path of the sandbox", "socket": "path of the sandbox", "tmpdir": "path of the sandbox",
	"wsrep_data_home_dir": "path of the sandbox", "general_log_file": "path of the sandbox",
	"slow_query_log_file": "path of the sandbox", "log_slow_query_file": "path of the sandbox",
	"ssl_cert": "the sandbox's own certificate (11.4+ would generate one at start-up)", "ssl_key": "the sandbox's own certificate's key",
	// the build itself
	"version": "the version", "version_comment": "the build's comment", "version_source_revision": "the build's commit",
	"version_ssl_library": "the library the build links", "have_ssl": "read-only: 11.4+ generates a certificate at start-up; clients that ask for no TLS are unaffected",
	"character_set_system": "utf8 renamed utf8mb3 (10.6.1): the same character set under its new name",
	"old_mode":             "10.6.1's default UTF8_IS_UTF8MB3 keeps what 10.5 did with an empty old_mode (utf8 means utf8mb3): TestOldModeKeepsUTF8OnRealServers",
	"performance_schema_max_statement_classes": "computed: the number of statement types the build has",
	// sessions of a --no-defaults server: they follow character_set_server
	// and collation_server, whose finding names them
	"character_set_client": "follows character_set_server on a server without client options", "character_set_connection": "follows character_set_server",
	"character_set_database": "follows character_set_server", "character_set_results": "follows character_set_server",
	"collation_connection": "follows collation_server", "collation_database": "follows collation_server",
	// memory and flushing internals: no result, error or DDL changes
	"innodb_buffer_pool_chunk_size":            "0 means sized automatically (10.8+): memory layout only",
	"innodb_log_write_ahead_size":              "follows the device's block size (10.8+): I/O size only",
	"innodb_lru_flush_size":                    "flushing internals",
	"query_alloc_block_size":                   "parser memory blocks",
	"query_prealloc_size":                      "parser memory blocks",
	"innodb_prefix_index_cluster_optimization": "an optimisation that returns the same rows (always on from 10.10, the variable ignored in 11.x)",
	// lists that gained entries for features the older version lacks
	"session_track_system_variables":       "adds redirect_url, a variable 10.x does not have",
	"slave_transaction_retry_errors":       "adds 1020 (innodb_snapshot_isolation's error), which the older version never raises",
	"optimizer_switch":                     "gains flags for optimisations the older version lacks; the flags both have keep their values",
	"optimizer_adjust_secondary_key_costs": "cost-model fixes 11.x folds into its new cost model",
}

// flagKey is how driftFindings names the finding of an optimizer_switch
// flag.
func flagKey(flag string) string { return "optimizer_switch:" + flag }

// checkSharedFlags compares the optimizer_switch flags both binaries have:
// a flag only the newer one has is a new optimisation, not a changed
// default; a shared flag that changes must be a drift finding giving the
// target binary's value, and a flag the rules report must change so.
func checkSharedFlags(t *testing.T, old, now string, reported map[string]string) {
	t.Helper()
	flags := func(v string) map[string]string {
		out := map[string]string{}
		for _, kv := range strings.Split(v, ",") {
			k, val, _ := strings.Cut(kv, "=")
			out[k] = val
		}
		return out
	}
	before, after := flags(old), flags(now)
	for _, k := range sortedKeys(before) {
		v, ok := after[k]
		if !ok || v == before[k] {
			continue
		}
		want, found := reported[flagKey(k)]
		switch {
		case !found:
			t.Errorf("optimizer_switch %s: %s -> %s between the binaries, but the KB reports no drift", k, before[k], v)
		case want != v:
			t.Errorf("optimizer_switch %s: the KB says it becomes %s; the binary reports %s", k, want, v)
		default:
			t.Logf("optimizer_switch %s: %s -> %s, reported as drift", k, before[k], v)
		}
	}
	for key, want := range reported {
		if k, ok := strings.CutPrefix(key, "optimizer_switch:"); ok && after[k] != want {
			t.Errorf("optimizer_switch %s: the KB reports it becomes %s; the binary has %q", k, want, after[k])
		}
	}
}
