package mycnf

import (
	"math"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"0", 0},
		{"16777216", 16777216},
		{"16M", 16 << 20},
		{"16m", 16 << 20},
		{"64k", 64 << 10},
		{"64K", 64 << 10},
		{"8G", 8 << 30},
		{"1t", 1 << 40},
		{"2P", 2 << 50},
		{"1e", 1 << 60},
		{" 128M ", 128 << 20},
		{"+1K", 1024},
		{"-1", -1},
		{"-2k", -2048},
		{"1GB", 1 << 30}, // mysqld ignores what follows the unit
		{"007", 7},
		{"9223372036854775807", math.MaxInt64},
		{"-8E", math.MinInt64},
	}
	for _, tt := range tests {
		got, err := parseSize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

func TestParseSizeErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "expected a number"},
		{"   ", "expected a number"},
		{"K", "expected a number"},
		{"-", "expected a number"},
		{"1.5G", `unknown unit "."`},
		{"10X", `unknown unit "X"`},
		{"0x10", `unknown unit "x"`},
		{"1 G", `unknown unit " "`},
		{"9223372036854775808", "out of range"},
		{"8E", "out of range"},
		{"9000000000000000000K", "out of range"},
	}
	for _, tt := range tests {
		_, err := parseSize(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSize(%q) error = %v, want one containing %q", tt.in, err, tt.want)
		}
	}
}
