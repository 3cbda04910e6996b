package varfile

import (
	"fmt"
	"regexp"
	"strings"
)

// verticalParser reads \G output:
//
//	*************************** 1. row ***************************
//	Variable_name: autocommit
//	        Value: ON
//
// A value with a newline continues on the following lines, up to the next
// row separator or a line such as "2 rows in set".
type verticalParser struct {
	vars collector
	row  verticalRow
}

// verticalRow is the row being read.
type verticalRow struct {
	line              int // line of the row separator; 0 before the first row
	name              string
	value             []string // the lines of the value
	hasName, hasValue bool
	valueOpen         bool // the value may continue on the next line
	pendingBlankLines int  // blank lines seen while the value was open
}

var rowSeparator = regexp.MustCompile(`^\*+ \d+\. row \*+$`)

// isRowSeparator reports a line such as "***** 1. row *****".
func isRowSeparator(text string) bool { return rowSeparator.MatchString(strings.TrimRight(text, " ")) }

func (p *verticalParser) line(n int, text string) error {
	switch {
	case isRowSeparator(text):
		if err := p.flush(); err != nil {
			return err
		}
		p.row = verticalRow{line: n}
		return nil
	case p.row.valueOpen:
		p.continueValue(text)
		return nil
	}
	field, value, ok := splitField(text)
	switch {
	case ok && field == "variable_name" && p.row.line > 0 && !p.row.hasName:
		p.row.name, p.row.hasName = value, true
	case ok && (field == "value" || field == "variable_value") && p.row.hasName && !p.row.hasValue:
		p.row.value, p.row.hasValue, p.row.valueOpen = []string{value}, true, true
	case isNoise(text):
	default:
		return fmt.Errorf("expected \"Variable_name: name\" then \"Value: value\" after a \"*** 1. row ***\" line, found %q", abbreviate(text))
	}
	return nil
}

// continueValue adds a line to a value that spans lines, unless the line
// ends the output of the statement. Blank lines are kept only when more of
// the value follows them.
func (p *verticalParser) continueValue(text string) {
	switch {
	case isTrailer(text):
		p.row.valueOpen = false
	case strings.TrimSpace(text) == "":
		p.row.pendingBlankLines++
	default:
		for ; p.row.pendingBlankLines > 0; p.row.pendingBlankLines-- {
			p.row.value = append(p.row.value, "")
		}
		p.row.value = append(p.row.value, text)
	}
}

// splitField splits "   Field: value" into the lower-cased field name and
// the value.
func splitField(text string) (field, value string, ok bool) {
	field, value, ok = strings.Cut(strings.TrimLeft(text, " "), ":")
	if !ok {
		return "", "", false
	}
	return strings.ToLower(field), strings.TrimPrefix(value, " "), true
}

func (p *verticalParser) finish() error { return p.flush() }

// flush records the current row, which must have both fields.
func (p *verticalParser) flush() error {
	row := p.row
	if row.line == 0 {
		return nil
	}
	p.row = verticalRow{}
	if !row.hasName || !row.hasValue {
		return &ParseError{Line: row.line, Msg: "row without both a Variable_name and a Value field"}
	}
	if err := p.vars.add(row.name, strings.Join(row.value, "\n")); err != nil {
		return &ParseError{Line: row.line, Msg: err.Error(), Err: err}
	}
	return nil
}
