package rules

// A setting left at a compiled default that the target changes: found
// here, reported by check_default_drift.go (and weighed for DDL cost by
// check_default_drift_ddl.go).

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// drift is one default that will change under the server.
type drift struct {
	fact          knowledge.Fact
	current       string                   // today's value (or implied behaviour)
	origin        string                   // compiled, unknown, absent, ...
	targetDefault string                   // the target's default
	pin           string                   // value that keeps today's behaviour
	dropped       []knowledge.ValueRemoval // keywords of current the target rejects
}

// findDrift decides whether f's default changes under the server.
func findDrift(s Snapshot, f knowledge.Fact) (drift, bool) {
	target := *s.Target
	targetDefault, ok := f.DefaultFor(target)
	if !ok {
		return drift{}, false
	}
	st, present := s.Variables[f.Name]
	if !present {
		return findAddedDrift(s, f, targetDefault)
	}
	if !atCompiledDefault(s, f, st) {
		return drift{}, false
	}
	dropped := f.RejectedValues(target, st.Value)
	pin := plainValue(f, st.Value)
	if len(dropped) > 0 {
		pin = knowledge.WithoutValues(st.Value, dropped)
	}
	// The value that keeps today's behaviour on the target is not always
	// today's value (old_mode needs UTF8_IS_UTF8MB3 from MariaDB 10.6.1 for
	// utf8 to keep meaning utf8mb3): when it is the target's default, the
	// behaviour does not change.
	pin = f.KeepValue(s.Flavor, target, pin)
	if knowledge.SameValue(f.Name, pin, targetDefault) {
		return drift{}, false
	}
	return drift{fact: f, current: plainValue(f, st.Value), origin: originLabel(st.Origin), targetDefault: targetDefault,
		pin: pin, dropped: dropped}, true
}

// findAddedDrift handles a variable absent today that the target adds with a
// default other than today's implied behaviour.
func findAddedDrift(s Snapshot, f knowledge.Fact, targetDefault string) (drift, bool) {
	if f.Implied == "" || f.StatusIn(s.Flavor).State != knowledge.StateAbsent {
		return drift{}, false
	}
	if configSets(s.Config, s.Flavor, f.Name) || predecessorSet(s, f.Name) {
		return drift{}, false
	}
	if knowledge.SameValue(f.Name, f.Implied, targetDefault) {
		return drift{}, false
	}
	return drift{fact: f, current: f.Implied, origin: "absent", targetDefault: targetDefault, pin: f.Implied}, true
}

// atCompiledDefault applies the documented "left at default" logic.
func atCompiledDefault(s Snapshot, f knowledge.Fact, st Setting) bool {
	switch st.Origin {
	case OriginCompiled:
		return true
	case OriginConfig, OriginPersisted, OriginRuntime:
		return false
	case OriginSandbox:
		return !configSets(s.Config, s.Flavor, f.Name)
	}
	current, known := f.DefaultFor(s.Flavor)
	if known && !knowledge.SameValue(f.Name, st.Value, current) {
		return false
	}
	if len(s.Config) > 0 {
		return !configSets(s.Config, s.Flavor, f.Name)
	}
	return known
}

// predecessorSet reports whether a variable that name replaces is set
// explicitly today (e.g. expire_logs_days for binlog_expire_logs_seconds):
// the old variable then still defines the behaviour.
func predecessorSet(s Snapshot, name string) bool {
	for _, old := range knowledge.Names() {
		f, _ := knowledge.Lookup(old)
		l := f.LineFor(s.Flavor)
		if l == nil || l.Replacement != name {
			continue
		}
		if configSets(s.Config, s.Flavor, old) {
			return true
		}
		if st, ok := s.Variables[old]; ok && !atCompiledDefault(s, f, st) {
			return true
		}
	}
	return false
}

// acceptNewDefault turns a DDL-cost drift into advice to take the new
// default: pinning the old value only pays for DDL-heavy applications.
func acceptNewDefault(f *Finding, d drift, target flavor.Flavor) {
	f.Severity = Info
	f.Recommendation.MyCnf = []string{fmt.Sprintf("# %s: %s's default %s accepted (OLTP workload; pin %s only if the application creates tables routinely)",
		d.fact.Name, VersionLabel(target), showValue(d.fact, d.targetDefault), mycnfLine(d.fact.Name, d.pin))}
}

func (d drift) title(target flavor.Flavor) string {
	if d.origin == "absent" {
		return fmt.Sprintf("%s is new in %s with default %s (today's behaviour matches %s)",
			d.fact.Name, VersionLabel(target), showValue(d.fact, d.targetDefault), showValue(d.fact, d.current))
	}
	return fmt.Sprintf("%s default changes from %s to %s in %s", d.fact.Name,
		showValue(d.fact, d.current), showValue(d.fact, d.targetDefault), VersionLabel(target))
}

// situation says why the value counts as a default today, and what comes.
func (d drift) situation(s Snapshot) string {
	name, target := d.fact.Name, VersionLabel(*s.Target)
	var why string
	switch {
	case d.origin == "absent":
		return fmt.Sprintf("%s does not exist in %s, which behaves as %s=%s; %s adds it with default %s.",
			name, s.Flavor, name, showValue(d.fact, d.current), target, showValue(d.fact, d.targetDefault))
	case d.origin == string(OriginCompiled):
		why = "is left at its compiled-in default"
	case d.origin == string(OriginSandbox):
		why = "is set with " + flagname.SandboxOption + " as a stand-in for how the audited server runs"
	case len(s.Config) > 0:
		why = "is not set in the given option files"
	default:
		why = "equals the documented default of " + s.Flavor.String()
	}
	return fmt.Sprintf("%s %s (%s) on this server; %s defaults to %s, so the setting changes at the upgrade unless it is pinned.",
		name, why, showValue(d.fact, d.current), target, showValue(d.fact, d.targetDefault))
}

// recommendation pins today's behaviour in my.cnf.
func (d drift) recommendation(s Snapshot) Recommendation {
	target := *s.Target
	name := d.fact.Name
	lines := []string{fmt.Sprintf("# keep %s behaviour: %s defaults to %s", s.Flavor.String(), VersionLabel(target),
		showValue(d.fact, d.targetDefault))}
	for _, r := range d.dropped {
		lines = append(lines, fmt.Sprintf("# %s left out: %s rejects it (removed in %s)", r.Value, VersionLabel(target), r.Removed.At))
	}
	if warningDrift[name] {
		lines = append(lines, pinLine(name, d.pin))
	} else {
		lines = append(lines, "# "+pinLine(name, d.pin)+"   # optional: the new default is usually the better one")
	}
	var tradeoffs []string
	if d.fact.Tradeoff != "" {
		tradeoffs = append(tradeoffs, d.fact.Tradeoff)
	} else {
		tradeoffs = append(tradeoffs, fmt.Sprintf("pinning %s keeps the old behaviour but forgoes the reason the default changed; "+
			"adopt the new default once the application is tested with it", name))
	}
	if lc := d.fact.StatusIn(target); lc.State == knowledge.StateDeprecated {
		tradeoffs = append(tradeoffs, fmt.Sprintf("%s is deprecated in %s (since %s): the pin works but logs a deprecation warning",
			name, VersionLabel(target), lc.Since))
	}
	return Recommendation{MyCnf: lines, Tradeoffs: tradeoffs}
}

// warningDrift lists the variables whose changed default users notice in
// query results, durability or DDL cost; others are reported as info.
var warningDrift = map[string]bool{
	"innodb_file_per_table":           true,
	"innodb_stats_persistent":         true,
	"sql_mode":                        true,
	"character_set_server":            true,
	"explicit_defaults_for_timestamp": true,
	"log_bin":                         true,
	"sync_binlog":                     true,
	"default_authentication_plugin":   true,
	"mysql_native_password":           true,
	"innodb_snapshot_isolation":       true,
	"character_set_collations":        true, // new tables get another collation than the old ones
	"max_recursive_iterations":        true, // recursive CTEs return fewer rows
}

// RuleDefaultDrift is the id of the default-drift rule and its findings.
const RuleDefaultDrift = "default-drift"
