package varfile

import (
	"fmt"
	"strings"
)

// tableParser reads boxed output:
//
//	+---------------+-------+
//	| Variable_name | Value |
//	+---------------+-------+
//	| autocommit    | ON    |
//	+---------------+-------+
//
// A value with a newline continues on the following lines, which do not
// start with '|'; so a row is complete only when the next row, a border or
// the end of input comes.
type tableParser struct {
	vars collector
	// nameWidth is the width of the name column, from the last border.
	nameWidth int
	// sawBorder reports whether a border has been read.
	sawBorder bool
	// pending is the row being read, if any.
	pending *tableRow
}

// tableRow is a row whose value may continue on the next lines.
type tableRow struct {
	line int
	name string
	// rest holds the text after the name column: the value, padding and
	// the closing "|", one element per line when the value spans lines.
	rest []string
}

func (p *tableParser) line(n int, text string) error {
	switch {
	case isTableBorder(text):
		if err := p.flush(); err != nil {
			return err
		}
		return p.readBorder(text)
	case strings.HasPrefix(text, "|"):
		if err := p.flush(); err != nil {
			return err
		}
		return p.startRow(n, text)
	case p.pending != nil:
		p.pending.rest = append(p.pending.rest, text)
		return nil
	case isNoise(text):
		return nil
	default:
		return fmt.Errorf("expected a table row starting with '|' or a border starting with '+', found %q", abbreviate(text))
	}
}

func (p *tableParser) finish() error { return p.flush() }

// isTableBorder reports a line such as "+-------+-----+".
func isTableBorder(text string) bool {
	t := strings.TrimRight(text, " ")
	if len(t) < 3 || t[0] != '+' || t[len(t)-1] != '+' || t[1] != '-' {
		return false
	}
	return strings.Trim(t, "+-") == ""
}

// readBorder takes the column widths from a border line.
func (p *tableParser) readBorder(text string) error {
	cells := strings.Split(strings.Trim(strings.TrimRight(text, " "), "+"), "+")
	if len(cells) != 2 {
		return fmt.Errorf("table with %d columns; expected two, Variable_name and Value", len(cells))
	}
	for _, c := range cells {
		if len(c) < 2 {
			return fmt.Errorf("malformed table border %q", abbreviate(text))
		}
	}
	p.nameWidth, p.sawBorder = len(cells[0])-2, true
	return nil
}

// startRow reads the name column of "| name | value |" and keeps the rest
// pending until the row is known to be complete.
func (p *tableParser) startRow(n int, text string) error {
	if !p.sawBorder {
		return fmt.Errorf("table row before the table's top border")
	}
	name, rest, ok := p.splitRow(text)
	if !ok {
		return fmt.Errorf("table row without the '|' between name and value: %q", abbreviate(text))
	}
	p.pending = &tableRow{line: n, name: name, rest: []string{rest}}
	return nil
}

// splitRow cuts a row into name and the rest, at the column boundary the
// border gives; if the row does not fit it (a hand-edited file), at the
// first '|' after the opening one.
func (p *tableParser) splitRow(text string) (name, rest string, ok bool) {
	w := p.nameWidth
	if len(text) >= w+5 && text[:2] == "| " && text[w+2:w+5] == " | " {
		return text[2 : w+2], text[w+5:], true
	}
	name, rest, ok = strings.Cut(text[1:], "|")
	return name, strings.TrimPrefix(rest, " "), ok
}

// flush records the pending row, whose text must end with the closing '|'.
func (p *tableParser) flush() error {
	row := p.pending
	if row == nil {
		return nil
	}
	p.pending = nil
	body := strings.TrimRight(strings.Join(row.rest, "\n"), " ")
	if !strings.HasSuffix(body, "|") {
		return &ParseError{Line: row.line, Msg: fmt.Sprintf("table row for %q does not end with '|'", abbreviate(strings.TrimSpace(row.name)))}
	}
	value := strings.TrimRight(strings.TrimSuffix(body, "|"), " ")
	if err := p.vars.add(row.name, value); err != nil {
		return &ParseError{Line: row.line, Msg: err.Error(), Err: err}
	}
	return nil
}
