package compare

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// kind is how a column's values compare.
type kind uint8

const (
	kindText    kind = iota // byte for byte (strings, temporal values, binary, the rest)
	kindInteger             // exact integers
	kindDecimal             // exact decimals: 1.50 = 1.5
	kindFloat               // within a tolerance
	kindJSON                // by meaning: MySQL and MariaDB print JSON differently
)

// kindOf maps the server's type name to how its values compare.
func kindOf(typeName string) kind {
	t := strings.ToUpper(strings.TrimPrefix(strings.ToUpper(typeName), "UNSIGNED "))
	switch t {
	case "TINYINT", "SMALLINT", "MEDIUMINT", "INT", "INTEGER", "BIGINT", "YEAR":
		return kindInteger
	case "DECIMAL", "NUMERIC", "NEWDECIMAL":
		return kindDecimal
	case "FLOAT", "DOUBLE", "REAL":
		return kindFloat
	case "JSON":
		return kindJSON
	}
	return kindText
}

// compatible reports kinds whose values can be compared: the same kind,
// two kinds of number, or JSON and text (MariaDB's JSON is LONGTEXT).
func compatible(a, b kind) bool {
	number := func(k kind) bool { return k == kindInteger || k == kindDecimal || k == kindFloat }
	switch {
	case a == b, number(a) && number(b):
		return true
	case (a == kindJSON && b == kindText) || (a == kindText && b == kindJSON):
		return true
	}
	return false
}

// column is how one column is compared.
type column struct {
	kind      kind
	tolerance float64
	ignored   bool
}

// plan decides how each column compares: the looser of the two sides'
// kinds (a DECIMAL against a DOUBLE compares as floats).
func plan(a, b []Column, ignored []bool, tolerance float64) []column {
	out := make([]column, len(a))
	for i := range a {
		ka, kb := kindOf(a[i].Type), kindOf(b[i].Type)
		k := max(ka, kb) // text < integer < decimal < float < json
		if (ka == kindJSON) != (kb == kindJSON) {
			k = kindJSON
		}
		tol := tolerance
		if strings.EqualFold(a[i].Type, "FLOAT") || strings.EqualFold(b[i].Type, "FLOAT") {
			tol = max(tol, 1e-6)
		}
		out[i] = column{kind: k, tolerance: tol, ignored: ignored[i]}
	}
	return out
}

// equal compares two cells of a column.
func (c column) equal(a, b Cell) bool {
	if c.ignored {
		return true
	}
	if a.Null || b.Null {
		return a.Null == b.Null
	}
	if a.Text == b.Text {
		return true
	}
	switch c.kind {
	case kindInteger, kindDecimal:
		ra, okA := new(big.Rat).SetString(a.Text)
		rb, okB := new(big.Rat).SetString(b.Text)
		return okA && okB && ra.Cmp(rb) == 0
	case kindFloat:
		fa, errA := strconv.ParseFloat(a.Text, 64)
		fb, errB := strconv.ParseFloat(b.Text, 64)
		return errA == nil && errB == nil && closeEnough(fa, fb, c.tolerance)
	case kindJSON:
		return sameJSON(a.Text, b.Text)
	}
	return false
}

// key is the cell's text for grouping rows: equal cells give equal keys,
// except floats, which are compared within a tolerance apart.
func (c column) key(a Cell) string {
	switch {
	case c.ignored || c.kind == kindFloat:
		return ""
	case a.Null:
		return "\x00NULL"
	case c.kind == kindInteger || c.kind == kindDecimal:
		if r, ok := new(big.Rat).SetString(a.Text); ok {
			return r.RatString()
		}
	case c.kind == kindJSON:
		if v, ok := decodeJSON(a.Text); ok {
			if b, err := json.Marshal(v); err == nil {
				return string(b)
			}
		}
	}
	return a.Text
}

func closeEnough(a, b, tol float64) bool {
	if a == b {
		return true
	}
	diff := math.Abs(a - b)
	return diff <= tol || diff <= tol*math.Max(math.Abs(a), math.Abs(b))
}

func sameJSON(a, b string) bool {
	va, okA := decodeJSON(a)
	vb, okB := decodeJSON(b)
	return okA && okB && reflect.DeepEqual(va, vb)
}

// decodeJSON reads a JSON text with numbers kept exact (as big.Rat texts).
func decodeJSON(s string) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	return normalNumbers(v), true
}

// normalNumbers turns json.Numbers into exact rational texts, so 1.0 and
// 1 are the same number.
func normalNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok {
			return r.RatString()
		}
		return string(x)
	case []any:
		for i := range x {
			x[i] = normalNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalNumbers(x[k])
		}
	}
	return v
}
