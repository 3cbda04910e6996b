package rules

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Origin tells where a variable's value came from, as far as the server (or
// the input files) tell it.
type Origin string

// Origins of a setting.
const (
	OriginCompiled Origin = "compiled" // left at the compiled-in default
	OriginConfig   Origin = "config"   // set in an option file or on the command line
	// OriginPersisted is MySQL's SET PERSIST: the value is in mysqld-auto.cnf
	// in the datadir, which every start reads and which travels with the
	// datadir (a copied or upgraded datadir keeps it).
	OriginPersisted Origin = "persisted"
	OriginRuntime   Origin = "runtime" // changed with SET GLOBAL since start-up
	OriginUnknown   Origin = "unknown" // the server does not say
	// OriginSandbox: given with --sandbox-option to a throwaway server,
	// where it stands for how the audited server runs (e.g. an old
	// version's default), not for a pin in the user's option files.
	OriginSandbox Origin = "sandbox-option"
)

// Explicit reports whether someone chose the value (option file, command
// line, SET PERSIST or SET GLOBAL) rather than leaving the default.
func (o Origin) Explicit() bool {
	return o == OriginConfig || o == OriginPersisted || o == OriginRuntime
}

// Setting is one variable's value and origin.
type Setting struct {
	Value  string `json:"value"`
	Origin Origin `json:"origin"`
}

// Provenance is what a server tells of a value's origin beyond the origin:
// the option file that set it, and a note (e.g. a value set back after
// this tool's own calibration).
type Provenance struct {
	File, Note string
}

// ConfigOption is one option read from a my.cnf file.
type ConfigOption struct {
	Name    string // normalised: lower case, '-' as '_', "loose-" stripped
	Value   string // as written, unquoted; "" for options without a value
	Section string // e.g. "mysqld", "mariadb-10.11"
	File    string
	Line    int
	Loose   bool // written with the loose- prefix
}

// Snapshot is everything the rules may look at: what was inspected, what was
// measured, and what the user asked about. It never holds a connection.
type Snapshot struct {
	Flavor    flavor.Flavor
	Variables map[string]Setting // lower-case names
	Status    map[string]string  // SHOW GLOBAL STATUS, lower-case names
	Workload  Workload
	Config    []ConfigOption // server-section options from --config, if given
	Bench     *Measurements  // nil when nothing was measured (inspect, check)
	Target    *flavor.Flavor // nil when no --target was given
	// Accounts are the accounts by authentication plugin; nil when no live
	// server was read (check).
	Accounts *Accounts
	// ExpectTables is a setup scenario (--expect-tables): how many tables the
	// application creates at once, for a before/after projection.
	ExpectTables int
}

// StatusInt returns a status counter as an integer (0 when absent or not a number).
func (s Snapshot) StatusInt(name string) int64 { return statusInt(s.Status, name) }

// IsTrue reads MySQL's spellings of a true boolean.
func IsTrue(v string) bool {
	switch strings.ToUpper(strings.TrimSpace(v)) {
	case "ON", "1", "TRUE", "YES":
		return true
	}
	return false
}

// Measurements are the calibration results the rules weigh.
type Measurements struct {
	TablesPerRound int
	Rounds         int
	Variants       []Variant
	// ChangedOutside is what appeared or went outside the scratch schema
	// of a live server during the calibration (empty when nothing did).
	ChangedOutside []string
}

// Baseline returns the server as it runs: the variant that changes nothing
// on the main server, or nil.
func (m *Measurements) Baseline() *Variant {
	if m == nil {
		return nil
	}
	for i := range m.Variants {
		if v := &m.Variants[i]; len(v.Changes) == 0 && v.ServerOption == "" {
			return v
		}
	}
	return nil
}

// Change returns the variant that changes exactly the given settings to the
// given values, as name, value pairs ("innodb_file_per_table", "ON"), or nil.
func (m *Measurements) Change(nameValues ...string) *Variant {
	if m == nil {
		return nil
	}
	want := map[string]string{}
	for i := 0; i+1 < len(nameValues); i += 2 {
		want[nameValues[i]] = knowledge.NormalizeValue(nameValues[i], nameValues[i+1])
	}
	return m.find(func(v *Variant) bool {
		if len(v.Changes) != len(want) || len(want) == 0 {
			return false
		}
		for k, val := range want {
			if knowledge.NormalizeValue(k, v.Changes[k]) != val {
				return false
			}
		}
		return true
	})
}

// Changing returns the variant that changes exactly the named settings, in
// whichever direction the server allowed, or nil.
func (m *Measurements) Changing(names ...string) *Variant {
	if m == nil {
		return nil
	}
	return m.find(func(v *Variant) bool {
		if len(v.Changes) != len(names) || len(names) == 0 {
			return false
		}
		for _, n := range names {
			if _, ok := v.Changes[n]; !ok {
				return false
			}
		}
		return true
	})
}

func (m *Measurements) find(match func(*Variant) bool) *Variant {
	for i := range m.Variants {
		if match(&m.Variants[i]) {
			return &m.Variants[i]
		}
	}
	return nil
}

// Variant is one measured (or not measured) configuration.
type Variant struct {
	Name string
	// Changes are the settings the variant changes from the server as it
	// runs, with the value it gives them (ON/OFF); empty for the baseline.
	Changes    map[string]string
	Measured   bool
	Reason     string  // why not measured
	Mechanism  string  // "per-table clause", "SET GLOBAL", ...
	CreateP50  float64 // median milliseconds per CREATE TABLE
	CreateP95  float64
	CreateMean float64
	DropP50    float64
	DropP95    float64
	DropMean   float64
	// Speedup is baseline / variant of the CREATE TABLE time as the paired
	// estimator gives it (paired.Speedup): the geometric mean of the
	// paired ratios over units of statements (chunks of consecutive
	// statement positions, or whole rounds), not a ratio of means or of
	// medians, with the reported 95% interval.
	Speedup effect.Interval
	// Decision is the stop rule's decision interval (wider: sequentially
	// corrected) at DecisionLevel, the interval the advice is decided on;
	// zero when the calibration took none (Deciding falls back to Speedup).
	Decision      effect.Interval
	DecisionLevel float64
	// Rounds is how many paired rounds Speedup comes from (0: unknown).
	Rounds int
	// ServerOption is set for variants measured on a separate sandbox
	// started with this option (settings that need a restart).
	ServerOption string
	// DurabilityCost says what the setting risks; StagingOnly marks
	// settings that weaken durability.
	DurabilityCost string
	StagingOnly    bool
}

// Direction is "on" when the variant turns settings on that the server runs
// off (it measures a cost), "off" for the reverse, "mixed" for both, and ""
// for the baseline.
func (v Variant) Direction() string {
	dir := ""
	for _, val := range v.Changes {
		d := strings.ToLower(val)
		switch {
		case dir == "":
			dir = d
		case dir != d:
			return "mixed"
		}
	}
	return dir
}

// Deciding is the interval the advice on the variant is decided on: the
// stop rule's decision interval where the calibration took one, so that
// the advice and the stop reason never disagree, else the reported one.
// Unrounded: a low of 1.046 is not a gain, whatever a report prints.
func (v Variant) Deciding() effect.Interval {
	return effect.Deciding(v.Speedup, v.Decision)
}
