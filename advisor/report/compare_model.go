package report

import (
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// CompareReport is the result of `compare`.
type CompareReport struct {
	SchemaVersion int `json:"schema_version"`
	// Verdict is the readiness the report judged (Judge), first in every
	// format; nil when it judges no target.
	Verdict    *Verdict    `json:"verdict,omitempty"`
	Command    string      `json:"command"`
	Tool       ToolInfo    `json:"tool"`
	Source     CompareSide `json:"source"`
	Target     CompareSide `json:"target"`
	Rounds     int         `json:"rounds"`
	StopReason string      `json:"stop_reason"`
	DurationS  float64     `json:"duration_s"`
	Method     string      `json:"method"`
	// Decision is the stop rule's decision on the target's baseline
	// against the source's (time ratio target/source), on which the
	// summary's verdict is decided.
	Decision *Decision        `json:"decision,omitempty"`
	Variants []CompareVariant `json:"variants"`
	Summary  []string         `json:"summary"`
	Notes    []string         `json:"notes,omitempty"`
}

// CompareSide is one server of the comparison.
type CompareSide struct {
	Endpoint  string                 `json:"endpoint"`
	Server    ServerInfo             `json:"server"`
	Settings  map[string]SettingInfo `json:"settings"`
	Benchmark *BenchmarkInfo         `json:"benchmark"`
}

// CompareVariant holds both sides' measurements of a variant, the target's
// regression against the source for it, and how the target variant compares
// with the source's baseline.
type CompareVariant struct {
	Name   string       `json:"name"`
	Source *VariantInfo `json:"source"`
	Target *VariantInfo `json:"target"`
	// Regression: target / source CREATE TABLE time of this variant, paired
	// by round (> 1: the target is slower).
	Regression *effect.Interval `json:"regression,omitempty"`
	// VsSourceBaseline: target variant / source baseline time, paired by
	// round; Recovers when the target variant is not shown to be more than
	// the margin (effect.Recovers) slower than the source as it runs.
	VsSourceBaseline *effect.Interval `json:"vs_source_baseline,omitempty"`
	Recovers         bool             `json:"recovers"`
}
