package report

import (
	"encoding/json"
	"io"
)

// reportJSON writes the report as indented JSON (schema_version 1).
func reportJSON(w io.Writer, r *Report) error { return writeJSON(w, r) }

// writeJSON writes any report as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
