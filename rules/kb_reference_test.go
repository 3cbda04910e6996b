//go:build reference

// The cross-check against MySQL Shell's sysvars.json needs that reference
// file, which lives beside the repository and is not part of it. It is built
// only with -tags reference; scripts/test.sh runs it when the file is there
// and says so when it is not, so no skipped test is counted as passing.

package rules

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
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
	from    Version
	value   string
	allowed []string
}

const sysvarsPath = "../../shared/reference/mysql-shell-sysvars.json"

// loadShellSysvars reads the reference file beside the repository, grouped
// by normalised name (the file has both log-warnings and log_warnings).
func loadShellSysvars(t *testing.T) map[string][]shellSysvar {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(sysvarsPath))
	if err != nil {
		t.Fatalf("reference data not available (%v): the cross-check needs ../shared/reference", err)
	}
	var entries []shellSysvar
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatalf("parsing %s: %v", sysvarsPath, err)
	}
	out := map[string][]shellSysvar{}
	for _, e := range entries {
		n := normalizeVarName(e.Name)
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
		from, _ := ParseVersion(e.Version) // "?" reads as the zero version
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
			from, _ := ParseVersion(ver)
			out = append(out, shellDefault{from, v, allowed})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].from.Compare(out[j].from) < 0 })
	return out
}

// defaultAt is the shell data's default in effect at v, or its earliest
// default when v precedes them all.
func defaultAt(tl []shellDefault, v Version) (shellDefault, bool) {
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
				if v, err := ParseVersion(field(e)); err == nil && v == m.At {
					return
				}
			}
			t.Errorf("%s: %s %s is not in sysvars.json", f.Name, what, m.At)
		}
		checkMark("added", l.Added, func(e shellSysvar) string { return e.Version })
		checkMark("deprecated", l.Deprecated, func(e shellSysvar) string { return e.Deprecation })
		checkMark("removed", l.Removed, func(e shellSysvar) string { return e.Removal })
		for _, e := range entries {
			if e.Replacement != "" && e.Replacement != l.Replacement {
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
			checkRemovedValue(t, f.Name, entries, r)
		}
	}
}

// shellHasDefault: some entry has d.Value in effect at d.From and, when the
// knowledge base dates a change (d.From is neither the oldest covered release
// nor the version that added the variable), a different value just before.
func shellHasDefault(t *testing.T, name string, entries []shellSysvar, d Default, added Version) bool {
	for _, e := range entries {
		tl := e.timeline(t)
		sd, ok := defaultAt(tl, d.From)
		if !ok || !SameValue(name, sd.value, d.Value) {
			continue
		}
		if d.From == mysqlBase || d.From == added || d.From.Patch == 0 {
			return true
		}
		before := V(d.From.Major, d.From.Minor, d.From.Patch-1)
		if prev, ok := strictDefaultAt(tl, before); !ok || !SameValue(name, prev.value, d.Value) {
			return true
		}
	}
	return false
}

// strictDefaultAt is the default in effect at v, false before the first one.
func strictDefaultAt(tl []shellDefault, v Version) (shellDefault, bool) {
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
