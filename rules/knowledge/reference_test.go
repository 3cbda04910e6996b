//go:build reference

// The cross-check against MySQL Shell's sysvars.json needs that reference
// file, which lives beside the repository and is not part of it. It is built
// only with -tags reference; scripts/test.sh runs it when the file is there
// and says so when it is not, so no skipped test is counted as passing.

package knowledge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// shellSysvar is one entry of MySQL Shell's sysvars.json.
type shellSysvar struct {
	Name        string                       `json:"name"`
	Version     string                       `json:"version"`
	Deprecation string                       `json:"deprecation"`
	Removal     string                       `json:"removal"`
	Replacement string                       `json:"replacement"`
	Initial     map[string]shellPlatform     `json:"initial"`
	Changes     []map[string]json.RawMessage `json:"changes"`
}

type shellPlatform struct {
	Default map[string]string   `json:"default"`
	Allowed map[string][]string `json:"allowed"`
}

// shellDefault is one default of the shell data, from a version on.
type shellDefault struct {
	from    flavor.Version
	value   string
	allowed []string
}

const sysvarsPath = "../../../shared/reference/mysql-shell-sysvars.json"

// loadShellSysvars reads the reference file beside the repository, grouped
// by normalised name (the file has both log-warnings and log_warnings).
func loadShellSysvars(t *testing.T) map[string][]shellSysvar {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(sysvarsPath))
	if err != nil { // a checkout one directory deeper sees it one more level up
		data, err = os.ReadFile(filepath.FromSlash("../" + sysvarsPath))
	}
	if err != nil {
		t.Fatalf("reference data not available (%v): the cross-check needs ../shared/reference", err)
	}
	var entries []shellSysvar
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatalf("parsing %s: %v", sysvarsPath, err)
	}
	out := map[string][]shellSysvar{}
	for _, e := range entries {
		n := NormalizeName(e.Name)
		out[n] = append(out[n], e)
	}
	return out
}

var unitSuffix = regexp.MustCompile(`\s*\(.*\)$`)

// pickDefault reads a default from a platform block: "all" platforms first,
// then Unix; "all" word sizes first, then 64-bit.
func pickDefault(blocks map[string]shellPlatform) (string, []string, bool) {
	for _, p := range []string{"all", "unix", "linux"} {
		b, ok := blocks[p]
		if !ok {
			continue
		}
		for _, k := range []string{"all", "64"} {
			if v, ok := b.Default[k]; ok {
				return unitSuffix.ReplaceAllString(v, ""), b.Allowed["all"], true
			}
		}
	}
	return "", nil, false
}

// timeline returns an entry's defaults in version order.
func (e shellSysvar) timeline(t *testing.T) []shellDefault {
	var out []shellDefault
	if v, allowed, ok := pickDefault(e.Initial); ok {
		from, _ := flavor.ParseVersion(e.Version) // "?" reads as the zero version
		out = append(out, shellDefault{from, v, allowed})
	}
	for _, c := range e.Changes {
		var ver string
		if err := json.Unmarshal(c["version"], &ver); err != nil {
			t.Fatalf("%s: change without version", e.Name)
		}
		blocks := map[string]shellPlatform{}
		for k, raw := range c {
			if k == "version" {
				continue
			}
			var p shellPlatform
			if err := json.Unmarshal(raw, &p); err != nil {
				t.Fatalf("%s %s: %v", e.Name, ver, err)
			}
			blocks[k] = p
		}
		if v, allowed, ok := pickDefault(blocks); ok {
			from, _ := flavor.ParseVersion(ver)
			out = append(out, shellDefault{from, v, allowed})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].from.Compare(out[j].from) < 0 })
	return out
}

// defaultAt is the shell data's default in effect at v, or its earliest
// default when v precedes them all.
func defaultAt(tl []shellDefault, v flavor.Version) (shellDefault, bool) {
	if len(tl) == 0 {
		return shellDefault{}, false
	}
	found := tl[0]
	for _, d := range tl {
		if d.from.Compare(v) <= 0 {
			found = d
		}
	}
	return found, true
}

// Facts where the knowledge base departs from sysvars.json on purpose.
var shellExceptions = map[string]string{
	"binlog_format":     "sysvars.json lists MIXED from 5.5.31, the NDB Cluster default; the server kept STATEMENT until 5.7.7",
	"log_slave_updates": "sysvars.json names log_slave_updates as its own replacement; it is log_replica_updates",
}

// TestKBAgreesWithShellSysvars checks every MySQL fact sourced SHJ against
// sysvars.json: added, deprecated and removed versions, replacements, and
// defaults at the versions the knowledge base gives.
func TestKBAgreesWithShellSysvars(t *testing.T) {
	shell := loadShellSysvars(t)
	for _, f := range knowledgeBase {
		l := f.MySQL
		if l == nil || l.Never || shellExceptions[f.Name] != "" {
			continue
		}
		entries := shell[f.Name]
		checkMark := func(what string, m Mark, field func(shellSysvar) string) {
			if m.Src != SrcSHJ {
				return
			}
			for _, e := range entries {
				if v, err := flavor.ParseVersion(field(e)); err == nil && v == m.At {
					return
				}
			}
			t.Errorf("%s: %s %s is not in sysvars.json", f.Name, what, m.At)
		}
		checkMark("added", l.Added, func(e shellSysvar) string { return e.Version })
		checkMark("deprecated", l.Deprecated, func(e shellSysvar) string { return e.Deprecation })
		checkMark("removed", l.Removed, func(e shellSysvar) string { return e.Removal })
		for _, e := range entries {
			// Dotted replacements are component variables (syseventlog.tag), not options the KB converts to.
			if e.Replacement != "" && e.Replacement != l.Replacement && !strings.Contains(e.Replacement, ".") {
				t.Errorf("%s: replacement %q, sysvars.json says %q", f.Name, l.Replacement, e.Replacement)
			}
		}
		for _, d := range l.Defaults {
			if d.Src != SrcSHJ || d.Computed {
				continue
			}
			if !shellHasDefault(t, f.Name, entries, d, l.Added.At) {
				t.Errorf("%s: default %q from %s does not match sysvars.json", f.Name, d.Value, d.From)
			}
		}
		for _, r := range l.RemovedValues {
			if r.Removed.Src == SrcSHJ {
				checkRemovedValue(t, f.Name, entries, r)
			}
		}
	}
}

// shellHasDefault: some entry has d.Value in effect at d.From and, when the
// knowledge base dates a change (d.From is neither the oldest covered release
// nor the version that added the variable), a different value just before.
func shellHasDefault(t *testing.T, name string, entries []shellSysvar, d Default, added flavor.Version) bool {
	for _, e := range entries {
		tl := e.timeline(t)
		sd, ok := defaultAt(tl, d.From)
		if !ok || !SameValue(name, shellEmpty(sd.value), d.Value) {
			continue
		}
		if d.From == mysqlBase || d.From == added || d.From.Patch == 0 {
			return true
		}
		before := flavor.V(d.From.Major, d.From.Minor, d.From.Patch-1)
		if prev, ok := strictDefaultAt(tl, before); !ok || !SameValue(name, prev.value, d.Value) {
			return true
		}
	}
	return false
}

// shellEmpty reads the data's spellings of an empty value ("NULL",
// "empty string") as the empty string SHOW VARIABLES displays.
func shellEmpty(v string) string {
	switch v {
	case "NULL", "empty", "empty string", "''":
		return ""
	}
	return v
}

// strictDefaultAt is the default in effect at v, false before the first one.
func strictDefaultAt(tl []shellDefault, v flavor.Version) (shellDefault, bool) {
	var found shellDefault
	ok := false
	for _, d := range tl {
		if d.from.Compare(v) <= 0 {
			found, ok = d, true
		}
	}
	return found, ok
}

// checkRemovedValue: the allowed list in effect at the removal lacks the
// value, and an earlier allowed list had it.
func checkRemovedValue(t *testing.T, name string, entries []shellSysvar, r ValueRemoval) {
	for _, e := range entries {
		var before, at []string
		for _, d := range e.timeline(t) {
			if d.allowed == nil {
				continue
			}
			if d.from.Compare(r.Removed.At) < 0 {
				before = d.allowed
			} else if d.from == r.Removed.At {
				at = d.allowed
			}
		}
		if at != nil && containsFold(before, r.Value) && !containsFold(at, r.Value) {
			return
		}
	}
	t.Errorf("%s: sysvars.json does not show %s removed in %s", name, r.Value, r.Removed.At)
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// The coverage the README states: the percentage of core sysvars.json
// variables removed, or with a changed default, in 5.7.0-8.4 and in
// 9.0-9.7 that the knowledge base describes. The test fails below them.
const (
	kbCoverageClaim  = 99.0 // 184 of 185 when written
	kb9CoverageClaim = 96.0 // 26 of 27 when written
)

// coreShellVariable leaves out what the knowledge base does not cover on
// purpose: NDB, group replication, keyring, components (dotted names) and
// Enterprise or optional plugins.
var nonCoreShellVariable = regexp.MustCompile(`^(ndb|group_replication|keyring|audit_log|authentication_ldap|authentication_fido|thread_pool|version_tokens|validate_password)|\.`)

// shellInScope reports whether an entry was removed, or changed its
// default, in [from, to).
func shellInScope(t *testing.T, e shellSysvar, from, to flavor.Version) (removed bool, changes []flavor.Version) {
	in := func(v flavor.Version) bool { return v.Compare(from) >= 0 && v.Compare(to) < 0 }
	if v, err := flavor.ParseVersion(e.Removal); err == nil && e.Removal != "" && in(v) {
		removed = true
	}
	for _, c := range e.Changes {
		var ver string
		_ = json.Unmarshal(c["version"], &ver)
		if v, err := flavor.ParseVersion(ver); err == nil && in(v) {
			changes = append(changes, v)
		}
	}
	return removed, changes
}

// shellDisagreements are variables where a real binary contradicts
// sysvars.json and the knowledge base follows the binary; they count as
// described (the disagreement is the description) and are printed.
var shellDisagreements = map[string]string{
	"innodb_api_bk_commit_interval": "removed in 8.3.0 per sysvars.json; MySQL 9.7.4 still has it",
	"innodb_api_disable_rowlock":    "removed in 8.3.0 per sysvars.json; MySQL 9.7.4 still has it",
	"innodb_api_enable_binlog":      "removed in 8.3.0 per sysvars.json; MySQL 9.7.4 still has it",
	"innodb_api_enable_mdl":         "removed in 8.3.0 per sysvars.json; MySQL 9.7.4 still has it",
	"innodb_api_trx_level":          "removed in 8.3.0 per sysvars.json; MySQL 9.7.4 still has it",
}

// kbDescribes reports whether the knowledge base knows what sysvars.json
// says happened to a variable in a range: the removal (refused or ignored)
// and a default dated at one of the changes (or the variable's removal,
// which makes its later defaults moot).
func kbDescribes(name string, removed bool, changes []flavor.Version) bool {
	f, ok := Lookup(name)
	if !ok || f.MySQL == nil || f.MySQL.Never {
		return false
	}
	if shellDisagreements[name] != "" {
		return true
	}
	l := f.MySQL
	if removed && l.Removed.IsZero() && l.Ignored.IsZero() {
		return false
	}
	if len(changes) == 0 {
		return true
	}
	for _, c := range changes {
		for _, d := range l.Defaults {
			if d.From == c {
				return true
			}
		}
		if !l.Removed.IsZero() && c.Compare(l.Removed.At) >= 0 {
			return true
		}
	}
	// A change the data gives without a value (e.g. "9.0.0": null) is only
	// a note; count the variable as described when the KB has its defaults.
	return len(l.Defaults) > 0
}

// TestKBCoverageOfShellSysvars prints and enforces the coverage figure.
func TestKBCoverageOfShellSysvars(t *testing.T) {
	shell := loadShellSysvars(t)
	for _, r := range []struct {
		label    string
		from, to flavor.Version
		claim    float64
	}{
		{"5.7.0-8.4", flavor.V(5, 7, 0), flavor.V(8, 5, 0), kbCoverageClaim},
		{"9.0.0-9.7", flavor.V(9, 0, 0), flavor.V(9, 8, 0), kb9CoverageClaim},
	} {
		var total, covered int
		var missing []string
		for name, entries := range shell {
			if nonCoreShellVariable.MatchString(name) {
				continue
			}
			var removed bool
			var changes []flavor.Version
			for _, e := range entries {
				rm, ch := shellInScope(t, e, r.from, r.to)
				removed = removed || rm
				changes = append(changes, ch...)
			}
			if !removed && len(changes) == 0 {
				continue
			}
			total++
			if kbDescribes(name, removed, changes) {
				covered++
			} else {
				missing = append(missing, name)
			}
		}
		sort.Strings(missing)
		pct := 100 * float64(covered) / float64(max(total, 1))
		t.Logf("coverage %s: %d of %d core sysvars.json variables removed or with a changed default (%.1f%%); missing: %v; "+
			"following the real binary instead: %d", r.label, covered, total, pct, missing, len(shellDisagreements))
		if pct < r.claim {
			t.Errorf("coverage %s is %.1f%%, below the %.0f%% the README claims", r.label, pct, r.claim)
		}
	}
}
