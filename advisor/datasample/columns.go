package datasample

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// encoding is how a column's value travels from the live server to the
// sandbox: what the SELECT reads and how the INSERT writes it back.
type encoding int

const (
	// asHex reads HEX(col) and writes X'..': binary strings, BLOBs,
	// geometry and vectors, byte for byte.
	asHex encoding = iota
	// asCharsetHex reads HEX(col) and writes _charset X'..': text in its
	// own character set, never converted.
	asCharsetHex
	// asNumber reads the value's text and writes it bare: integers,
	// DECIMAL (exact as text), DOUBLE, FLOAT read as a DOUBLE, BIT as an
	// integer.
	asNumber
	// asString reads CAST(col AS CHAR) and writes it quoted: temporal
	// values, whatever the connection's parseTime.
	asString
)

// column is one copied column of a table.
type column struct {
	Name     string
	DataType string // information_schema.COLUMNS.DATA_TYPE, lower case
	Charset  string // CHARACTER_SET_NAME; "" for binary and non-text types
}

var binaryTypes = map[string]bool{
	"binary": true, "varbinary": true, "tinyblob": true, "blob": true, "mediumblob": true, "longblob": true,
	"geometry": true, "point": true, "linestring": true, "polygon": true, "multipoint": true,
	"multilinestring": true, "multipolygon": true, "geometrycollection": true, "geomcollection": true,
	"vector": true,
}

var numberTypes = map[string]bool{
	"tinyint": true, "smallint": true, "mediumint": true, "int": true, "integer": true, "bigint": true,
	"decimal": true, "numeric": true, "float": true, "double": true, "real": true, "bit": true,
}

var temporalTypes = map[string]bool{"date": true, "time": true, "datetime": true, "timestamp": true, "year": true}

func (c column) encoding() encoding {
	switch {
	case numberTypes[c.DataType]:
		return asNumber
	case temporalTypes[c.DataType]:
		return asString
	case binaryTypes[c.DataType] || c.Charset == "binary":
		return asHex
	default:
		return asCharsetHex
	}
}

// selectExpr is what the live server is asked for: a string (or NULL)
// that carries the value exactly.
func (c column) selectExpr() string {
	q := stmt.QuoteIdent(c.Name)
	switch c.encoding() {
	case asHex:
		return "HEX(" + q + ")"
	case asCharsetHex:
		if c.Charset == "" { // MySQL's JSON has no character set: its text is utf8mb4
			return "HEX(CAST(" + q + " AS CHAR CHARACTER SET utf8mb4))"
		}
		return "HEX(" + q + ")"
	case asNumber:
		switch c.DataType {
		case "bit":
			return q + " + 0"
		case "float":
			// FLOAT prints with 6 digits on MariaDB; as a DOUBLE it prints
			// every digit it needs to come back as the same FLOAT.
			return q + " + 0e0"
		}
		return q
	default:
		return "CAST(" + q + " AS CHAR)"
	}
}

// literal writes a value read with selectExpr as an SQL literal for the
// INSERT; it refuses a value that is not what selectExpr reads.
func (c column) literal(v *string) (string, error) {
	if v == nil {
		return "NULL", nil
	}
	switch c.encoding() {
	case asHex, asCharsetHex:
		if !isHex(*v) {
			return "", fmt.Errorf("column %s: HEX() returned %q", c.Name, *v)
		}
		if *v == "" {
			return "''", nil
		}
		if c.encoding() == asCharsetHex {
			return "_" + c.introducer() + " X'" + *v + "'", nil
		}
		return "X'" + *v + "'", nil
	case asNumber:
		if !isNumber(*v) {
			return "", fmt.Errorf("column %s (%s): %q is not a number", c.Name, c.DataType, *v)
		}
		return *v, nil
	default:
		return stmt.QuoteString(*v), nil
	}
}

// introducer is the character set named in front of a text literal.
func (c column) introducer() string {
	if c.Charset == "" {
		return "utf8mb4"
	}
	return strings.ToLower(c.Charset)
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= '0' && b <= '9' || b >= 'A' && b <= 'F' || b >= 'a' && b <= 'f') {
			return false
		}
	}
	return len(s)%2 == 0
}

// isNumber accepts what servers print for numbers: digits, sign, point,
// exponent (1e-7, -1.5E+20).
func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= '0' && b <= '9' || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E') {
			return false
		}
	}
	return true
}
