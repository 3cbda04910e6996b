//go:build reference

// The cross-check against MySQL Shell's sysvars.json needs that reference
// file, which lives beside the repository and is not part of it. It is built
// only with -tags reference; scripts/test.sh runs it when the file is there
// and says so when it is not, so no skipped test is counted as passing.

package knowledge

import (
	"sort"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge/internal/sysvars"
)

// loadShellSysvars reads the reference copy of sysvars.json (see
// sysvars.Locate), grouped by normalised name.
func loadShellSysvars(t *testing.T) map[string][]sysvars.Entry {
	t.Helper()
	path, err := sysvars.Locate("")
	if err != nil {
		t.Fatalf("reference data not available: %v", err)
	}
	entries, err := sysvars.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return sysvars.ByName(entries)
}

// timeline returns an entry's defaults in version order.
func timeline(t *testing.T, e sysvars.Entry) []sysvars.Default {
	t.Helper()
	tl, err := e.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// defaultAt is the shell data's default in effect at v, or its earliest
// default when v precedes them all.
func defaultAt(tl []sysvars.Default, v flavor.Version) (sysvars.Default, bool) {
	if len(tl) == 0 {
		return sysvars.Default{}, false
	}
	found := tl[0]
	for _, d := range tl {
		if d.From.Compare(v) <= 0 {
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
		checkMark := func(what string, m Mark, field func(sysvars.Entry) string) {
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
		checkMark("added", l.Added, func(e sysvars.Entry) string { return e.Version })
		checkMark("deprecated", l.Deprecated, func(e sysvars.Entry) string { return e.Deprecation })
		checkMark("removed", l.Removed, func(e sysvars.Entry) string { return e.Removal })
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
func shellHasDefault(t *testing.T, name string, entries []sysvars.Entry, d Default, added flavor.Version) bool {
	for _, e := range entries {
		tl := timeline(t, e)
		sd, ok := defaultAt(tl, d.From)
		if !ok || !SameValue(name, sysvars.EmptyValue(sd.Value), d.Value) {
			continue
		}
		if d.From == mysqlBase || d.From == added || d.From.Patch == 0 {
			return true
		}
		before := flavor.V(d.From.Major, d.From.Minor, d.From.Patch-1)
		if prev, ok := strictDefaultAt(tl, before); !ok || !SameValue(name, prev.Value, d.Value) {
			return true
		}
	}
	return false
}

// strictDefaultAt is the default in effect at v, false before the first one.
func strictDefaultAt(tl []sysvars.Default, v flavor.Version) (sysvars.Default, bool) {
	var found sysvars.Default
	ok := false
	for _, d := range tl {
		if d.From.Compare(v) <= 0 {
			found, ok = d, true
		}
	}
	return found, ok
}

// checkRemovedValue: the allowed list in effect at the removal lacks the
// value, and an earlier allowed list had it.
func checkRemovedValue(t *testing.T, name string, entries []sysvars.Entry, r ValueRemoval) {
	for _, e := range entries {
		var before, at []string
		for _, d := range timeline(t, e) {
			if d.Allowed == nil {
				continue
			}
			if d.From.Compare(r.Removed.At) < 0 {
				before = d.Allowed
			} else if d.From == r.Removed.At {
				at = d.Allowed
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
			if !sysvars.Core(name) {
				continue
			}
			var removed bool
			var changes []flavor.Version
			for _, e := range entries {
				rm, ch := e.InScope(r.from, r.to)
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
