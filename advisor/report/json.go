package report

import (
	"encoding/json"
	"io"

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
