package report

import (
	"encoding/json"
	"io"

	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// reportJSON writes the report as indented JSON (schema_version 1).
func reportJSON(w io.Writer, r *Report) error { return writeJSON(w, r) }

// writeJSON writes any report as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// UnmarshalJSON reads a finding as the JSON report writes it, its severity
// included, so that a report read back weighs its findings as it was written.
func (f *FindingInfo) UnmarshalJSON(data []byte) error {
	type plain FindingInfo // without this method
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*f = FindingInfo(p)
	if sev, err := rules.ParseSeverity(f.Severity); err == nil {
		f.severity = sev
	}
	return nil
}

// compareJSON writes the comparison as indented JSON.
func compareJSON(w io.Writer, r *CompareReport) error { return writeJSON(w, r) }

// rehearseJSON writes the rehearsal as indented JSON.
func rehearseJSON(w io.Writer, r *RehearseReport) error { return writeJSON(w, r) }

// fleetJSONLines prints one JSON object per host: {"host", "report"}
// or {"host", "error"}.
func fleetJSONLines(w io.Writer, results Fleet) error {
	enc := json.NewEncoder(w)
	for _, r := range results {
		line := struct {
			Host      string  `json:"host"`
			DurationS float64 `json:"duration_s"`
			Report    *Report `json:"report,omitempty"`
			Error     string  `json:"error,omitempty"`
		}{Host: r.Host, DurationS: decimal.Round(r.Duration.Seconds(), 2), Report: r.Report}
		if r.Err != nil {
			line.Error = r.Err.Error()
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}
