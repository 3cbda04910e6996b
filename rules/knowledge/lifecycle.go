package knowledge

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// State is where a variable stands in a given server version.
type State int

// States of a variable's lifecycle.
const (
	StateUnknown    State = iota // the knowledge base cannot say
	StatePresent                 // exists and is not deprecated
	StateDeprecated              // exists, deprecated
	StateRemoved                 // existed and was removed
	StateAbsent                  // does not exist: not yet added, or never on this vendor line
	StateIgnored                 // removed, but still accepted in option files and ignored with a warning
)

// String names the state: present, deprecated, removed, absent or unknown.
func (s State) String() string {
	switch s {
	case StatePresent:
		return "present"
	case StateDeprecated:
		return "deprecated"
	case StateRemoved:
		return "removed"
	case StateAbsent:
		return "absent"
	case StateIgnored:
		return "ignored"
	}
	return "unknown"
}

// Lifecycle is a variable's state in one server version.
type Lifecycle struct {
	State State
	// Since is when the state began: the version that added (Present),
	// deprecated or removed the variable; for Absent the version that will
	// add it, zero when the vendor line never has it.
	Since       flavor.Version
	Replacement string
	Source      Source
}

// Exists reports whether the variable exists (present or deprecated).
func (l Lifecycle) Exists() bool { return l.State == StatePresent || l.State == StateDeprecated }

// LineFor returns the history for fl's vendor line, or nil when unknown.
func (f Fact) LineFor(fl flavor.Flavor) *Line {
	switch {
	case fl.IsMySQLFamily():
		return f.MySQL
	case fl.IsMariaDB():
		return f.MariaDB
	}
	return nil
}

// StatusIn tells whether the variable exists in the server fl (Percona counts
// as MySQL), with the version of the change and the replacement.
func (f Fact) StatusIn(fl flavor.Flavor) Lifecycle {
	l := f.LineFor(fl)
	if l == nil {
		return Lifecycle{}
	}
	if l.CompatNoOp {
		return Lifecycle{State: StateIgnored, Source: srcBin}
	}
	if l.Never {
		return Lifecycle{State: StateAbsent}
	}
	v := EffectiveVersion(fl.Version)
	if !l.Removed.IsZero() && v.Compare(l.Removed.At) >= 0 {
		return Lifecycle{State: StateRemoved, Since: l.Removed.At, Replacement: l.Replacement, Source: l.Removed.Src}
	}
	if !l.Ignored.IsZero() && v.Compare(l.Ignored.At) >= 0 {
		return Lifecycle{State: StateIgnored, Since: l.Ignored.At, Replacement: l.Replacement, Source: l.Ignored.Src}
	}
	if !covered(fl, v) {
		return Lifecycle{}
	}
	if !l.Added.IsZero() && v.Compare(l.Added.At) < 0 {
		return Lifecycle{State: StateAbsent, Since: l.Added.At, Source: l.Added.Src}
	}
	if !l.Deprecated.IsZero() && v.Compare(l.Deprecated.At) >= 0 {
		return Lifecycle{State: StateDeprecated, Since: l.Deprecated.At, Replacement: l.Replacement, Source: l.Deprecated.Src}
	}
	return Lifecycle{State: StatePresent, Since: l.Added.At, Source: l.Added.Src}
}

// DefaultEntry returns the default in effect in fl, computed ones included,
// and false when the variable does not exist there or the default is unknown.
func (f Fact) DefaultEntry(fl flavor.Flavor) (Default, bool) {
	if !f.StatusIn(fl).Exists() {
		return Default{}, false
	}
	l := f.LineFor(fl)
	v := EffectiveVersion(fl.Version)
	var found *Default
	for i := range l.Defaults {
		if v.Compare(l.Defaults[i].From) >= 0 {
			found = &l.Defaults[i]
		}
	}
	if found == nil {
		return Default{}, false
	}
	return *found, true
}

// DefaultFor returns the compiled-in default in fl as a literal value. It
// returns false when the variable does not exist in fl, when the knowledge
// base does not know the default, or when the server computes it at start-up.
func (f Fact) DefaultFor(fl flavor.Flavor) (string, bool) {
	d, ok := f.DefaultEntry(fl)
	if !ok || d.Computed {
		return "", false
	}
	return d.Value, true
}

// RejectedValues returns the keywords of value that fl no longer accepts
// (e.g. NO_AUTO_CREATE_USER in a MySQL 8.0 sql_mode), with the version that
// removed each, in the order they appear in value.
func (f Fact) RejectedValues(fl flavor.Flavor, value string) []ValueRemoval {
	l := f.LineFor(fl)
	if l == nil || len(l.RemovedValues) == 0 {
		return nil
	}
	v := EffectiveVersion(fl.Version)
	var out []ValueRemoval
	for _, word := range splitKeywords(value) {
		for _, r := range l.RemovedValues {
			if strings.EqualFold(word, r.Value) && v.Compare(r.Removed.At) >= 0 {
				out = append(out, r)
			}
		}
	}
	return out
}

// WithoutValues returns value with the given keywords removed, keeping the
// order and spelling of the rest.
func WithoutValues(value string, drop []ValueRemoval) string {
	var kept []string
	for _, word := range splitKeywords(value) {
		rejected := false
		for _, r := range drop {
			rejected = rejected || strings.EqualFold(word, r.Value)
		}
		if !rejected {
			kept = append(kept, word)
		}
	}
	return strings.Join(kept, ",")
}

// ReplacementValue converts a value of this variable into the equivalent
// value of its replacement; false when there is no faithful conversion.
func (f Fact) ReplacementValue(value string) (string, bool) {
	if f.Convert == nil {
		return Unquote(value), true
	}
	return f.Convert(Unquote(value))
}

// NotAnOption reports whether the variable exists in fl as a system
// variable but cannot be given in an option file (fl's server refuses it
// at start-up).
func NotAnOption(f Fact, fl flavor.Flavor) bool {
	l := f.LineFor(fl)
	return l != nil && l.NotOption
}

// KeepValue is the value that keeps, on to, the behaviour value had on from:
// the value itself unless the fact says otherwise (Keep), e.g. old_mode on
// MariaDB 10.6.1+ needs UTF8_IS_UTF8MB3 for utf8 to keep meaning utf8mb3.
func (f Fact) KeepValue(from, to flavor.Flavor, value string) string {
	if f.Keep == nil {
		return value
	}
	return f.Keep(from, to, value)
}
