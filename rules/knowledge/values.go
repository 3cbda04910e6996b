package knowledge

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// NormalizeValue returns a canonical spelling of a variable's value so that
// equal settings compare equal: booleans become ON/OFF (on, 1, true, yes are
// ON), numbers lose their size suffix (1G, 1024M and 1073741824 are all
// 1073741824), enums are upper-cased, sets are upper-cased and sorted, and
// surrounding quotes and spaces are dropped. Variables unknown to the
// knowledge base get numbers canonicalised and everything else upper-cased.
func NormalizeValue(name, value string) string {
	v := Unquote(value)
	f, ok := index[flavor.OptionName(name)]
	if !ok {
		if n, ok := CanonicalNumber(v); ok {
			return n
		}
		return strings.ToUpper(v)
	}
	n := normalizeByKind(f.Kind, v)
	if canon, ok := f.Synonyms[n]; ok {
		return canon
	}
	return n
}

// SameValue reports whether two values of a variable mean the same setting.
func SameValue(name, a, b string) bool {
	return NormalizeValue(name, a) == NormalizeValue(name, b)
}

func normalizeByKind(k ValueKind, v string) string {
	switch k {
	case KindBool:
		return normalizeBool(v)
	case KindNumber:
		if n, ok := CanonicalNumber(v); ok {
			return n
		}
		return strings.ToUpper(v)
	case KindEnum:
		return strings.ToUpper(v)
	case KindSet:
		return normalizeSet(v)
	}
	return v
}

// normalizeBool maps MySQL's boolean spellings to ON/OFF; other words (such
// as event_scheduler's DISABLED) are upper-cased.
func normalizeBool(v string) string {
	switch u := strings.ToUpper(v); u {
	case "ON", "1", "TRUE", "YES":
		return "ON"
	case "OFF", "0", "FALSE", "NO":
		return "OFF"
	default:
		return u
	}
}

// normalizeSet upper-cases, de-duplicates and sorts a keyword list.
func normalizeSet(v string) string {
	seen := map[string]bool{}
	var words []string
	for _, w := range splitKeywords(v) {
		u := strings.ToUpper(w)
		if !seen[u] {
			seen[u] = true
			words = append(words, u)
		}
	}
	sort.Strings(words)
	return strings.Join(words, ",")
}

// splitKeywords splits a set value on commas and spaces.
func splitKeywords(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
}

// sizeSuffixes are the multipliers MySQL accepts after a number.
var sizeSuffixes = map[byte]int64{'K': 1 << 10, 'M': 1 << 20, 'G': 1 << 30, 'T': 1 << 40, 'P': 1 << 50, 'E': 1 << 60}

// CanonicalNumber spells a number the way NormalizeValue compares it:
// integers (size suffixes expanded) in decimal, and decimals such as
// SHOW VARIABLES' "0.000000" or "90.000000" without trailing zeros, so that
// 0.000000 equals 0 and 0.900000 equals .9.
func CanonicalNumber(v string) (string, bool) {
	if n, ok := ParseNumber(v); ok {
		return strconv.FormatInt(n, 10), true
	}
	if !decimalNumber.MatchString(v) {
		return "", false
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return "", false
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return strconv.FormatInt(int64(f), 10), true
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}

// decimalNumber matches a plain decimal such as 0.000000, -1.5 or .9.
var decimalNumber = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)$`)

// ParseNumber reads an integer with an optional K/M/G/T/P/E suffix (any case).
func ParseNumber(v string) (int64, bool) {
	if v == "" {
		return 0, false
	}
	mult := int64(1)
	if m, ok := sizeSuffixes[strings.ToUpper(v[len(v)-1:])[0]]; ok {
		mult, v = m, v[:len(v)-1]
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || (n != 0 && (n*mult)/n != mult) {
		return 0, false
	}
	return n * mult, true
}

// Unquote trims spaces and one pair of matching surrounding quotes.
func Unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
		v = strings.TrimSpace(v[1 : len(v)-1])
	}
	return v
}

// ValuesOf lists the values of rs, in order.
func ValuesOf(rs []ValueRemoval) []string {
	out := make([]string, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.Value)
	}
	return out
}

// FormatSize writes a byte count with the largest K, M or G suffix that
// divides it exactly ("1G", "16M"); a count no suffix divides, or 0, is
// written as a plain number.
func FormatSize(n int64) string {
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if n != 0 && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}
