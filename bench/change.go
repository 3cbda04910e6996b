package bench

import (
	"sort"
	"strings"
)

// The settings whose CREATE/DROP TABLE cost the calibration measures.
const (
	FilePerTable    = "innodb_file_per_table"
	StatsPersistent = "innodb_stats_persistent"
)

// Variant names, each named for the change it makes to the server as it
// runs. They are declared here only: other packages find a variant by the
// change it measures (Result.Change, and rules' Measurements.Change).
const (
	Baseline           = "baseline"
	FilePerTableOff    = "file_per_table_off"
	FilePerTableOn     = "file_per_table_on"
	StatsPersistentOff = "stats_persistent_off"
	StatsPersistentOn  = "stats_persistent_on"
	BothOff            = "both_off"
	BothOn             = "both_on"
)

// VariantNames lists, in report order, the variants of a server that runs
// the current defaults (both settings ON), which is what compare pairs
// across servers. A server that runs either setting OFF gets the variant
// that turns it ON instead (PlanVariants).
var VariantNames = []string{Baseline, FilePerTableOff, StatsPersistentOff, BothOff}

// Directions of a variant: which way it moves the settings it changes.
const (
	DirectionOn    = "on"    // turns settings ON that the server runs OFF
	DirectionOff   = "off"   // turns settings OFF that the server runs ON
	DirectionMixed = "mixed" // turns one ON and another OFF
)

// singleNames names the variant of each one-setting change.
var singleNames = map[string]map[string]string{
	FilePerTable:    {"ON": FilePerTableOn, "OFF": FilePerTableOff},
	StatsPersistent: {"ON": StatsPersistentOn, "OFF": StatsPersistentOff},
}

// variantName names the variant that makes the given changes (setting ->
// ON/OFF): one setting by its own name, both in one direction as both_on or
// both_off, anything else by joining the single names.
func variantName(changes map[string]string) string {
	if len(changes) == 0 {
		return Baseline
	}
	if len(changes) == 1 {
		for k, v := range changes {
			if n, ok := singleNames[k][v]; ok {
				return n
			}
			return strings.TrimPrefix(k, "innodb_") + "_" + strings.ToLower(v)
		}
	}
	switch directionOf(changes) {
	case DirectionOn:
		return BothOn
	case DirectionOff:
		return BothOff
	}
	parts := make([]string, 0, len(changes))
	for k, v := range changes {
		parts = append(parts, variantName(map[string]string{k: v}))
	}
	sort.Strings(parts)
	return strings.Join(parts, "_and_")
}

// directionOf is the direction of a set of changes, "" for none.
func directionOf(changes map[string]string) string {
	dir := ""
	for _, v := range changes {
		d := strings.ToLower(v)
		switch {
		case dir == "":
			dir = d
		case dir != d:
			return DirectionMixed
		}
	}
	return dir
}
