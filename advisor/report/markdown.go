package report

import (
	"strings"
	"unicode"
)

// mdWriter accumulates the Markdown document.
type mdWriter struct {
	b strings.Builder
	// verbose lists what is folded otherwise (TextStyle.Verbose).
	verbose bool
}

// line writes one line of Markdown followed by a newline.
func (m *mdWriter) line(s string) {
	m.b.WriteString(s)
	m.b.WriteString("\n")
}

// heading writes a heading of the given level with an empty line after it.
func (m *mdWriter) heading(level int, text string) {
	m.line(strings.Repeat("#", level) + " " + text)
	m.line("")
}

// table writes a GitHub table; every cell must already be Markdown that is
// safe in a table (mdText or mdCodeCell, which escape every pipe).
func (m *mdWriter) table(header []string, align []string, rows [][]string) {
	m.line(tableRow(header))
	m.line("|" + strings.Join(align, "|") + "|")
	for _, row := range rows {
		m.line(tableRow(row))
	}
	m.line("")
}

func tableRow(cells []string) string {
	return "| " + strings.Join(cells, " | ") + " |"
}

// list writes a labelled bullet with one nested bullet per item; nothing
// when there are no items.
func (m *mdWriter) list(label string, items []string, format func(string) string) {
	if len(items) == 0 {
		return
	}
	m.line("- **" + label + ":**")
	for _, it := range items {
		m.line("  - " + format(it))
	}
}

// mdSpecial are the characters escaped with a backslash in Markdown text:
// those that could start emphasis, code, links, raw HTML or autolinks,
// entities, strike-through, a closing heading sequence or a table cell
// boundary. A '>' only quotes at the start of a line, where no text goes.
const mdSpecial = "\\`*[]<&|~#"

// mdText escapes s for Markdown prose so it renders literally and never as
// markup or raw HTML; a pipe is escaped too, so the result is safe in a
// table cell. Line breaks become spaces so s stays on one line. An
// underscore inside a word (innodb_file_per_table) cannot start emphasis
// and is left alone to keep the source readable.
func mdText(s string) string {
	rs := []rune(oneLine(s))
	var b strings.Builder
	for i, r := range rs {
		if strings.ContainsRune(mdSpecial, r) || (r == '_' && !insideWord(rs, i)) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// insideWord reports whether the rune at i has a letter or digit on both sides.
func insideWord(rs []rune, i int) bool {
	return i > 0 && i < len(rs)-1 && isWordRune(rs[i-1]) && isWordRune(rs[i+1])
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// mdCode renders s as an inline code span, with a fence of backticks longer
// than any run of backticks inside s. An empty s renders as an em dash.
// Outside tables only: a table splits cells at pipes even inside code, so
// table cells use mdCodeCell.
func mdCode(s string) string {
	s = oneLine(s)
	if s == "" {
		return "—"
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdCodeCell is mdCode for a table cell. GitHub ends a cell at a pipe even
// inside a code span and removes the backslash of an escaped one, so a
// backslash before a pipe cannot survive in code; a value with a pipe is
// written as escaped text instead.
func mdCodeCell(s string) string {
	if strings.Contains(s, "|") {
		return mdText(s)
	}
	return mdCode(s)
}

// codeFence returns a backtick fence longer than any backtick run in body
// (at least three), so the body cannot close the code block.
func codeFence(body string) string {
	return strings.Repeat("`", max(3, longestRun(body, '`')+1))
}

func longestRun(s string, c rune) int {
	longest, run := 0, 0
	for _, r := range s {
		if r == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// oneLine replaces line breaks and tabs with spaces.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
}
