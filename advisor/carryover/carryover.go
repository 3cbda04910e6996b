package carryover

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Carrying today's settings to a server of another version (or vendor):
// which options the target refuses or ignores (dropped, with what replaces
// them), which it knows under another name (translated), which values it
// no longer accepts (flagged), and which memory sizes a sandbox caps. The
// rehearsal starts a sandbox of the target with the result, after the
// target's own binary has validated it; the report lists every decision.

// CarryAction is what happened to one of today's settings on the way to
// the target.
type CarryAction string

// The carry-over actions.
const (
	Carried    CarryAction = "carried"    // the target takes it as it is
	Translated CarryAction = "translated" // the target knows it under another name or unit
	Dropped    CarryAction = "dropped"    // the target refuses or ignores it
	Flagged    CarryAction = "flagged"    // carried with values the target no longer accepts removed
	Machine    CarryAction = "machine"    // a path, port or identity: the sandbox sets its own
)

// CarrySetting is one of today's explicit settings: from an option file
// (Where is file:line) or reported by the server as set in a file or
// persisted (Where says so).
type CarrySetting struct {
	Name, Value, Where string
}

// CarriedOption is the decision for one of today's settings.
type CarriedOption struct {
	Name   string      `json:"name"`
	Value  string      `json:"value"`
	Where  string      `json:"where"`
	Action CarryAction `json:"action"`
	// TargetName and TargetValue are what the target's my.cnf gets (empty
	// when dropped); SandboxValue is what a sandbox gets (capped memory).
	TargetName   string `json:"target_name,omitempty"`
	TargetValue  string `json:"target_value,omitempty"`
	SandboxValue string `json:"sandbox_value,omitempty"`
	// Replacement is what replaces a dropped option, when anything does.
	Replacement string `json:"replacement,omitempty"`
	Why         string `json:"why"`
	Source      string `json:"source,omitempty"`
	// JoinedInto names the option of today's whose target line holds this
	// option's flags too (both become flags of one variable, e.g.
	// wsrep_mode): this option writes no line of its own.
	JoinedInto string `json:"joined_into,omitempty"`
}

// Carryover is today's settings carried to a target.
type Carryover struct {
	From, To  flavor.Flavor
	Migration bool
	Options   []CarriedOption
}

// CarryOver decides, for each of today's settings, what a server of flavor
// to gets. Settings are taken in order; a later one of the same name
// replaces an earlier one, as in an option file.
func CarryOver(from, to flavor.Flavor, settings []CarrySetting) Carryover {
	c := Carryover{From: from, To: to, Migration: rules.IsMigration(from, to)}
	latest := map[string]CarrySetting{}
	var names []string
	for _, s := range settings {
		n := rules.ConfigVarName(s.Name)
		if _, seen := latest[n]; !seen {
			names = append(names, n)
		}
		s.Name = n
		latest[n] = s
	}
	for _, n := range names {
		if n == "innodb_log_files_in_group" && redoCapacityTarget(to) {
			continue // folded into innodb_log_file_size's translation below
		}
		c.Options = append(c.Options, carryOne(from, to, latest[n], latest))
	}
	if s, ok := latest["innodb_log_files_in_group"]; ok && redoCapacityTarget(to) {
		opt := CarriedOption{Name: s.Name, Value: s.Value, Where: s.Where, Action: Translated,
			Why: "folded into innodb_redo_log_capacity (innodb_log_file_size x innodb_log_files_in_group)", Source: string(knowledge.SrcSHJ)}
		if _, ok := latest["innodb_log_file_size"]; !ok {
			opt.Action, opt.Why = Dropped, "replaced by innodb_redo_log_capacity; without innodb_log_file_size the target's default capacity applies"
			opt.Replacement = "innodb_redo_log_capacity"
		}
		c.Options = append(c.Options, opt)
	}
	joinFlagOptions(c.Options)
	return c
}

// redoCapacityTarget reports whether the target sizes its redo log with
// innodb_redo_log_capacity.
func redoCapacityTarget(to flavor.Flavor) bool {
	return to.IsMySQLFamily() && knowledge.EffectiveVersion(to.Version).Compare(redoLogCapacityFrom) >= 0
}

// carryOne decides for one setting; all holds every setting by name (for
// the redo log, whose new size depends on two of them).
func carryOne(from, to flavor.Flavor, s CarrySetting, all map[string]CarrySetting) CarriedOption {
	opt := CarriedOption{Name: s.Name, Value: s.Value, Where: s.Where, Action: Carried, TargetName: s.Name, TargetValue: s.Value,
		Why: "the target has it"}
	if sandbox.IsMachineSetting(s.Name) {
		opt.Action, opt.TargetName, opt.TargetValue = Machine, "", ""
		opt.Why = "a path, port or identity of this machine: the sandbox sets its own; keep your line in the target's my.cnf"
		return opt
	}
	if s.Name == "innodb_log_file_size" && redoCapacityTarget(to) {
		return redoCapacity(from, opt, all)
	}
	f, known := knowledge.Lookup(s.Name)
	if !known {
		opt.Why = "not in the knowledge base: carried as it is; the target's binary validates it"
		return capped(opt)
	}
	if r, ok := crossVendorRenames[s.Name]; ok && to.IsMariaDB() == r.mariadbOnly && f.StatusIn(to).State == knowledge.StateAbsent {
		opt.Action, opt.TargetName = Translated, r.to
		opt.Why = fmt.Sprintf("%s has no %s; its single redo log file is %s", to.Name(), s.Name, r.to)
		return capped(opt)
	}
	st := f.StatusIn(to)
	opt.Source = string(st.Source)
	switch st.State {
	case knowledge.StateRemoved, knowledge.StateAbsent, knowledge.StateIgnored:
		return goneOption(f, to, st, opt)
	case knowledge.StateDeprecated:
		if st.Replacement != "" && replacementExists(st.Replacement, to) {
			return translated(f, to, st, opt)
		}
		opt.Why = fmt.Sprintf("deprecated since %s %s: still accepted", to.Name(), st.Since)
	case knowledge.StateUnknown:
		opt.Why = "the knowledge base has no facts for it on the target: carried as it is; the target's binary validates it"
	}
	return keepBehaviour(f, from, to, flagValues(f, to, capped(opt)))
}

// keepBehaviour gives the target the value that behaves as today's does
// when the same value would not (knowledge.Fact.Keep): old_mode from
// MariaDB before 10.6.1 gets UTF8_IS_UTF8MB3, or utf8 would turn into
// utf8mb4 on the target.
func keepBehaviour(f knowledge.Fact, from, to flavor.Flavor, opt CarriedOption) CarriedOption {
	if opt.Action == Dropped || opt.Action == Machine {
		return opt
	}
	kept := f.KeepValue(from, to, opt.TargetValue)
	if kept == opt.TargetValue {
		return opt
	}
	opt.Action, opt.TargetValue, opt.SandboxValue = Translated, kept, ""
	opt.Why = fmt.Sprintf("the same value means something else on %s: %s keeps today's behaviour (%s)", rules.VersionLabel(to), kept, f.Effect)
	return opt
}

// goneOption handles a setting the target refuses, never had, or ignores:
// translated to its replacement when the value converts, dropped otherwise.
func goneOption(f knowledge.Fact, to flavor.Flavor, st knowledge.Lifecycle, opt CarriedOption) CarriedOption {
	if st.Replacement != "" && replacementExists(st.Replacement, to) {
		if v, ok := f.ReplacementValue(opt.Value); ok {
			o := translated(f, to, st, opt)
			o.TargetValue, o.SandboxValue = v, ""
			return capped(o)
		}
	}
	opt.Action, opt.TargetName, opt.TargetValue = Dropped, "", ""
	opt.Replacement = st.Replacement
	opt.Why = goneText(to, st)
	if st.Replacement != "" {
		opt.Why += "; replaced by " + st.Replacement + " (no faithful conversion of the value: set it yourself)"
	} else {
		opt.Why += "; nothing replaces it"
	}
	return opt
}

// goneText says why the target does not take a setting.
func goneText(to flavor.Flavor, st knowledge.Lifecycle) string {
	switch {
	case st.State == knowledge.StateRemoved && !st.Since.IsZero():
		return fmt.Sprintf("removed in %s %s", to.Name(), st.Since)
	case st.State == knowledge.StateIgnored && !st.Since.IsZero():
		return fmt.Sprintf("accepted and ignored (does nothing) since %s %s", to.Name(), st.Since)
	case st.State == knowledge.StateIgnored:
		return fmt.Sprintf("accepted and ignored by %s (does nothing)", to.Name())
	case st.State == knowledge.StateAbsent && !st.Since.IsZero():
		return fmt.Sprintf("not yet a variable of %s (added in %s)", rules.VersionLabel(to), st.Since)
	case st.State == knowledge.StateAbsent:
		return fmt.Sprintf("not a variable of %s", to.Name())
	}
	return fmt.Sprintf("not accepted by %s", rules.VersionLabel(to))
}

// translated renames a setting to its replacement, converting the value.
func translated(f knowledge.Fact, to flavor.Flavor, st knowledge.Lifecycle, opt CarriedOption) CarriedOption {
	v, ok := f.ReplacementValue(opt.Value)
	if !ok {
		v = opt.Value
	}
	opt.Action, opt.TargetName, opt.TargetValue = Translated, st.Replacement, v
	opt.Why = fmt.Sprintf("%s is %s in %s; %s replaces it", opt.Name, st.State, rules.VersionLabel(to), st.Replacement)
	if st.State == knowledge.StateDeprecated {
		opt.Why = fmt.Sprintf("deprecated in %s since %s: renamed %s", to.Name(), st.Since, st.Replacement)
	}
	return capped(opt)
}

// replacementExists reports whether the replacement is a variable of to
// (or one the knowledge base does not know, which the binary validates).
func replacementExists(name string, to flavor.Flavor) bool {
	f, ok := knowledge.Lookup(name)
	if !ok {
		return true
	}
	st := f.StatusIn(to).State
	return st == knowledge.StatePresent || st == knowledge.StateDeprecated || st == knowledge.StateUnknown
}

// redoCapacity translates innodb_log_file_size (times the number of files)
// into innodb_redo_log_capacity.
func redoCapacity(from flavor.Flavor, opt CarriedOption, all map[string]CarrySetting) CarriedOption {
	size, ok := knowledge.ParseNumber(knowledge.Unquote(opt.Value))
	files := redoFilesDefault(from)
	filesText := fmt.Sprintf("%d (the default on %s)", files, from.Name())
	if s, set := all["innodb_log_files_in_group"]; set {
		n, okFiles := knowledge.ParseNumber(knowledge.Unquote(s.Value))
		ok = ok && okFiles && n > 0
		files, filesText = n, strconv.FormatInt(n, 10)
	}
	if !ok {
		opt.Action, opt.TargetName, opt.TargetValue, opt.Replacement = Dropped, "", "", "innodb_redo_log_capacity"
		opt.Why = "replaced by innodb_redo_log_capacity; the sizes could not be read: set it yourself"
		return opt
	}
	opt.Action, opt.TargetName, opt.TargetValue = Translated, "innodb_redo_log_capacity", knowledge.FormatSize(size*files)
	opt.Why = fmt.Sprintf("innodb_redo_log_capacity replaces innodb_log_file_size x innodb_log_files_in_group from MySQL 8.0.30: %s x %s", opt.Value, filesText)
	opt.Source = string(knowledge.SrcSHJ)
	return capped(opt)
}

// flagValues removes the keywords of a value the target no longer accepts.
func flagValues(f knowledge.Fact, to flavor.Flavor, opt CarriedOption) CarriedOption {
	rejected := f.RejectedValues(to, opt.TargetValue)
	if len(rejected) == 0 {
		return opt
	}
	words := knowledge.ValuesOf(rejected)
	opt.Action = Flagged
	opt.TargetValue = knowledge.WithoutValues(opt.TargetValue, rejected)
	opt.SandboxValue = ""
	opt.Why = fmt.Sprintf("%s refuses %s in this value: removed", to, strings.Join(words, ", "))
	opt.Source = string(rejected[0].Removed.Src)
	if opt.TargetValue == "" {
		opt.Action, opt.TargetName = Dropped, ""
		opt.Why += "; nothing is left of the value, so the option is dropped"
	}
	return capped(opt)
}

// capped sets SandboxValue when the sandbox must use less memory than the
// target's my.cnf asks for.
func capped(opt CarriedOption) CarriedOption {
	limit, ok := sandboxMemoryCaps[opt.TargetName]
	if !ok || opt.Action == Dropped || opt.Action == Machine {
		return opt
	}
	if n, ok := knowledge.ParseNumber(knowledge.Unquote(opt.TargetValue)); ok && n > limit {
		opt.SandboxValue = knowledge.FormatSize(limit)
		opt.Why += fmt.Sprintf("; capped at %s in the sandbox", opt.SandboxValue)
	}
	return opt
}

// SandboxOptions are the options ("name=value") a sandbox of the target
// starts with: every option not dropped, memory capped.
func (c Carryover) SandboxOptions() []string {
	var out []string
	for _, o := range c.Options {
		if o.Action == Dropped || o.Action == Machine || o.JoinedInto != "" {
			continue
		}
		v := o.TargetValue
		if o.SandboxValue != "" {
			v = o.SandboxValue
		}
		out = append(out, o.TargetName+"="+v)
	}
	return out
}

// Drop marks the option the target's binary refused as dropped, with the
// binary's message; it reports whether an option of that name was carried.
func (c *Carryover) Drop(targetName, message string) bool {
	dropped := false
	for i := range c.Options {
		o := &c.Options[i]
		if o.Action != Dropped && o.Action != Machine && flavor.OptionName(o.TargetName) == flavor.OptionName(targetName) {
			o.Action, o.TargetName, o.TargetValue, o.SandboxValue, o.JoinedInto = Dropped, "", "", "", ""
			o.Why = "refused by the target's binary: " + message
			dropped = true // every option joined into the refused line goes with it
		}
	}
	return dropped
}

// TodayOptions are today's settings for a sandbox of today's version:
// machine settings left out, memory capped.
func TodayOptions(settings []CarrySetting) []string {
	var out []string
	for _, s := range settings {
		n := rules.ConfigVarName(s.Name)
		if sandbox.IsMachineSetting(n) {
			continue
		}
		o := capped(CarriedOption{Name: n, TargetName: n, TargetValue: s.Value, Action: Carried})
		v := s.Value
		if o.SandboxValue != "" {
			v = o.SandboxValue
		}
		out = append(out, n+"="+v)
	}
	return out
}

// DriftPin is a setting whose default changes under the server and that
// shapes CREATE/DROP TABLE cost: the "pinned" target sets today's value.
type DriftPin struct {
	Name          string `json:"name"`
	Today         string `json:"today"`
	TargetDefault string `json:"target_default"`
	Why           string `json:"why"`
	Source        string `json:"source,omitempty"`
}

// DDLDriftPins lists the settings that matter for DDL whose value today
// (today's live value, or from's default when today lacks it) differs from
// the target's default, and that the carried-over options do not set.
func DDLDriftPins(from, to flavor.Flavor, today map[string]rules.Setting, c Carryover) []DriftPin {
	set := map[string]bool{}
	for _, o := range c.Options {
		if o.Action != Dropped && o.Action != Machine {
			set[flavor.OptionName(o.TargetName)] = true
		}
	}
	var pins []DriftPin
	for _, name := range rules.DDLCostSettings() {
		f, ok := knowledge.Lookup(name)
		if !ok || set[name] || !f.StatusIn(to).Exists() {
			continue
		}
		d, ok := f.DefaultEntry(to)
		if !ok || d.Computed {
			continue
		}
		now, ok := today[name]
		value := now.Value
		if !ok {
			value, ok = f.DefaultFor(from)
			if !ok && !f.StatusIn(from).Exists() && f.Implied != "" {
				value, ok = f.Implied, true // the behaviour before the variable existed
			}
			if !ok {
				continue
			}
		}
		if knowledge.SameValue(name, value, d.Value) || !rules.IsPlainOptionValue(value) {
			continue
		}
		pins = append(pins, DriftPin{Name: name, Today: value, TargetDefault: d.Value, Source: string(d.Src),
			Why: fmt.Sprintf("%s today, %s by default on %s", value, d.Value, rules.VersionLabel(to))})
	}
	sort.Slice(pins, func(i, j int) bool { return pins[i].Name < pins[j].Name })
	return pins
}

// PinOptions are the pins as sandbox options.
func PinOptions(pins []DriftPin) []string {
	var out []string
	for _, p := range pins {
		out = append(out, p.Name+"="+p.Today)
	}
	return out
}

// ConfigCarrySettings are the options of config that a server of flavor fl
// reads, in file order, with file:line.
func ConfigCarrySettings(fl flavor.Flavor, config []rules.ConfigOption) []CarrySetting {
	var out []CarrySetting
	for _, o := range config {
		if fl.ReadsOptionGroup(o.Section) {
			out = append(out, CarrySetting{Name: o.Name, Value: o.ServerValue(), Where: o.Location()})
		}
	}
	return out
}

// IsMachineSetting reports whether an option names a path, port or
// identity of the machine (a sandbox sets its own; a binary asked about
// it may check that the path exists here).
func IsMachineSetting(name string) bool { return sandbox.IsMachineSetting(rules.ConfigVarName(name)) }
