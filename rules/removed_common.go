package rules

// What the removed-variable rule's findings share (check_removed_vars.go,
// check_removed_vars_ignored.go): their ids, the explicit settings they are
// about and the evidence they carry.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Ids of the removed-variable rule and of its findings: removed (or unknown
// to the target) variables carry the rule's id.
const (
	ruleRemovedVariable       = "removed-variable"
	findingDeprecatedVariable = "deprecated-variable"
	findingRemovedValue       = "removed-value"
)

// explicitSetting is one variable the user sets: where, to what, and how
// the server reports it.
type explicitSetting struct {
	name    string
	value   string
	options []ConfigOption // option-file lines that set it (may be empty)
	origin  Origin         // the server's origin; "" when the server was not read
}

// allLoose reports whether the setting comes only from loose- options.
func (e explicitSetting) allLoose() bool {
	if len(e.options) == 0 {
		return false
	}
	for _, o := range e.options {
		if !o.Loose {
			return false
		}
	}
	return true
}

// runtimeOnly reports whether the setting was only changed with SET GLOBAL.
func (e explicitSetting) runtimeOnly() bool { return len(e.options) == 0 && e.origin == OriginRuntime }

func (e explicitSetting) locations() string {
	locs := make([]string, 0, len(e.options))
	for _, o := range e.options {
		locs = append(locs, o.Location())
	}
	return strings.Join(locs, ", ")
}

// Location is where the option was read, as file:line.
func (o ConfigOption) Location() string {
	file := o.File
	if file == "" {
		file = "option file"
	}
	return fmt.Sprintf("%s:%d", file, o.Line)
}

// explicitSettings collects the variables set in option files the target
// reads (in file order), then those the server reports as set by config or
// at runtime that the files did not show (by name).
func explicitSettings(s Snapshot) []explicitSetting {
	var out []explicitSetting
	index := map[string]int{}
	for _, o := range s.Config {
		if !s.Target.ReadsOptionGroup(o.Section) {
			continue
		}
		name := ConfigVarName(o.Name)
		if i, ok := index[name]; ok {
			out[i].options = append(out[i].options, o)
			out[i].value = o.Value // the last occurrence wins
			continue
		}
		index[name] = len(out)
		out = append(out, explicitSetting{name: name, value: o.Value, options: []ConfigOption{o}})
	}
	var fromServer []explicitSetting
	for name, st := range s.Variables {
		name = flavor.OptionName(name)
		if !st.Origin.Explicit() {
			continue
		}
		if i, ok := index[name]; ok {
			out[i].origin = st.Origin
			continue
		}
		fromServer = append(fromServer, explicitSetting{name: name, value: st.Value, origin: st.Origin})
	}
	sort.Slice(fromServer, func(i, j int) bool { return fromServer[i].name < fromServer[j].name })
	return append(out, fromServer...)
}

// ConfigVarName returns the variable an option sets: "-" is "_", and the
// loose-, skip-, enable- and disable- prefixes of known variables are dropped
// ("skip-log-bin" sets log_bin).
func ConfigVarName(option string) string {
	name := strings.TrimPrefix(flavor.OptionName(option), "loose_")
	for _, prefix := range []string{"skip_", "enable_", "disable_"} {
		rest, ok := strings.CutPrefix(name, prefix)
		if _, known := knowledge.Lookup(rest); ok && known {
			return rest
		}
	}
	return name
}

// configSets reports whether an option that a server of flavor fl reads
// sets the variable name.
func configSets(config []ConfigOption, fl flavor.Flavor, name string) bool {
	for _, o := range config {
		if ConfigVarName(o.Name) == name && fl.ReadsOptionGroup(o.Section) {
			return true
		}
	}
	return false
}

// where says how the setting was found.
func (e explicitSetting) where() string {
	val := showRaw(e.value)
	switch {
	case len(e.options) > 0:
		return fmt.Sprintf("it is set to %s in %s", val, e.locations())
	case e.origin == OriginRuntime:
		return fmt.Sprintf("the server runs with %s set at runtime (SET GLOBAL)", val)
	case e.origin == OriginPersisted:
		return fmt.Sprintf("it is persisted as %s with SET PERSIST (mysqld-auto.cnf in the datadir, read at every start; RESET PERSIST removes it)", val)
	}
	return fmt.Sprintf("the server reports it set to %s by an option file or the command line", val)
}

// originLabel is the server's origin, or "config" for a setting seen only
// in the option files.
func (e explicitSetting) originLabel() string {
	if e.origin == "" && len(e.options) > 0 {
		return string(OriginConfig)
	}
	return originLabel(e.origin)
}

func lifecycleEvidence(s Snapshot, f knowledge.Fact, e explicitSetting, lc knowledge.Lifecycle) map[string]string {
	ev := map[string]string{
		"variable": f.Name,
		"state":    lc.State.String(),
		"target":   VersionLabel(*s.Target),
		"value":    e.value,
		"origin":   e.originLabel(),
	}
	if !lc.Since.IsZero() {
		ev["since"] = lc.Since.String()
	}
	if lc.Replacement != "" {
		ev["replacement"] = lc.Replacement
	}
	if len(e.options) > 0 {
		ev["locations"] = e.locations()
	}
	return ev
}
