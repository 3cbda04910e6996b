package mycnf

import "fmt"

// ParseError describes a problem in an option file, at a line when Line > 0.
// It is used for errors and for warnings (File.Warnings).
type ParseError struct {
	File string // path of the file as it was opened
	Line int    // 1-based line number; 0 when the problem is not on one line
	Msg  string // what is wrong, without the position
	Err  error  // underlying error, if any (for errors.Is and errors.As)
}

// Error returns "file:line: msg", or "file: msg" when there is no line.
func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

func errorAt(file string, line int, format string, args ...any) *ParseError {
	return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}
