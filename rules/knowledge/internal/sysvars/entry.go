package sysvars

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Entry is one variable of sysvars.json. Versions are strings as the file
// writes them ("8.0.21", sometimes "?" or empty).
type Entry struct {
	Name        string                       `json:"name"`
	Version     string                       `json:"version"`
	Deprecation string                       `json:"deprecation"`
	Removal     string                       `json:"removal"`
	Replacement string                       `json:"replacement"`
	Initial     map[string]Platform          `json:"initial"`
	Changes     []map[string]json.RawMessage `json:"changes"`
}

// Platform is the default and allowed values for one platform ("all",
// "unix", "linux", "windows"), keyed by word size ("all", "32", "64").
type Platform struct {
	Default map[string]string   `json:"default"`
	Allowed map[string][]string `json:"allowed"`
}

// Default is one default of an entry, in effect from a version on, with the
// values allowed from then (nil when the data does not say).
type Default struct {
	From    flavor.Version
	Value   string
	Allowed []string
}

// Load reads and parses a copy of sysvars.json.
func Load(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading MySQL Shell's sysvars.json: %w", err)
	}
	var entries []Entry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", path, err)
	}
	return entries, nil
}

// ByName groups entries by normalised name.
func ByName(entries []Entry) map[string][]Entry {
	out := map[string][]Entry{}
	for _, e := range entries {
		n := flavor.OptionName(e.Name)
		out[n] = append(out[n], e)
	}
	return out
}

// nonCore matches what the knowledge base leaves out on purpose: NDB, group
// replication, keyring, components (dotted names) and Enterprise or
// optional plugins.
var nonCore = regexp.MustCompile(`^(ndb|group_replication|keyring|audit_log|authentication_ldap|authentication_fido|thread_pool|version_tokens|validate_password)|\.`)

// Core reports whether a (normalised) name is a core server variable.
func Core(name string) bool { return !nonCore.MatchString(name) }

// unitSuffix is the unit or readable size the file appends to a number:
// "8912 (Bytes)", "16384 (16 KB)".
var unitSuffix = regexp.MustCompile(`\s*\(.*\)$`)

// pickDefault reads a default from a platform block: "all" platforms first,
// then Unix, then Linux; "all" word sizes first, then 64-bit. The unit
// suffix is dropped.
func pickDefault(blocks map[string]Platform) (string, []string, bool) {
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

// Timeline returns the entry's defaults in version order: the initial one
// at the version that added the variable (the zero version when the file
// gives none or "?"), then one per change that gives a default.
func (e Entry) Timeline() ([]Default, error) {
	var out []Default
	if v, allowed, ok := pickDefault(e.Initial); ok {
		from, _ := flavor.ParseVersion(e.Version) // "?" reads as the zero version
		out = append(out, Default{from, v, allowed})
	}
	for _, c := range e.Changes {
		ver, blocks, err := parseChange(c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name, err)
		}
		if v, allowed, ok := pickDefault(blocks); ok {
			from, _ := flavor.ParseVersion(ver)
			out = append(out, Default{from, v, allowed})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].From.Compare(out[j].From) < 0 })
	return out, nil
}

// parseChange splits a change into its version and its platform blocks.
func parseChange(c map[string]json.RawMessage) (string, map[string]Platform, error) {
	var ver string
	if err := json.Unmarshal(c["version"], &ver); err != nil {
		return "", nil, fmt.Errorf("a change without a version: %w", err)
	}
	blocks := map[string]Platform{}
	for k, raw := range c {
		if k == "version" {
			continue
		}
		var p Platform
		if err := json.Unmarshal(raw, &p); err != nil {
			return "", nil, fmt.Errorf("change %s, %s: %w", ver, k, err)
		}
		blocks[k] = p
	}
	return ver, blocks, nil
}

// InScope reports whether the entry was removed, or changed (its default or
// allowed values, or a change without a value), in [from, to), with the
// versions of those changes.
func (e Entry) InScope(from, to flavor.Version) (removed bool, changes []flavor.Version) {
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

// EmptyValue reads the data's spellings of an empty value ("NULL", "empty",
// "empty string", two single quotes) as the empty string SHOW VARIABLES displays.
func EmptyValue(v string) string {
	switch v {
	case "NULL", "empty", "empty string", "''":
		return ""
	}
	return v
}
