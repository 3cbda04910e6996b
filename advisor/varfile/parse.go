package varfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxLineLength bounds one line of input. Table output is as wide as the
// longest value, which stays far below this.
const maxLineLength = 16 << 20

// ParseError describes a line of input that cannot be understood.
type ParseError struct {
	File string // the file, when read by ParseFile
	Line int    // 1-based line number; 0 when the problem is not on one line
	Msg  string // what is wrong, without the position
	Err  error  // underlying error, if any
}

// Error returns "file:line: msg", or "line N: msg" without a file, leaving
// out what is unknown.
func (e *ParseError) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	default:
		return e.Msg
	}
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

// ParseFile reads saved SHOW GLOBAL VARIABLES or SHOW GLOBAL STATUS output
// in batch, table or vertical form (see the package documentation) from the
// file at path and returns the values by lower-cased variable name. Errors
// are *ParseError values with the file and the line at fault.
func ParseFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &ParseError{File: path, Msg: "cannot open: " + describeOpenError(err), Err: err}
	}
	defer f.Close()
	vars, err := parse(f)
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.File = path
	}
	return vars, err
}

// formatParser consumes the lines of one output form.
type formatParser interface {
	// line consumes line number n; its error has no position.
	line(n int, text string) error
	// finish is called after the last line; its error has no position
	// unless it is a *ParseError.
	finish() error
}

func parse(r io.Reader) (map[string]string, error) {
	vars := collector{}
	var p formatParser
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLineLength)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if p == nil {
			if isNoise(text) {
				continue
			}
			var err error
			if p, err = detectFormat(text, vars); err != nil {
				return nil, &ParseError{Line: n, Msg: err.Error(), Err: err}
			}
		}
		if err := p.line(n, text); err != nil {
			return nil, positioned(n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, readError(n+1, err)
	}
	if p == nil {
		return nil, &ParseError{Msg: "no SHOW VARIABLES or SHOW STATUS output found"}
	}
	if err := p.finish(); err != nil {
		return nil, positioned(n, err)
	}
	return vars, nil
}

// positioned turns err into a *ParseError at line n, unless it already is
// one with its own line.
func positioned(n int, err error) *ParseError {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe
	}
	return &ParseError{Line: n, Msg: err.Error(), Err: err}
}

func readError(n int, err error) *ParseError {
	if errors.Is(err, bufio.ErrTooLong) {
		return &ParseError{Line: n, Msg: fmt.Sprintf("line longer than %d bytes", maxLineLength), Err: err}
	}
	return &ParseError{Msg: "read failed: " + err.Error(), Err: err}
}

// detectFormat chooses the parser for the output whose first meaningful line
// is text.
func detectFormat(text string, vars collector) (formatParser, error) {
	switch {
	case isTableBorder(text):
		return &tableParser{vars: vars}, nil
	case isRowSeparator(text):
		return &verticalParser{vars: vars}, nil
	case strings.Contains(text, "\t"):
		return &batchParser{vars: vars}, nil
	default:
		return nil, fmt.Errorf("not SHOW VARIABLES or SHOW STATUS output: expected tab-separated lines (mysql -B), a table starting with +---+ (mysql -t) or rows of \\G output, found %q", abbreviate(text))
	}
}

// collector holds the variables found so far.
type collector map[string]string

// add records one variable, skipping a header row. Its error has no
// position.
func (c collector) add(name, value string) error {
	name = strings.Trim(name, " ")
	if isHeader(name, value) {
		return nil
	}
	if err := checkName(name); err != nil {
		return err
	}
	c[strings.ToLower(name)] = value
	return nil
}

// isHeader reports a column header row: Variable_name/Value from SHOW, or
// VARIABLE_NAME/VARIABLE_VALUE from the information_schema and
// performance_schema tables.
func isHeader(name, value string) bool {
	return strings.EqualFold(name, "Variable_name") &&
		(strings.EqualFold(value, "Value") || strings.EqualFold(value, "Variable_value"))
}

// checkName accepts names of printable ASCII without blanks: letters, digits,
// '_', and the '.' of component variables such as validate_password.length.
func checkName(name string) error {
	if name == "" {
		return errors.New("empty variable name")
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c <= ' ' || c > '~' {
			return fmt.Errorf("invalid variable name %q: variable names have no blanks, control or non-ASCII characters", abbreviate(name))
		}
	}
	return nil
}

// abbreviate shortens s for an error message.
func abbreviate(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}

func describeOpenError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
