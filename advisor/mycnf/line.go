package mycnf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// lineKind says what a line of an option file is.
type lineKind int

const (
	lineIgnored          lineKind = iota // blank line or comment
	lineGroup                            // [group]
	lineOption                           // name or name=value
	lineInclude                          // !include FILE
	lineIncludeDir                       // !includedir DIR
	lineUnknownDirective                 // !something else, ignored by the programs
)

// parsedLine is one line of an option file, understood on its own.
type parsedLine struct {
	kind lineKind
	// group is the lower-cased group name of a lineGroup.
	group string
	// trailing is text after the "]" of a lineGroup, which programs ignore.
	trailing string
	// name, value, hasValue and loose describe a lineOption.
	name     string
	value    string
	hasValue bool
	loose    bool
	// arg is the argument of a directive, or the whole directive when unknown.
	arg string
}

const (
	includeKeyword    = "include"
	includeDirKeyword = "includedir"
)

// isSpace reports whether c is white space as the option-file reader sees it
// (isspace() in the C locale).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func trimSpace(s string) string { return strings.TrimRightFunc(trimLeftSpace(s), isSpaceRune) }

func trimLeftSpace(s string) string { return strings.TrimLeftFunc(s, isSpaceRune) }

func trimRightSpace(s string) string { return strings.TrimRightFunc(s, isSpaceRune) }

func isSpaceRune(r rune) bool { return r < 0x80 && isSpace(byte(r)) }

// parseLine understands one line. Its error has no position: the caller adds
// file and line.
func parseLine(text string) (parsedLine, error) {
	s := trimLeftSpace(text)
	switch {
	case s == "" || s[0] == '#' || s[0] == ';':
		return parsedLine{kind: lineIgnored}, nil
	case s[0] == '!':
		return parseDirective(s)
	case s[0] == '[':
		return parseGroupHeader(s)
	default:
		return parseOptionLine(s)
	}
}

// parseDirective parses a line starting with '!'. Only "!include" and
// "!includedir" followed by white space are directives; the programs ignore
// any other "!" line.
func parseDirective(s string) (parsedLine, error) {
	rest := trimLeftSpace(s[1:])
	for _, d := range []struct {
		keyword string
		kind    lineKind
	}{{includeDirKeyword, lineIncludeDir}, {includeKeyword, lineInclude}} {
		if !strings.HasPrefix(rest, d.keyword) {
			continue
		}
		after := rest[len(d.keyword):]
		if after != "" && !isSpace(after[0]) {
			continue
		}
		arg := trimSpace(after)
		if arg == "" {
			return parsedLine{}, fmt.Errorf("!%s without a %s name", d.keyword, directiveObject(d.kind))
		}
		return parsedLine{kind: d.kind, arg: arg}, nil
	}
	return parsedLine{kind: lineUnknownDirective, arg: trimRightSpace(s)}, nil
}

func directiveObject(kind lineKind) string {
	if kind == lineIncludeDir {
		return "directory"
	}
	return "file"
}

// parseGroupHeader parses "[group]". Like the programs, it keeps leading
// blanks inside the brackets, drops trailing ones, and ignores anything after
// the first "]".
func parseGroupHeader(s string) (parsedLine, error) {
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return parsedLine{}, fmt.Errorf("group header %q has no closing ']'", trimRightSpace(s))
	}
	return parsedLine{
		kind:     lineGroup,
		group:    strings.ToLower(trimRightSpace(s[1:end])),
		trailing: trimSpace(s[end+1:]),
	}, nil
}

// parseOptionLine parses "name", "name = value" or "name=value", with an
// optional '#' comment at the end.
func parseOptionLine(s string) (parsedLine, error) {
	s = s[:endOfContent(s)]
	rawName, rawValue, hasValue := strings.Cut(s, "=")
	rawName = trimRightSpace(rawName)
	if rawName == "" {
		return parsedLine{}, errors.New("option without a name before '='")
	}
	name, loose := stripLoosePrefix(rawName)
	line := parsedLine{kind: lineOption, name: flavor.OptionName(name), loose: loose, hasValue: hasValue}
	if hasValue {
		line.value = decodeValue(trimSpace(rawValue))
	}
	return line, nil
}

// stripLoosePrefix removes a "loose-" or "loose_" prefix (any case).
func stripLoosePrefix(name string) (string, bool) {
	const prefix = "loose_"
	if len(name) > len(prefix) && flavor.OptionName(name[:len(prefix)]) == prefix {
		return name[len(prefix):], true
	}
	return name, false
}

// endOfContent returns where a '#' comment starts in an option line, or
// len(s). As in the programs, a '#' inside single or double quotes does not
// start a comment, and inside quotes a backslash protects the next quote.
func endOfContent(s string) int {
	var quote byte
	escaped := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '\'' || c == '"') && !escaped {
			switch quote {
			case 0:
				quote = c
			case c:
				quote = 0
			}
		}
		if quote == 0 && c == '#' {
			return i
		}
		escaped = quote != 0 && c == '\\' && !escaped
	}
	return len(s)
}

// decodeValue removes one pair of matching quotes around a trimmed value and
// decodes the escapes the programs know.
func decodeValue(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	b.Grow(len(v))
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' || i == len(v)-1 {
			b.WriteByte(v[i])
			continue
		}
		i++
		if decoded, ok := escapes[v[i]]; ok {
			b.WriteByte(decoded)
		} else {
			b.WriteByte('\\')
			b.WriteByte(v[i])
		}
	}
	return b.String()
}

// escapes maps the character after a backslash to what it stands for.
var escapes = map[byte]byte{
	'n':  '\n',
	't':  '\t',
	'r':  '\r',
	'b':  '\b',
	's':  ' ',
	'"':  '"',
	'\'': '\'',
	'\\': '\\',
}
