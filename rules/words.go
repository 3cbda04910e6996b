package rules

// The rules' shared words: version labels, values as shown, my.cnf lines.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// VersionLabel names a flavor, as a series when the patch level is 0
// ("MySQL 5.6" for --target 5.6).
func VersionLabel(fl flavor.Flavor) string {
	if fl.Version.Patch == 0 && !fl.Version.IsZero() {
		return fl.Name() + " " + fl.Version.Series()
	}
	return fl.String()
}

// pinLine is the my.cnf line that keeps a variable at value. log_bin is
// not a boolean option: "log_bin = OFF" names the binary log OFF and turns
// it on, so OFF is written skip-log-bin and ON log-bin.
func pinLine(name, value string) string {
	if name == "log_bin" {
		if v := strings.ToUpper(knowledge.Unquote(value)); v == "OFF" || v == "0" {
			return "skip-log-bin"
		}
		return "log-bin"
	}
	return mycnfLine(name, value)
}

// mycnfLine writes "name = value" for the [mysqld] section, quoting values
// an option file would otherwise misread.
func mycnfLine(name, value string) string {
	v := knowledge.Unquote(value)
	if v == "" || strings.ContainsAny(v, " \t#;") {
		v = strconv.Quote(v)
	}
	return name + " = " + v
}

// plainValue writes a number the way an option file would (SHOW VARIABLES'
// 0.000000 as 0); other values are returned unquoted.
func plainValue(f knowledge.Fact, v string) string {
	v = knowledge.Unquote(v)
	if f.Kind == knowledge.KindNumber {
		if n, ok := knowledge.CanonicalNumber(v); ok {
			return n
		}
	}
	return v
}

// showValue formats a value for a message: empty strings visibly, sizes of a
// megabyte or more with their readable form ("50331648 (48M)").
func showValue(f knowledge.Fact, v string) string {
	v = plainValue(f, v)
	if v == "" {
		return "'' (empty)"
	}
	if f.Kind != knowledge.KindNumber {
		return v
	}
	n, ok := knowledge.ParseNumber(v)
	if !ok || n < 1<<20 {
		return v
	}
	if size := knowledge.FormatSize(n); size != strconv.FormatInt(n, 10) {
		return fmt.Sprintf("%d (%s)", n, size)
	}
	return strconv.FormatInt(n, 10)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func originLabel(o Origin) string {
	if o == "" {
		return string(OriginUnknown)
	}
	return string(o)
}

// effectSentence is the variable's effect as a sentence, or "" when the
// knowledge base has no description.
func effectSentence(f knowledge.Fact) string {
	if f.Effect == "" {
		return ""
	}
	return capitalize(f.Effect) + "."
}

func showRaw(v string) string {
	if knowledge.Unquote(v) == "" {
		return "'' (empty)"
	}
	return knowledge.Unquote(v)
}
