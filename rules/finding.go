package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// Severity orders findings; higher is worse.
type Severity int

// Severities.
const (
	Info Severity = iota
	Warning
	Critical
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Critical:
		return "critical"
	}
	return "info"
}

// ParseSeverity reads "info", "warning" or "critical" (and "none", which is
// above critical: nothing fails).
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "info":
		return Info, nil
	case "warning", "warn":
		return Warning, nil
	case "critical", "crit":
		return Critical, nil
	case "none", "never":
		return Critical + 1, nil
	}
	return 0, fmt.Errorf("unknown severity %q: use info, warning, critical or none", s)
}

// MarshalText lets Severity print as its name in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one conclusion of a rule.
type Finding struct {
	ID              string
	Severity        Severity
	Title           string
	Detail          string
	Evidence        map[string]string
	MeasuredSpeedup *MeasuredSpeedup
	Recommendation  Recommendation
}

// MeasuredSpeedup ties a finding to a benchmark variant.
type MeasuredSpeedup struct {
	Variant string
	effect.Interval
	BaselineMs float64 // per CREATE TABLE
	VariantMs  float64
}

// Recommendation is what to change, and at what cost.
type Recommendation struct {
	MyCnf     []string // lines for the [mysqld] section, comments included
	SQL       []string
	Tradeoffs []string
}

// sortFindings orders findings by severity (worst first), then id.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Severity != fs[j].Severity {
			return fs[i].Severity > fs[j].Severity
		}
		return fs[i].ID < fs[j].ID
	})
}
