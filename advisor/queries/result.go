package queries

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Column is one column of a result: its name and the server's type name.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// family groups type names whose values an application reads alike:
// every integer and DECIMAL is an exact number (the families give INT and
// BIGINT to the same literal), FLOAT and DOUBLE approximate numbers,
// strings of every kind (JSON included: newCanon compares it by meaning),
// and temporal types.
func family(typeName string) string {
	t := strings.TrimPrefix(strings.ToUpper(typeName), "UNSIGNED ")
	switch t {
	case "TINYINT", "SMALLINT", "MEDIUMINT", "INT", "INTEGER", "BIGINT", "DECIMAL", "YEAR":
		return "exact"
	case "FLOAT", "DOUBLE":
		return "approximate"
	case "DATE", "DATETIME", "TIMESTAMP", "TIME":
		return "temporal"
	case "NULL", "":
		return "null"
	case "BIT", "GEOMETRY", "VECTOR":
		return strings.ToLower(t)
	}
	return "string"
}

// cell is one value of a row as the text protocol gives it.
type cell struct {
	null bool
	text string
}

// resultSet is what a statement returned, up to the cap.
type resultSet struct {
	columns   []Column
	rows      [][]cell
	truncated bool // the cap was reached: the rows are a prefix
}

// canon gives every cell of a result a canonical text for comparison with
// another server's result of the same statement.
type canon struct {
	kinds  []string // per column: "exact", "approximate", "json", "masked" or "" (as text)
	digits int      // significant digits kept of approximate numbers
}

// newCanon chooses how each column is compared, from both sides' types.
func newCanon(a, b []Column, masked []bool, digits int) canon {
	c := canon{kinds: make([]string, len(a)), digits: digits}
	for i := range a {
		fa, fb := family(a[i].Type), family(b[i].Type)
		switch {
		case masked[i]:
			c.kinds[i] = "masked"
		case fa == "approximate" || fb == "approximate":
			c.kinds[i] = "approximate"
		case fa == "exact" && fb == "exact":
			c.kinds[i] = "exact"
		case isJSONType(a[i].Type) || isJSONType(b[i].Type):
			c.kinds[i] = "json"
		}
	}
	return c
}

// value returns a cell's canonical text in column i.
func (c canon) value(i int, v cell) string {
	if v.null {
		return "\x00NULL"
	}
	switch c.kinds[i] {
	case "masked":
		return ""
	case "exact":
		if r, ok := new(big.Rat).SetString(v.text); ok {
			return r.RatString()
		}
	case "approximate":
		if f, err := strconv.ParseFloat(v.text, 64); err == nil {
			return approximateText(f, c.digits)
		}
	case "json":
		if s, ok := jsonText(v.text, c.digits); ok {
			return s
		}
	}
	return v.text
}

// approximateText gives a floating-point number to digits significant digits.
func approximateText(f float64, digits int) string {
	if f == 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', digits, 64)
}

// row returns a row's canonical text, cells separated by a byte no text holds.
func (c canon) row(r []cell) string {
	var b strings.Builder
	for i, v := range r {
		if i > 0 {
			b.WriteByte(0x1f)
		}
		b.WriteString(c.value(i, v))
	}
	return b.String()
}

// rows returns every row's canonical text, in order.
func (c canon) rows(rs [][]cell) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = c.row(r)
	}
	return out
}

// multisetDiff returns how many rows only a has and only b has, with one
// example of each (canonical text, "" for none).
func multisetDiff(a, b []string) (onlyA, onlyB int, exA, exB string) {
	count := map[string]int{}
	for _, r := range a {
		count[r]++
	}
	for _, r := range b {
		count[r]--
	}
	for _, r := range a {
		if count[r] > 0 {
			onlyA += count[r]
			if exA == "" {
				exA = r
			}
			count[r] = 0
		}
	}
	for _, r := range b {
		if count[r] < 0 {
			onlyB -= count[r]
			if exB == "" {
				exB = r
			}
			count[r] = 0
		}
	}
	return onlyA, onlyB, exA, exB
}

// keyColumns resolves ORDER BY keys to column indexes; nil when one does not resolve.
func keyColumns(keys []string, cols []Column) []int {
	if len(keys) == 0 {
		return nil
	}
	var out []int
	for _, k := range keys {
		i := -1
		if n, err := strconv.Atoi(strings.TrimPrefix(k, "#")); strings.HasPrefix(k, "#") && err == nil && n <= len(cols) {
			i = n - 1
		} else {
			for j, c := range cols {
				if strings.EqualFold(c.Name, k) {
					if i >= 0 {
						return nil // ambiguous
					}
					i = j
				}
			}
		}
		if i < 0 {
			return nil
		}
		out = append(out, i)
	}
	return out
}

// sameOrder compares two results of the same multiset in order: by the
// order keys when known (rows with equal keys may come in any order), else
// row by row.
func sameOrder(c canon, a, b [][]cell, keys []int) bool {
	if keys == nil {
		return slices.Equal(c.rows(a), c.rows(b))
	}
	key := func(r []cell) string {
		var parts []string
		for _, i := range keys {
			parts = append(parts, c.value(i, r[i]))
		}
		return strings.Join(parts, "\x1f")
	}
	for i := range a {
		if key(a[i]) != key(b[i]) {
			return false
		}
	}
	return true
}

// shortRow shows a canonical row for a message.
func shortRow(r string) string {
	s := strings.ReplaceAll(strings.ReplaceAll(r, "\x00NULL", "NULL"), "\x1f", " | ")
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return "(" + s + ")"
}
