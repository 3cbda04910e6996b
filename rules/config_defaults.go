package rules

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Offline drift: `check --config my.cnf --server-version V` knows no live
// values, but a variable that no option file sets runs at the compiled-in
// default of version V, which the knowledge base knows. SettingsFromConfig
// turns the option files and the version into the settings a live server
// would report, so the rules judge them as they judge a live server.

// SettingsFromConfig returns the settings a server of flavor fl runs with
// when only its option files are known: every variable the knowledge base
// gives a literal default for in fl, with origin compiled, overridden by
// the options of the sections fl reads (origin config, last one wins).
// Variables whose default the server computes at start-up are left out.
func SettingsFromConfig(fl flavor.Flavor, config []ConfigOption) map[string]Setting {
	out := map[string]Setting{}
	for _, name := range knowledge.Names() {
		f, _ := knowledge.Lookup(name)
		if v, ok := f.DefaultFor(fl); ok {
			out[name] = Setting{Value: v, Origin: OriginCompiled}
		}
	}
	for _, o := range config {
		if !fl.ReadsOptionGroup(o.Section) {
			continue
		}
		out[ConfigVarName(o.Name)] = Setting{Value: o.ServerValue(), Origin: OriginConfig}
	}
	return out
}

// ServerValue is the value an option sets: skip-X and disable-X set X
// to OFF, enable-X and a bare X set it to ON.
func (o ConfigOption) ServerValue() string {
	name := strings.TrimPrefix(flavor.OptionName(o.Name), "loose_")
	switch {
	case strings.HasPrefix(name, "skip_") || strings.HasPrefix(name, "disable_"):
		return "OFF"
	case o.Value == "":
		return "ON"
	}
	return o.Value
}

// withConfigDefaults fills an offline snapshot: when no variables were read
// (check with --config and no --variables) and the server's version is one
// the knowledge base covers, the variables come from SettingsFromConfig.
func withConfigDefaults(s Snapshot) Snapshot {
	if len(s.Variables) > 0 || s.Flavor.Version.IsZero() || !knowledge.Covers(s.Flavor) {
		return s
	}
	s.Variables = SettingsFromConfig(s.Flavor, s.Config)
	return s
}
