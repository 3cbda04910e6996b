package queries

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// isJSONType reports whether a column's type name is the JSON type. Only
// MySQL has it: MariaDB's JSON is LONGTEXT with a check, printed as stored,
// and its JSON functions return text.
func isJSONType(typeName string) bool {
	return strings.EqualFold(typeName, "JSON")
}

// jsonText returns the canonical text of a JSON document: object keys
// sorted, no whitespace between tokens, strings re-escaped alike, numbers
// as exactNumber and approximateNumber give them. ok is false when the
// text is not one JSON value.
func jsonText(text string, digits int) (canonical string, ok bool) {
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "", false
	}
	if _, err := d.Token(); err != io.EOF {
		return "", false // something after the value
	}
	var b bytes.Buffer
	writeJSON(&b, v, digits)
	return b.String(), true
}

// writeJSON writes one decoded JSON value canonically.
func writeJSON(b *bytes.Buffer, v any, digits int) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			writeJSON(b, x[k], digits)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e, digits)
		}
		b.WriteByte(']')
	case string:
		writeJSONString(b, x)
	case json.Number:
		b.WriteString(jsonNumber(string(x), digits))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	default: // nil
		b.WriteString("null")
	}
}

// writeJSONString writes a string with one escaping for every server
// (MySQL prints non-ASCII characters as they are, a stored document may
// hold \u escapes).
func writeJSONString(b *bytes.Buffer, s string) {
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)         // a string always encodes
	b.Truncate(b.Len() - 1) // Encode's newline
}

// jsonNumber gives a JSON number the comparer's rules for numbers: an
// integral value exactly (1, 1.0 and 1e0 are one number: MySQL keeps a
// document's 1.0 as the double 1.0, MariaDB the text as written), any
// other to the approximate numbers' significant digits, since MySQL
// stores a non-integral JSON number as a DOUBLE.
func jsonNumber(text string, digits int) string {
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return text
	}
	if r.IsInt() {
		return r.RatString()
	}
	f, _ := r.Float64()
	return approximateText(f, digits)
}
