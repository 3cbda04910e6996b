package mycnf

import (
	"fmt"
	"math"
	"strconv"
)

// sizeMultipliers maps the unit suffixes the programs accept for numeric
// options to their value: powers of 1024.
var sizeMultipliers = map[byte]int64{
	'k': 1 << 10,
	'm': 1 << 20,
	'g': 1 << 30,
	't': 1 << 40,
	'p': 1 << 50,
	'e': 1 << 60,
}

// parseSize parses a numeric option value as mysqld does: an optional sign,
// decimal digits, and an optional unit K, M, G, T, P or E in either case,
// each 1024 times the previous ("16M" is 16777216). Leading and trailing
// blanks are ignored.
//
// Like mysqld, parseSize ignores anything after the unit letter, so "1GB" is
// 1073741824. Unlike mysqld it rejects a value without digits ("", "K") and
// a value that overflows int64, which mysqld would take as 0 or wrap. A
// fraction ("1.5G") is an error for both.
func parseSize(s string) (int64, error) {
	t := trimSpace(s)
	digitsEnd := numberEnd(t)
	if digitsEnd == 0 || t[digitsEnd-1] < '0' || t[digitsEnd-1] > '9' {
		return 0, fmt.Errorf("size %q: expected a number with an optional unit K, M, G, T, P or E", s)
	}
	n, err := strconv.ParseInt(t[:digitsEnd], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("size %q: number out of range", s)
	}
	if digitsEnd == len(t) {
		return n, nil
	}
	mult, ok := sizeMultipliers[lowerASCII(t[digitsEnd])]
	if !ok {
		return 0, fmt.Errorf("size %q: unknown unit %q; the units are K, M, G, T, P and E", s, t[digitsEnd:digitsEnd+1])
	}
	if n > math.MaxInt64/mult || n < math.MinInt64/mult {
		return 0, fmt.Errorf("size %q: number out of range", s)
	}
	return n * mult, nil
}

// numberEnd returns the length of the leading "[+-]digits" of s.
func numberEnd(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}
