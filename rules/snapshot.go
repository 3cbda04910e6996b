package rules

import (
	"strconv"
	"strings"
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
	Flavor    Flavor
	Variables map[string]Setting // lower-case names
	Status    map[string]string  // SHOW GLOBAL STATUS, lower-case names
	Workload  Workload
	Config    []ConfigOption // server-section options from --config, if given
	Bench     *Measurements  // nil when nothing was measured (inspect, check)
	Target    *Flavor        // nil when no --target was given
	// Accounts are the accounts by authentication plugin; nil when no live
	// server was read (check).
	Accounts *Accounts
	// ExpectTables is a setup scenario (--expect-tables): how many tables the
	// application creates at once, for a before/after projection.
	ExpectTables int
}

// StatusInt returns a status counter as an integer (0 when absent or not a number).
func (s Snapshot) StatusInt(name string) int64 {
	n, err := strconv.ParseInt(strings.TrimSpace(s.Status[strings.ToLower(name)]), 10, 64)
	if err != nil {
		return 0
	}
	return n
}

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
}

// Variant returns the named variant, or nil.
func (m *Measurements) Variant(name string) *Variant {
	if m == nil {
		return nil
	}
	for i := range m.Variants {
		if m.Variants[i].Name == name {
			return &m.Variants[i]
		}
	}
	return nil
}

// Variant names of the calibration.
const (
	VariantBaseline           = "baseline"
	VariantFilePerTableOff    = "file_per_table_off"
	VariantStatsPersistentOff = "stats_persistent_off"
	VariantBothOff            = "both_off"
)

// Variant is one measured (or not measured) configuration.
type Variant struct {
	Name       string
	Measured   bool
	Reason     string  // why not measured
	Mechanism  string  // "per-table clause", "SET GLOBAL", ...
	CreateP50  float64 // milliseconds per CREATE TABLE
	CreateP95  float64
	CreateMean float64
	DropP50    float64
	DropP95    float64
	DropMean   float64
	Speedup    Interval // baseline / variant of the CREATE TABLE time per round, paired: median and interval
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

// Interval is a ratio with its 95% confidence interval.
type Interval struct {
	Ratio, Low, High float64
}

// Faster reports whether the whole interval lies above 1+margin: a real gain.
func (i Interval) Faster(margin float64) bool { return i.Low > 1+margin }
