package datasample

import "testing"

func TestColumnEncoding(t *testing.T) {
	str := func(s string) *string { return &s }
	cases := []struct {
		col        column
		selectExpr string
		value      *string
		literal    string
	}{
		{column{"b", "varbinary", ""}, "HEX(`b`)", str("00FF"), "X'00FF'"},
		{column{"g", "point", ""}, "HEX(`g`)", str("0101"), "X'0101'"},
		{column{"n", "varchar", "latin1"}, "HEX(`n`)", str("C5"), "_latin1 X'C5'"},
		{column{"n", "varchar", "latin1"}, "HEX(`n`)", str(""), "''"},
		{column{"j", "json", ""}, "HEX(CAST(`j` AS CHAR CHARACTER SET utf8mb4))", str("7B7D"), "_utf8mb4 X'7B7D'"},
		{column{"c", "char", "binary"}, "HEX(`c`)", str("41"), "X'41'"},
		{column{"d", "decimal", ""}, "`d`", str("-12345678.1234"), "-12345678.1234"},
		{column{"f", "float", ""}, "`f` + 0e0", str("1.2345677614212036"), "1.2345677614212036"},
		{column{"x", "double", ""}, "`x`", str("1e-300"), "1e-300"},
		{column{"bits", "bit", ""}, "`bits` + 0", str("1023"), "1023"},
		{column{"t", "datetime", ""}, "CAST(`t` AS CHAR)", str("2026-12-02 10:11:12.123456"), "'2026-12-02 10:11:12.123456'"},
		{column{"e", "enum", "utf8mb4"}, "HEX(`e`)", nil, "NULL"},
	}
	for _, c := range cases {
		if got := c.col.selectExpr(); got != c.selectExpr {
			t.Errorf("%s %s: select %s, want %s", c.col.Name, c.col.DataType, got, c.selectExpr)
		}
		got, err := c.col.literal(c.value)
		if err != nil || got != c.literal {
			t.Errorf("%s %s: literal %s (%v), want %s", c.col.Name, c.col.DataType, got, err, c.literal)
		}
	}
}

func TestLiteralRefusesWhatTheSelectDoesNotRead(t *testing.T) {
	for _, c := range []struct {
		col   column
		value string
	}{
		{column{"b", "blob", ""}, "0'); DROP TABLE t; --"},
		{column{"b", "blob", ""}, "ABC"}, // odd length
		{column{"d", "decimal", ""}, "1; DROP TABLE t"},
		{column{"d", "int", ""}, ""},
	} {
		if got, err := c.col.literal(&c.value); err == nil {
			t.Errorf("%s %q: literal %s, want an error", c.col.DataType, c.value, got)
		}
	}
}

func TestIsGenerated(t *testing.T) {
	for extra, want := range map[string]bool{
		"VIRTUAL GENERATED": true,
		"STORED GENERATED":  true,
		"PERSISTENT":        true,
		"":                  false,
		"AUTO_INCREMENT":    false,
		"INVISIBLE":         false,
		"DEFAULT_GENERATED": false,
		"DEFAULT_GENERATED ON UPDATE CURRENT_TIMESTAMP": false,
	} {
		if got := isGenerated(extra); got != want {
			t.Errorf("isGenerated(%q) = %v, want %v", extra, got, want)
		}
	}
}
