package serverfetch

import (
	"strconv"
	"strings"
)

// compareVersions orders two Debian versions (epoch:upstream-revision) as
// dpkg does: <0 when a is older, 0 when equal, >0 when newer.
func compareVersions(a, b string) int {
	ea, ua, ra := splitVersion(a)
	eb, ub, rb := splitVersion(b)
	if ea != eb {
		if ea < eb {
			return -1
		}
		return 1
	}
	if c := comparePart(ua, ub); c != 0 {
		return c
	}
	return comparePart(ra, rb)
}

func splitVersion(v string) (epoch int, upstream, revision string) {
	if e, rest, ok := strings.Cut(v, ":"); ok {
		epoch, _ = strconv.Atoi(e)
		v = rest
	}
	if i := strings.LastIndex(v, "-"); i >= 0 {
		return epoch, v[:i], v[i+1:]
	}
	return epoch, v, ""
}

// comparePart compares alternately the non-digit and digit runs of two
// version parts, as dpkg's verrevcmp does.
func comparePart(a, b string) int {
	for a != "" || b != "" {
		var na, nb string
		na, a = cutRun(a, false)
		nb, b = cutRun(b, false)
		if c := compareLetters(na, nb); c != 0 {
			return c
		}
		na, a = cutRun(a, true)
		nb, b = cutRun(b, true)
		if c := compareNumbers(na, nb); c != 0 {
			return c
		}
	}
	return 0
}

// cutRun splits off the leading run of digits (digits true) or non-digits.
func cutRun(s string, digits bool) (run, rest string) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9') == digits {
		i++
	}
	return s[:i], s[i:]
}

// order is dpkg's weight of a character: ~ before the end, the end before
// letters, letters before the rest.
func order(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	c := s[i]
	switch {
	case c == '~':
		return -1
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return int(c)
	}
	return int(c) + 256
}

func compareLetters(a, b string) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		if oa, ob := order(a, i), order(b, i); oa != ob {
			return oa - ob
		}
	}
	return 0
}

func compareNumbers(a, b string) int {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}
