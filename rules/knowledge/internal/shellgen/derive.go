package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge/internal/sysvars"
)

// fact is one generated entry: MySQL facts only, all sourced SrcSHJ.
type fact struct {
	name                       string
	kind                       string // the knowledge.ValueKind constant's name
	added, deprecated, removed flavor.Version
	replacement                string
	notOption                  bool
	defaults                   []dflt
	why                        []string // reasons of the overrides applied, written above the facts
}

// dflt is a default from a version on; computed ones carry the data's rule.
type dflt struct {
	from     flavor.Version
	value    string
	computed bool
}

// The selection: the core variables (sysvars.Core) that sysvars.json lists
// as removed, or as changed, in [scopeFrom, scopeTo), and that the
// hand-written tables do not describe. These are the variables the
// reference test's coverage figure counts.
var (
	scopeFrom = flavor.V(5, 7, 0)
	scopeTo   = flavor.V(9, 8, 0)
	// mysqlBase is the oldest release the knowledge base covers: an earlier
	// "added" version is dropped and earlier defaults start here.
	mysqlBase = flavor.V(5, 5, 0)
)

// derive selects the variables and derives their facts, sorted by name.
func derive(entries []sysvars.Entry, handwritten map[string]bool) (map[string]*fact, error) {
	out := map[string]*fact{}
	for name, group := range sysvars.ByName(entries) {
		if !sysvars.Core(name) || handwritten[name] || !inScope(group) {
			continue
		}
		if len(group) != 1 {
			return nil, fmt.Errorf("%s: %d entries in sysvars.json; the generator reads one per variable", name, len(group))
		}
		f, err := deriveFact(name, group[0])
		if err != nil {
			return nil, err
		}
		out[name] = f
	}
	return out, nil
}

// inScope reports whether some entry was removed or changed in scope.
func inScope(group []sysvars.Entry) bool {
	for _, e := range group {
		if removed, changes := e.InScope(scopeFrom, scopeTo); removed || len(changes) > 0 {
			return true
		}
	}
	return false
}

// deriveFact takes an entry's versions and defaults:
//   - added is the entry's version when at or after 5.5.0 (earlier ones
//     predate the covered versions); deprecated and removed are taken as
//     they are;
//   - the replacement is taken unless it is a component variable (dotted);
//   - defaults start at the later of their version, 5.5.0 and added; a
//     default equal to the one before it is dropped;
//   - the data's spellings of an empty value ("NULL", "empty string", two single quotes)
//     are the empty string; "-1" is a default the server sizes at start-up,
//     and a default written as a rule (any value with a space) is a computed
//     default whose value is the rule.
func deriveFact(name string, e sysvars.Entry) (*fact, error) {
	f := &fact{name: name}
	if v, ok := version(e.Version); ok && v.Compare(mysqlBase) >= 0 {
		f.added = v
	}
	f.deprecated, _ = version(e.Deprecation)
	f.removed, _ = version(e.Removal)
	if !strings.Contains(e.Replacement, ".") {
		f.replacement = e.Replacement
	}
	timeline, err := e.Timeline()
	if err != nil {
		return nil, err
	}
	for _, d := range timeline {
		from := latest(d.From, mysqlBase, f.added)
		next := dflt{from: from, value: sysvars.EmptyValue(d.Value)}
		if next.value == "-1" {
			next = dflt{from: from, value: "autosized at start-up (-1)", computed: true}
		} else if strings.ContainsAny(next.value, " \t") {
			next.computed = true
		}
		switch n := len(f.defaults); {
		case n > 0 && f.defaults[n-1].from == from:
			f.defaults[n-1] = next
		case n > 0 && f.defaults[n-1].value == next.value && f.defaults[n-1].computed == next.computed:
		default:
			f.defaults = append(f.defaults, next)
		}
	}
	f.kind = kindOf(f.defaults)
	return f, nil
}

// version reads a version of the data; false when absent or unreadable.
func version(s string) (flavor.Version, bool) {
	if s == "" {
		return flavor.Version{}, false
	}
	v, err := flavor.ParseVersion(s)
	return v, err == nil
}

// latest returns the latest of versions.
func latest(vs ...flavor.Version) flavor.Version {
	out := vs[0]
	for _, v := range vs[1:] {
		if v.Compare(out) > 0 {
			out = v
		}
	}
	return out
}

var (
	numberValue = regexp.MustCompile(`^-?\d+[KMG]?$`)
	enumValue   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
)

// kindOf tells how values compare from the literal, non-empty defaults:
// all ON/OFF is a boolean, all integers a number, a comma-separated list a
// set, all single words an enum, anything else (or no literal default) a
// string.
func kindOf(defaults []dflt) string {
	var values []string
	for _, d := range defaults {
		if !d.computed && d.value != "" {
			values = append(values, d.value)
		}
	}
	all := func(ok func(string) bool) bool {
		for _, v := range values {
			if !ok(v) {
				return false
			}
		}
		return len(values) > 0
	}
	switch {
	case all(func(v string) bool { return v == "ON" || v == "OFF" }):
		return "KindBool"
	case all(numberValue.MatchString):
		return "KindNumber"
	case !all(func(v string) bool { return !strings.Contains(v, ",") }) && len(values) > 0:
		return "KindSet"
	case all(enumValue.MatchString):
		return "KindEnum"
	}
	return "KindString"
}

// sorted returns the facts in name order.
func sorted(facts map[string]*fact) []*fact {
	out := make([]*fact, 0, len(facts))
	for _, f := range facts {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}
